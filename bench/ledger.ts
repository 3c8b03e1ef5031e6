// Ledger benchmark (issue 5) on PostgreSQL: transfers per second through the real transfer path
// (createLedgerService().transfer: idempotency key, journal, conditional balance updates, entries) for
//   (a) many accounts: each transfer moves money between two random player cash accounts out of ACCOUNTS;
//   (b) one hot account: each transfer is a bet from a random player's cash into the one house game account;
// each as a ratio to a bare one-statement transaction (BEGIN; UPDATE ... SET balance = balance - x WHERE id = $1
// AND balance >= x; COMMIT) on a table of the same shape, with the same number of concurrent workers and the
// same pool size, measured in the same run. Needs DATABASE_URL (a server URL; a fresh database is created and
// dropped). After BENCH_WARMUP_SECONDS (default 5) of transfers and an ANALYZE, BENCH_SECONDS (default 10) per measurement, split over BENCH_ROUNDS (default 5) rounds that alternate
// bare and ledger, so load from elsewhere on the machine falls on both alike; BENCH_WORKERS (default 8),
// BENCH_ACCOUNTS (default 1000). At the end it prints, for every pooled connection, how many generic and custom
// plans PostgreSQL used for the transfer statement (pg_prepared_statements) and the generic plan's EXPLAIN, so a
// run says which plan it measured (issue 17 §11, docs/decisions/0074-ledger-plan-and-running-balances.md).
import { benchPerson } from './support/bench-player.ts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { type Database, openDatabase } from '../server/db/client.ts';
import { players } from '../server/modules/accounts/schema.ts';
import { createLedgerService, type LedgerAccount, TRANSFER_STATEMENT } from '../server/modules/ledger/service.ts';
import { throwawayDatabase } from './support/load.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:ledger needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const FUNDING = 1_000_000_000_000;

const database = await throwawayDatabase(serverUrl, 'croupier_bench_ledger');
const url = database.url;

/** Completed steps, wall seconds and Node CPU milliseconds, summed over the rounds of each measurement. */
const totals: Record<string, { done: number; wall: number; cpuMs: number }> = {};
/** Runs `step` in `workers` concurrent loops for `forSeconds` (one round's share), adding to the measurement's totals. */
async function measure(label: string, step: (worker: number, n: number) => Promise<void>, forSeconds = seconds / rounds): Promise<void> {
  const deadline = performance.now() + forSeconds * 1000;
  let done = 0;
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        await step(worker, n);
        done++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const total = (totals[label] ??= { done: 0, wall: 0, cpuMs: 0 });
  total.done += done;
  total.wall += (performance.now() - start) / 1000;
  total.cpuMs += (cpu.user + cpu.system) / 1000;
}
const rate = (label: string) => totals[label]!.done / totals[label]!.wall;

const random = (n: number) => Math.floor(Math.random() * n);

// openDatabase applies the migrations; the ledger then runs on a pool of the same size that the bench can reach,
// to ask each of its connections which plan its prepared transfer statement used.
const handle = await openDatabase({ driver: 'postgres', url: url });
await handle.close();
const pool = new pg.Pool({ connectionString: url, max: 10 });
const bare = new pg.Pool({ connectionString: url, max: 10 });
try {
  const db = drizzle({ client: pool }) as unknown as Database;
  const ledger = createLedgerService({ db });
  const clearing = await ledger.houseAccount('payment_clearing', 'EUR');
  const game = await ledger.houseAccount('game', 'EUR');

  console.log(`setting up ${accountCount} funded players…`);
  const playerIds = (
    await db
      .insert(players)
      .values(
        Array.from({ length: accountCount }, (_, i) => ({
          email: `bench-${i}@example.com`,
          passwordHash: 'x',
          ...benchPerson,
          phone: '+35699000000',
        })),
      )
      .returning({ id: players.id })
  ).map((r) => r.id);
  const cash: LedgerAccount[] = [];
  for (const playerId of playerIds) {
    const accounts = await ledger.ensurePlayerAccounts(playerId, 'EUR');
    await ledger.transfer({
      idempotencyKey: `bench-fund-${playerId}`,
      type: 'deposit',
      entries: [
        { accountId: clearing.id, amount: -FUNDING },
        { accountId: accounts.cash.id, amount: FUNDING },
      ],
    });
    cash.push(accounts.cash);
  }

  // The bare table: the same shape as ledger_accounts (columns, defaults, CHECKs, indexes), no ledger around it.
  await db.execute(sql.raw(`create table bench_bare_accounts (like ledger_accounts including all)`));
  await db.execute(sql.raw(`insert into bench_bare_accounts select * from ledger_accounts`));
  await db.execute(sql.raw(`analyze`));

  async function bareUpdate(accountId: number, amount: number) {
    const client = await bare.connect();
    try {
      await client.query('begin');
      const result = await client.query('update bench_bare_accounts set balance = balance - $2 where id = $1 and balance >= $2', [accountId, amount]);
      if (result.rowCount !== 1) throw new Error('bare update refused');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  const run = randomBytes(3).toString('hex');
  // A running casino's ledger has history and statistics that say so. Straight after setup the journal table holds
  // 200 rows, and PostgreSQL would plan (and each pooled connection cache) its foreign-key checks as sequential
  // scans until autovacuum's next ANALYZE, a minute later, long after these measurements. So the ledger first
  // writes some history, then the tables are analysed as autovacuum would.
  const warmUp = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
  console.log(`warming up: ${warmUp} s of ledger transfers, then ANALYZE`);
  await measure(
    'warm-up',
    (worker, n) => {
      const from = random(cash.length);
      return ledger
        .transfer({
          idempotencyKey: `bench-warm-${run}-${worker}-${n}`,
          type: 'adjustment',
          entries: [
            { accountId: cash[from]!.id, amount: -1 },
            { accountId: cash[(from + 1) % cash.length]!.id, amount: 1 },
          ],
        })
        .then(() => undefined);
    },
    warmUp,
  );
  await db.execute(sql.raw(`analyze`));
  console.log(`${workers} workers, ${seconds} s per measurement in ${rounds} alternating rounds, pools of 10 connections, ${accountCount} player accounts\n`);

  for (let round = 0; round < rounds; round++) {
    await measure('bare-many', () => bareUpdate(cash[random(cash.length)]!.id, 1 + random(100)));
    await measure('ledger-many', async (worker, n) => {
      const from = random(cash.length);
      const to = (from + 1 + random(cash.length - 1)) % cash.length;
      const amount = 1 + random(100);
      await ledger.transfer({
        idempotencyKey: `bench-a-${run}-${round}-${worker}-${n}`,
        type: 'adjustment',
        entries: [
          { accountId: cash[from]!.id, amount: -amount },
          { accountId: cash[to]!.id, amount },
        ],
      });
    });
    // The bare hot row is a funded one (the bare statement only debits).
    await measure('bare-hot', () => bareUpdate(cash[0]!.id, 1 + random(100)));
    await measure('ledger-hot', async (worker, n) => {
      const amount = 1 + random(100);
      await ledger.transfer({
        idempotencyKey: `bench-b-${run}-${round}-${worker}-${n}`,
        type: 'bet',
        entries: [
          { accountId: cash[random(cash.length)]!.id, amount: -amount },
          { accountId: game.id, amount },
        ],
      });
    });
  }

  const row = (text: string, label: string) =>
    console.log(`${text.padEnd(52)} ${rate(label).toFixed(0).padStart(7)} /s   node CPU ${(totals[label]!.cpuMs / totals[label]!.done).toFixed(3)} ms each`);
  row('(a) bare UPDATE transaction, random account', 'bare-many');
  row('(a) ledger transfer, random account pairs', 'ledger-many');
  row('(b) bare UPDATE transaction, one hot row', 'bare-hot');
  row('(b) ledger transfer, random cash -> one game account', 'ledger-hot');
  console.log(`\n(a) many accounts: ledger / bare = ${(rate('ledger-many') / rate('bare-many')).toFixed(2)} (goal >= 0.6)`);
  console.log(`(b) one hot account: ledger / bare = ${(rate('ledger-hot') / rate('bare-hot')).toFixed(2)}`);

  await reportPlans();

  // The run must have kept the books straight.
  const drift = (await db.execute(sql`
    select count(*)::int as n from (select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)) d`)) as unknown as { rows: { n: number }[] };
  if (Number(drift.rows[0]!.n) !== 0) throw new Error('cached balances drifted from their entries');
  // And every entry's running balance is the sum of its account's entries up to it.
  const running = (await db.execute(sql`
    select count(*)::int as n from (select balance_after, sum(amount) over (partition by account_id order by journal_id, position) as s
    from ledger_entries) e where balance_after is distinct from s`)) as unknown as { rows: { n: number }[] };
  if (Number(running.rows[0]!.n) !== 0) throw new Error('running balances on entries disagree with their sums');
} finally {
  await bare.end();
  await pool.end();
  await database.drop();
}

/**
 * Which plan the transfer statement ran with, per pooled connection (each prepares it once), and the generic plan
 * itself: EXPLAIN of the statement prepared with generic planning forced, for a two-account transfer.
 */
async function reportPlans(): Promise<void> {
  const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
  try {
    let generic = 0;
    let custom = 0;
    for (const client of clients) {
      const { rows } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
        `select name, generic_plans, custom_plans from pg_prepared_statements where name like 'ledger_transfer%'`,
      );
      for (const row of rows) {
        generic += Number(row.generic_plans);
        custom += Number(row.custom_plans);
      }
    }
    const client = clients[0]!;
    const fn = await client.query<{ proconfig: string[] | null }>(`select proconfig from pg_proc where proname = 'ledger_transfer'`);
    const forced = fn.rows[0]?.proconfig?.includes('plan_cache_mode=force_generic_plan') ?? false;
    console.log(
      `\ntransfer calls over ${clients.length} connections (pg_prepared_statements): ${generic} on the cached generic plan, ${custom} planned per call`,
    );
    console.log(
      forced
        ? 'the transfer statement inside ledger_transfer() runs with plan_cache_mode=force_generic_plan (pg_proc.proconfig): generic plan on every call'
        : "the transfer statement is left to PostgreSQL's plan choice (no forced plan)",
    );
    await client.query('begin');
    try {
      await client.query('set local plan_cache_mode = force_generic_plan');
      await client.query(`prepare bench_explain as ${TRANSFER_STATEMENT}`);
      const ids = [1, 2];
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain execute bench_explain('adjustment', 'bench-explain', 'x', null, '{}', '{${ids}}', '{-1,1}', '{${ids}}', '{-1,1}')`,
      );
      const lines = rows.map((r) => r['QUERY PLAN']);
      const scans = lines.filter((line) => /Scan/.test(line)).map((line) => `  ${line.trim()}`);
      console.log(`generic plan: ${lines[0]!.trim()}\n${scans.join('\n')}`);
    } finally {
      await client.query('rollback');
    }
  } finally {
    for (const client of clients) client.release();
  }
}
