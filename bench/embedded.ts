// Embedded database off the event loop (issue 28 §5, decision 0098): the production build on the default embedded
// database, with PGlite in the server's event loop (EMBEDDED_DB=inline) and in a thread of its own (worker), in one
// run and on the same players:
//   (a) 30 players spinning a slot back to back: rounds a second, and p50/p99 of GET /api/settings/get and of a
//       guest page (/promotion) asked meanwhile, one at a time each;
//   (b) 250 players each spinning every 2.5 s (100 rounds a second offered): the rounds' p50/p99.
// The players (registered, activated, signed in, funded by a sandbox card deposit) are made once; each mode starts
// its server on a copy of that data directory and plays one warm-up round per player before measuring.
//   npm run bench:embedded
//   BENCH_SECONDS (default 15) per measurement; BENCH_MODES (default inline,worker) the modes, in order.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readyHttpPlayer } from './support/http-player.ts';
import { startProductionServer } from './support/production-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const modes = (process.env.BENCH_MODES ?? 'inline,worker').split(',');
const BUSY_PLAYERS = 30;
const PACED_PLAYERS = 250;
const PACE_MS = 2_500;
const FUNDS = 5_000_00;
const SPIN = JSON.stringify({ mode: 'real', stake: 20 });
// A port the system says is free: a server left on a fixed port would answer for ours.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
// Loopback allowlisted so the per-IP registration and login limits do not stop the setup; the sandbox gateway on
// (production leaves it off, decision 0022) so the players can fund themselves with a test card.
const serverEnv = { RATE_LIMIT_ALLOWLIST: '127.0.0.1', PAYMENTS_SANDBOX: 'true' };

type Latencies = { count: number; perSecond: number; p50: number; p99: number; errors: number };

function summary(latencies: number[], errors: number, elapsedMs: number): Latencies {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { count: latencies.length, perSecond: latencies.length / (elapsedMs / 1000), p50: at(50), p99: at(99), errors };
}

/** `step` in `loops` concurrent loops until `until`; each loop starts its next step when the last answered, or `paceMs` after it started. */
async function run(loops: number, until: number, step: (loop: number) => Promise<boolean>, paceMs = 0): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      let next = started + (paceMs * loop) / loops;
      while (performance.now() < until) {
        if (paceMs > 0) await sleep(Math.min(next, until) - performance.now());
        if (performance.now() >= until) break;
        const t0 = performance.now();
        next = t0 + paceMs;
        if (await step(loop)) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  return summary(latencies, errors, performance.now() - started);
}

const readyPlayer = async (dataDir: string, i: number) => (await readyHttpPlayer({ base, dataDir, label: `embedded-bench-${i}`, funds: FUNDS })).token;

/** One slot spin by the player with `token`; true when it was played. */
async function spin(token: string): Promise<boolean> {
  const response = await fetch(`${base}/api/games/lantern-orchard/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: SPIN,
  });
  await response.arrayBuffer();
  return response.status === 201;
}

/** GETs of `url` until `until`, one at a time with a short pause between: their latencies, as a visitor would see them. */
async function probe(url: string, until: number): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  while (performance.now() < until) {
    const t0 = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.ok) latencies.push(performance.now() - t0);
    else errors++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return summary(latencies, errors, performance.now() - started);
}

type ModeResult = { mode: string; startMs: number; busy: Latencies; settings: Latencies; page: Latencies; paced: Latencies };

async function measureMode(mode: string, template: string, tokens: string[]): Promise<ModeResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `croupier-bench-embedded-${mode}-`));
  cpSync(template, dataDir, { recursive: true });
  const started = performance.now();
  const server = await startProductionServer(port, { ...serverEnv, DATA_DIR: dataDir, EMBEDDED_DB: mode });
  const startMs = performance.now() - started;
  try {
    for (let i = 0; i < tokens.length; i += 25) await Promise.all(tokens.slice(i, i + 25).map(spin));
    // (a) Back to back, with the two probes asking meanwhile.
    const until = performance.now() + seconds * 1000;
    const [busy, settings, page] = await Promise.all([
      run(BUSY_PLAYERS, until, (loop) => spin(tokens[loop]!)),
      probe(`${base}/api/settings/get`, until),
      probe(`${base}/promotion`, until),
    ]);
    // (b) Paced: each player a spin every 2.5 s.
    const paced = await run(PACED_PLAYERS, performance.now() + seconds * 1000, (loop) => spin(tokens[loop]!), PACE_MS);
    return { mode, startMs, busy, settings, page, paced };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const template = mkdtempSync(path.join(tmpdir(), 'croupier-bench-embedded-'));
try {
  console.log(`setting up ${PACED_PLAYERS} activated players with ${FUNDS / 100} EUR each (register, activate, log in, card deposit)…`);
  const setup = await startProductionServer(port, { ...serverEnv, DATA_DIR: template });
  const tokens: string[] = [];
  try {
    for (let i = 0; i < PACED_PLAYERS; i += 10) tokens.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => readyPlayer(template, i + k)))));
  } finally {
    await setup.stop();
  }

  const results: ModeResult[] = [];
  for (const mode of modes) {
    console.log(`EMBEDDED_DB=${mode}: ${seconds} s per measurement…`);
    results.push(await measureMode(mode, template, tokens));
  }
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
  console.log(`\n(a) ${BUSY_PLAYERS} players spinning back to back; GET /api/settings/get and GET /promotion asked meanwhile, one at a time`);
  console.log(`(b) ${PACED_PLAYERS} players, a spin each every ${PACE_MS / 1000} s (${(PACED_PLAYERS / (PACE_MS / 1000)).toFixed(0)} rounds/s offered)\n`);
  console.log('mode     start    (a) rounds/s  p50      p99     | settings p50  p99    | /promotion p50  p99   | (b) rounds/s  p50     p99     | errors');
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(8)} ${ms(r.startMs)} ${r.busy.perSecond.toFixed(1).padStart(8)}  ${ms(r.busy.p50)} ${ms(r.busy.p99)} | ${ms(r.settings.p50)} ${ms(r.settings.p99)} | ${ms(r.page.p50)} ${ms(r.page.p99)} | ${r.paced.perSecond.toFixed(1).padStart(8)}  ${ms(r.paced.p50)} ${ms(r.paced.p99)} | ${r.busy.errors + r.settings.errors + r.page.errors + r.paced.errors}`,
    );
  }
} finally {
  rmSync(template, { recursive: true, force: true });
}
