// Server rendering of the public pages (issue 28 §2): requests a second and latency of each page on one process of the
// production build, 10 connections, and the size of each page's HTML. Uncached: every request renders (no session
// cookie is sent, so it is a guest's page, but nothing caches whole pages here).
//   BENCH_ROOT=/path/to/another/checkout  measures that checkout's build instead (to compare two in one sitting).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { waitUntilUp } from './support/production-server.ts';

const root = process.env.BENCH_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_SSR_CONNECTIONS ?? 10);
const pages = (process.env.BENCH_PAGES ?? '/,/faq,/promotion,/slots,/play/lantern-orchard').split(',');
const port = 3931;

const dataDir = mkdtempSync(path.join(tmpdir(), 'croupier-bench-pages-'));
const server = spawn(process.execPath, ['server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ENV: 'production', REALTIME_PORT: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/api/health`, () => server.exitCode !== null);
  console.log(`${root}: ${connections} connections, ${seconds} s per page\n`);
  for (const page of pages) {
    const html = await (await fetch(`${base}${page}`, { headers: { 'accept-encoding': 'identity' } })).text();
    const result = await autocannon({ url: `${base}${page}`, connections, duration: seconds });
    if (result.non2xx > 0) throw new Error(`${page}: ${result.non2xx} answers were not 2xx`);
    console.log(
      `${page.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
