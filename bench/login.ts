// Login benchmark (issue 4): POST /api/login throughput and p99 latency at 50 concurrent clients, as a
// ratio to the raw argon2id verification rate measured in the same run with the same parameters and
// concurrency. The ratio says how much the rest of the path (HTTP, JSON, rate limits, database, token)
// costs on top of hashing, which dominates by design.
//   node bench/login.ts            (BENCH_SECONDS, BENCH_CONNECTIONS to change the run)
import { benchRegistration } from './support/bench-player.ts';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import { startProductionServer } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const players = 50;
const password = 'Lucky#Seven77';
const port = 3911;
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** argon2id verifications with `concurrency` in flight for `seconds`, as the server runs them. */
async function rawVerifyRate(): Promise<{ rps: number; p99: number }> {
  const { memoryKib, timeCost } = loadConfig({}).argon2;
  const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: memoryKib, timeCost, parallelism: 1 });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        if (!(await argon2.verify(hash, password))) throw new Error('verification failed');
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p99: percentile(latencies, 99) };
}

// Production hashing; loopback allowlisted so the per-IP login limit does not cut the run short.
const server = await startProductionServer(port, { RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
try {
  const emails: string[] = [];
  for (let i = 0; i < players; i++) {
    const email = `bench-${i}@example.com`;
    const response = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchRegistration(email, password)),
    });
    if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
    emails.push(email);
  }
  console.log(`${connections} concurrent clients, ${seconds} s per measurement, argon2id ${JSON.stringify(loadConfig({}).argon2)}, ${players} players\n`);

  const rawBefore = await rawVerifyRate();
  let next = 0;
  const result = await autocannon({
    url: `${base}/api/login`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: emails[next++ % emails.length], password }) }),
      },
    ],
  });
  const rawAfter = await rawVerifyRate();
  if (result.non2xx > 0) throw new Error(`${result.non2xx} logins were not 2xx`);

  const raw = (rawBefore.rps + rawAfter.rps) / 2;
  const line = (name: string, rps: number, p99: number) =>
    console.log(`${name.padEnd(34)} ${rps.toFixed(1).padStart(8)} /s   p99 ${p99.toFixed(0).padStart(5)} ms`);
  line('raw argon2id verify (before)', rawBefore.rps, rawBefore.p99);
  line('POST /api/login', result.requests.average, result.latency.p99);
  line('raw argon2id verify (after)', rawAfter.rps, rawAfter.p99);
  console.log(`\nlogin / raw verify ratio: ${(result.requests.average / raw).toFixed(2)} (1.00 = the path costs nothing beyond hashing)`);
  console.log(`login p99 / raw verify p99: ${(result.latency.p99 / ((rawBefore.p99 + rawAfter.p99) / 2)).toFixed(2)}`);
  console.log(`errors ${result.errors}, timeouts ${result.timeouts}, requests ${result.requests.total}`);
} finally {
  await server.stop();
}
