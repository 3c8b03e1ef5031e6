// HTTP benchmark against the production build (issue: foundation).
//   1. GET /api/settings/get throughput as a ratio to a bare node:http server answering the same body.
//   2. SSR throughput of / (req/s and p99 latency).
// Each server runs in its own process; the load generator (autocannon) runs here. The machine is shared and noisy:
// after a warm-up of each server, bare and settings are measured in alternating rounds (as bench:ledger does), so
// load that comes and goes falls on both alike, and the ratio is of their totals. Each server's CPU time per
// request (Linux: /proc) is printed too, a figure that other load on the machine moves much less than throughput.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startProductionServer, waitUntilUp } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ssrConnections = Number(process.env.BENCH_SSR_CONNECTIONS ?? 10);

type Run = { requests: number; seconds: number; p50: number; p99: number; errors: number; timeouts: number; cpuMs: number | undefined };

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
/** User and system CPU time of a process so far, in ms (undefined where there is no /proc). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

async function load(url: string, duration: number, pid: number | undefined, clients = connections): Promise<Run> {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({ url, connections: clients, duration, pipelining: 1 });
  const cpuAfter = cpuMsOf(pid);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

/** The rounds of one server summed: its rate over all of them, the median p50, the worst p99. */
function total(runs: Run[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const cpuMs = runs.every((run) => run.cpuMs !== undefined) ? runs.reduce((sum, run) => sum + run.cpuMs!, 0) : undefined;
  const p50s = runs.map((run) => run.p50).sort((a, b) => a - b);
  return {
    rps: requests / runs.reduce((sum, run) => sum + run.seconds, 0),
    rounds: runs.map((run) => Math.round(run.requests / run.seconds)),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    cpuUs: cpuMs === undefined ? undefined : (cpuMs * 1000) / requests,
  };
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
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const settingsUrl = `http://127.0.0.1:${appPort}/api/settings/get`;
    console.log(
      `${connections} connections (SSR ${ssrConnections}), ${seconds} s per measurement in ${rounds} alternating rounds, after a ${warmUpSeconds} s warm-up of each\n`,
    );
    await load(bareUrl, warmUpSeconds, bare.pid);
    await load(settingsUrl, warmUpSeconds, app.pid);
    const bareRuns: Run[] = [];
    const settingsRuns: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      bareRuns.push(await load(bareUrl, seconds / rounds, bare.pid));
      settingsRuns.push(await load(settingsUrl, seconds / rounds, app.pid));
    }
    // Rendering is CPU-bound on one core; more clients than this only queue.
    const ssr = total([await load(`http://127.0.0.1:${appPort}/`, seconds, app.pid, ssrConnections)]);
    const bareTotal = total(bareRuns);
    const settingsTotal = total(settingsRuns);
    const row = (name: string, r: ReturnType<typeof total>) =>
      console.log(
        `${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ` +
          `CPU ${r.cpuUs === undefined ? '?' : r.cpuUs.toFixed(0)} µs/request   errors ${r.errors} (timeouts ${r.timeouts})` +
          (r.rounds.length > 1 ? `   rounds ${r.rounds.join(' ')}` : ''),
      );
    row('bare node:http', bareTotal);
    row('GET /api/settings/get', settingsTotal);
    row(`SSR GET / (${ssrConnections} connections)`, ssr);
    console.log(`\nsettings / bare ratio: ${(settingsTotal.rps / bareTotal.rps).toFixed(2)} (goal >= 0.6)`);
    if (bareTotal.cpuUs !== undefined && settingsTotal.cpuUs !== undefined)
      console.log(`CPU per request, bare / settings: ${(bareTotal.cpuUs / settingsTotal.cpuUs).toFixed(2)}`);
  } finally {
    bare.kill();
  }
} finally {
  await app.stop();
}
