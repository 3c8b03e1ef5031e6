// Concurrency of the ledger. With DATABASE_URL the Database is a pg Pool of 10, so the calls below run on
// separate connections at once; on PGlite they run serialised and must give the same answers.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { InsufficientFunds, type TransferResult } from './service.ts';
import { fundedLedgerPlayer, useLedgerDatabase } from './testing.ts';

const t = useLedgerDatabase();

const fundedPlayer = (amount: number) => fundedLedgerPlayer(t, amount);

const balance = async (id: number) => (await t.ledger.account(id))!.balance;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(((await t.database.db.execute(query)) as unknown as { rows: { n: unknown }[] }).rows[0]!.n);
}

it('lets exactly one of 200 concurrent withdrawals of the whole balance succeed', async () => {
  const p = await fundedPlayer(10_000);
  const prefix = `withdraw-${randomBytes(4).toString('hex')}`;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 200 }, (_, i) =>
      t.ledger.transfer({
        idempotencyKey: `${prefix}-${i}`,
        type: 'withdrawal_hold',
        entries: [
          { accountId: p.cash.id, amount: -10_000 },
          { accountId: p.withdrawal_hold.id, amount: 10_000 },
        ],
      }),
    ),
  );
  const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  expect(succeeded).toHaveLength(1);
  expect(refused).toHaveLength(199);
  for (const o of refused) expect(o.reason).toBeInstanceOf(InsufficientFunds);
  expect(await balance(p.cash.id)).toBe(0);
  expect(await balance(p.withdrawal_hold.id)).toBe(10_000);
  expect(await count(sql`select count(*) as n from ledger_journals where idempotency_key like ${`${prefix}-%`}`)).toBe(1);
}, 60_000);

it('gives 100 concurrent transfers with one idempotency key exactly one effect', async () => {
  const p = await fundedPlayer(10_000);
  const key = `same-${randomBytes(8).toString('hex')}`;
  const outcomes = await Promise.allSettled(
    Array.from({ length: 100 }, () =>
      t.ledger.transfer({
        idempotencyKey: key,
        type: 'bet',
        referenceId: 'round-42',
        entries: [
          { accountId: p.cash.id, amount: -2_500 },
          { accountId: p.game.id, amount: 2_500 },
        ],
      }),
    ),
  );
  const results = outcomes.map((o) => {
    if (o.status === 'rejected') throw o.reason;
    return o.value;
  }) as TransferResult[];
  expect(results.filter((r) => !r.replayed)).toHaveLength(1);
  expect(new Set(results.map((r) => r.id)).size).toBe(1);
  for (const r of results)
    expect(r.entries).toEqual([
      { accountId: p.cash.id, amount: -2_500 },
      { accountId: p.game.id, amount: 2_500 },
    ]);
  expect(await balance(p.cash.id)).toBe(7_500);
  expect(await count(sql`select count(*) as n from ledger_journals where idempotency_key = ${key}`)).toBe(1);
  expect(await count(sql`select count(*) as n from ledger_entries where account_id = ${p.cash.id}`)).toBe(2);
}, 60_000);

it('does not deadlock when concurrent transfers touch the same accounts in opposite orders', async () => {
  const a = await fundedPlayer(1_000_000);
  const b = await fundedPlayer(1_000_000);
  const prefix = `cross-${randomBytes(4).toString('hex')}`;
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      // Three accounts per transfer, listed in varying orders; the service locks them in id order.
      const entries = [
        { accountId: from.cash.id, amount: -300 },
        { accountId: to.cash.id, amount: 200 },
        { accountId: from.game.id, amount: 100 },
      ];
      return t.ledger.transfer({ idempotencyKey: `${prefix}-${i}`, type: 'adjustment', entries: i % 3 === 0 ? entries.reverse() : entries });
    }),
  );
  expect(results).toHaveLength(100);
  // 50 each way: each player pays 50 × 300 and receives 50 × 200.
  expect(await balance(a.cash.id)).toBe(1_000_000 - 5_000);
  expect(await balance(b.cash.id)).toBe(1_000_000 - 5_000);
}, 60_000);
