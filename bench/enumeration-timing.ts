// Enumeration timing benchmark (issue 11): does POST /api/password/create or POST /api/magic-link answer a
// known e-mail address more slowly than an unknown one? For each endpoint, BENCH_REQUESTS (default 50)
// requests for known addresses and as many for unknown ones, in a shuffled order, each timed on its own
// through the whole in-process HTTP path (app.inject: rate limits, validation, service, serialisation), with a
// short pause between requests so one request's after-work does not land in the next one's time. Prints the
// median of each, the difference, and the known median as a ratio to the unknown one (the baseline).
// Every known address is used once: the per-address limit allows only 3 requests in 15 minutes.
//   node bench/enumeration-timing.ts      (embedded database; DATABASE_URL for PostgreSQL)
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { loadConfig } from '../server/config.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { buildApp } from '../server/http/app.ts';
import { uniqueEmail, validRegistration } from '../server/modules/accounts/testing.ts';
import { createServices } from '../server/services.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const warmup = 5;
const pauseMs = 25;

const config = loadConfig({ DATA_DIR: `test-results/bench-enumeration-${randomBytes(4).toString('hex')}`, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
const database = await openTestDatabase();
const services = createServices({ config, database });
await services.start();
const app = await buildApp({ services, rateLimitNamespace: `croupier-bench:${randomBytes(4).toString('hex')}:` });

let lastIp = 0;
const newIp = () => `10.${(++lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function registeredEmails(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = validRegistration();
    const response = await app.inject({ method: 'POST', url: '/api/register', payload: form, remoteAddress: newIp() });
    if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
    emails.push(form.email);
  }
  return emails;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function timed(url: string, email: string): Promise<{ ms: number; body: string }> {
  const remoteAddress = newIp();
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url, payload: { email }, remoteAddress });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { ms, body: response.body };
}

try {
  console.log(
    `${requests} known and ${requests} unknown addresses per endpoint, shuffled, ${pauseMs} ms apart, ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}\n`,
  );
  for (const url of ['/api/password/create', '/api/magic-link']) {
    const known = await registeredEmails(requests + warmup);
    const plan = shuffled([
      ...known.map((email) => ({ email, known: true })),
      ...Array.from({ length: requests + warmup }, () => ({ email: uniqueEmail('nobody'), known: false })),
    ]);
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    const seen = { known: 0, unknown: 0 };
    for (const step of plan) {
      const kind = step.known ? 'known' : 'unknown';
      const { ms, body } = await timed(url, step.email);
      bodies.add(body);
      if (++seen[kind] > warmup) times[kind].push(ms);
      await pause();
    }
    const knownMs = median(times.known);
    const unknownMs = median(times.unknown);
    console.log(url);
    console.log(`  median known   ${knownMs.toFixed(2).padStart(7)} ms`);
    console.log(`  median unknown ${unknownMs.toFixed(2).padStart(7)} ms   (baseline)`);
    console.log(`  difference     ${(knownMs - unknownMs).toFixed(2).padStart(7)} ms   ratio known/unknown ${(knownMs / unknownMs).toFixed(2)}`);
    console.log(`  distinct response bodies: ${bodies.size}\n`);
  }
} finally {
  await app.close();
  await database.close();
  await rm(config.dataDir, { recursive: true, force: true });
}
