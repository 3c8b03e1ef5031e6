// The guest page cache (decision 0097, issue 28 §3): requests a second and latency of a guest's page from the cache
// against the same page rendered per request, two production servers of the same build side by side (PAGE_CACHE on
// and off), 50 connections, rounds alternating between them so other load on the machine falls on both alike.
// Requests are a browser's: a person's user agent, `Accept-Encoding: br, gzip`, no cookie (the page cache's copy is
// brotli made once; the uncached server compresses each answer as it goes).
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=50  BENCH_ROUNDS=2  BENCH_PAGES=/,/faq
// Where others build in the same tree, run it under the build lock (flock /tmp/croupier-build.lock npm run …), so no
// build replaces build/ while the servers start.
import autocannon from 'autocannon';
import { type BenchServer, startProductionServer } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const pages = (process.env.BENCH_PAGES ?? '/').split(',');
const headers = {
  'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'accept-encoding': 'br, gzip',
};

const servers: Record<string, BenchServer> = {};
try {
  servers.cached = await startProductionServer(3941);
  servers.uncached = await startProductionServer(3942, { PAGE_CACHE: 'off' });
  console.log(`${connections} connections, ${seconds} s per measurement, ${rounds} rounds alternating\n`);
  for (const page of pages) {
    for (const [name, server] of Object.entries(servers)) {
      const probe = await fetch(`${server.url}${page}`, { headers });
      await probe.arrayBuffer();
      const state = probe.headers.get('x-page-cache') ?? 'none';
      console.log(`${page} ${name}: status ${probe.status}, X-Page-Cache ${state}, Content-Encoding ${probe.headers.get('content-encoding')}`);
      // Warm-up: the uncached server's read caches and JIT, the cached server's entry.
      await autocannon({ url: `${server.url}${page}`, connections: 10, duration: 2, headers });
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, server] of Object.entries(servers)) {
        const result = await autocannon({ url: `${server.url}${page}`, connections, duration: seconds, headers });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${page} ${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        console.log(
          `${page.padEnd(10)} round ${round} ${name.padEnd(9)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms`,
        );
      }
    }
  }
} finally {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
}
