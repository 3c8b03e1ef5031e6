// HTTP benchmark against the production build (issue: foundation).
//   1. GET /api/settings/get throughput as a ratio to a bare node:http server answering the same body.
//   2. SSR throughput of / (req/s and p99 latency).
// Each server runs in its own process; the load generator (autocannon) runs here. The machine is noisy,
// so the bare baseline is measured in the same run, before and after, and the ratio uses their mean.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { startProductionServer, waitUntilUp } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ssrConnections = Number(process.env.BENCH_SSR_CONNECTIONS ?? 10);

async function load(url: string, clients = connections) {
  const result = await autocannon({ url, connections: clients, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, timeouts: result.timeouts };
}

const appPort = 3901;
const barePort = 3902;
const app = await startProductionServer(appPort);
try {
  const body = await (await fetch(`http://127.0.0.1:${appPort}/api/settings/get`)).text();
  const bareSource = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); s.end(${JSON.stringify(body)}); }).listen(${barePort}, '127.0.0.1');`;
  const bare = spawn(process.execPath, ['-e', bareSource], { stdio: 'inherit' });
  try {
    await waitUntilUp(`http://127.0.0.1:${barePort}/`, () => bare.exitCode !== null);
    console.log(`${connections} connections (SSR ${ssrConnections}), ${seconds} s per measurement\n`);
    const bareBefore = await load(`http://127.0.0.1:${barePort}/`);
    const settings = await load(`http://127.0.0.1:${appPort}/api/settings/get`);
    const bareAfter = await load(`http://127.0.0.1:${barePort}/`);
    // Rendering is CPU-bound on one core; more clients than this only queue.
    const ssr = await load(`http://127.0.0.1:${appPort}/`, ssrConnections);
    const bareMean = (bareBefore.rps + bareAfter.rps) / 2;
    const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
      console.log(
        `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors} (timeouts ${r.timeouts})`,
      );
    row('bare node:http (before)', bareBefore);
    row('GET /api/settings/get', settings);
    row('bare node:http (after)', bareAfter);
    row(`SSR GET / (${ssrConnections} connections)`, ssr);
    console.log(`\nsettings / bare ratio: ${(settings.rps / bareMean).toFixed(2)} (goal >= 0.5)`);
  } finally {
    bare.kill();
  }
} finally {
  await app.stop();
}
