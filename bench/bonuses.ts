// Bonuses benchmark (issue 13): real-money slot rounds per second through the whole HTTP stack in process
// (app.inject: auth, validation, fair floats, the stake's funding, the bet and win transfers, the answer) for
// players with an active bonus (cash first, then bonus; wagering counted; the win split as the stake was paid)
// as a ratio to the same rounds for players without one, measured in the same run, alternating phases.
//   node bench/bonuses.ts                                 (embedded PGlite)
//   DATABASE_URL=postgres://… node bench/bonuses.ts       (that server; the schema is migrated first)
// BENCH_SECONDS (default 12) per side, BENCH_PLAYERS (default 20) concurrent players per side.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openTestDatabase } from '../server/db/test-database.ts';
import { seedDemoContent } from '../server/db/seed.ts';
import { buildApp } from '../server/http/app.ts';
import { players as playersTable } from '../server/modules/accounts/schema.ts';
import { createServices } from '../server/services.ts';
import { benchRegistration } from './support/bench-player.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 20);
const PHASES = 4;

const config = loadConfig({
  DATA_DIR: `test-results/bench-bonuses/${randomBytes(4).toString('hex')}`,
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_ALLOWLIST: '127.0.0.1',
  LOG_LEVEL: 'silent',
});
const database = await openTestDatabase();
await seedDemoContent(database.db);
const services = createServices({ config, database });
await services.start();
const app = await buildApp({ services });

const json = { 'content-type': 'application/json', accept: 'application/json' };

/** An activated, signed-in player with €5,000 of cash. */
async function readyPlayer(i: number): Promise<{ id: number; token: string }> {
  const form = benchRegistration(`bonus-bench-${i}-${randomBytes(3).toString('hex')}@example.com`, 'Lucky#Seven77');
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: json,
    payload: form,
    remoteAddress: `10.1.${i % 250}.${(i % 200) + 1}`,
  });
  if (registered.statusCode !== 201) throw new Error(`register ${registered.statusCode} ${registered.body}`);
  const id = Number(registered.json().data.id);
  await database.db.update(playersTable).set({ active: true }).where(eq(playersTable.id, id));
  const login = await app.inject({ method: 'POST', url: '/api/login', headers: json, payload: { email: form.email, password: form.password } });
  const { ledger } = services;
  const accounts = await ledger.ensurePlayerAccounts(id, config.defaultCurrency);
  const clearing = await ledger.houseAccount('payment_clearing', config.defaultCurrency);
  await ledger.transfer({
    idempotencyKey: `bench-funding:${randomUUID()}`,
    type: 'deposit',
    entries: [
      { accountId: clearing.id, amount: -5_000_00 },
      { accountId: accounts.cash.id, amount: 5_000_00 },
    ],
  });
  return { id, token: login.json().token as string };
}

// A large bonus with high wagering, so it stays active for the whole run and every round takes the bonus path.
await services.bonuses.createDefinition({
  slug: 'bench-bonus',
  title: 'Bench bonus',
  type: 'no_deposit',
  max_bonus: 1_000_00,
  wagering_multiplier: 10,
  visibility: 'hidden',
});
const withBonus = await Promise.all(Array.from({ length: playerCount }, (_, i) => readyPlayer(i)));
const without = await Promise.all(Array.from({ length: playerCount }, (_, i) => readyPlayer(1000 + i)));
for (const player of withBonus) await services.bonuses.grantByOperator(player.id, 'bench-bonus');

async function round(token: string): Promise<boolean> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/games/lantern-orchard/rounds',
    headers: { ...json, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: { mode: 'real', stake: 1_00 },
  });
  return response.statusCode === 201;
}

/** Rounds per second of `group`, one in flight per player, for `duration` seconds. */
async function measure(group: { token: string }[], duration: number): Promise<{ rounds: number; errors: number; elapsed: number }> {
  let rounds = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + duration * 1000;
  await Promise.all(
    group.map(async ({ token }) => {
      while (performance.now() < deadline) {
        if (await round(token)) rounds++;
        else errors++;
      }
    }),
  );
  return { rounds, errors, elapsed: (performance.now() - started) / 1000 };
}

// Warm-up of both paths, then alternating phases so drift on a shared machine falls on both sides alike.
await measure(withBonus, 1);
await measure(without, 1);
const totals = { bonus: { rounds: 0, errors: 0, elapsed: 0 }, plain: { rounds: 0, errors: 0, elapsed: 0 } };
for (let phase = 0; phase < PHASES; phase++) {
  const [first, second] = phase % 2 === 0 ? (['bonus', 'plain'] as const) : (['plain', 'bonus'] as const);
  for (const side of [first, second]) {
    const result = await measure(side === 'bonus' ? withBonus : without, seconds / PHASES);
    totals[side].rounds += result.rounds;
    totals[side].errors += result.errors;
    totals[side].elapsed += result.elapsed;
  }
}
const rate = (side: keyof typeof totals) => totals[side].rounds / totals[side].elapsed;
const bonuses = await Promise.all(withBonus.slice(0, 3).map((p) => services.bonuses.list(p.id)));
const stillActive = bonuses.every((list) => list[0]?.status === 'active' && list[0].wagered > 0);

console.log(`database: ${database.driver}, ${playerCount} players per side, ${seconds} s per side in ${PHASES} alternating phases`);
console.log(`rounds/s with an active bonus:    ${rate('bonus').toFixed(1)} (errors ${totals.bonus.errors})`);
console.log(`rounds/s without a bonus:         ${rate('plain').toFixed(1)} (errors ${totals.plain.errors})`);
console.log(`bonus path still active and wagering: ${stillActive}`);
console.log(`ratio (goal >= 0.8): ${(rate('bonus') / rate('plain')).toFixed(2)}`);

await app.close();
await services.close();
await database.close();
await rm(config.dataDir, { recursive: true, force: true });
