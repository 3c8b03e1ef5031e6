import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { InsufficientFunds, TRANSFER_STATEMENT } from './service.ts';
import { fundedLedgerPlayer, testKey as key, useLedgerDatabase } from './testing.ts';

// Issue 17 §11 (decision 0074): each entry keeps the balance it left its account with, and the transfer runs inside
// ledger_transfer(), whose statement always keeps its generic plan.

const t = useLedgerDatabase();

const fundedPlayer = (amount: number) => fundedLedgerPlayer(t, amount);

const balanceOf = async (accountId: number) => (await t.ledger.account(accountId))!.balance;

describe('running balances', () => {
  it('stores on each entry the balance it left, an account named twice in one journal included', async () => {
    const p = await fundedPlayer(5_000);
    await t.ledger.transfer({
      idempotencyKey: key(),
      type: 'adjustment',
      entries: [
        { accountId: p.cash.id, amount: -700 },
        { accountId: p.game.id, amount: 700 },
        { accountId: p.cash.id, amount: 200 },
        { accountId: p.game.id, amount: -200 },
      ],
    });
    const statement = await t.ledger.entriesOf(p.cash.id);
    expect(statement.map((e) => [e.amount, e.balanceAfter])).toEqual([
      [5_000, 5_000],
      [-700, 4_300],
      [200, 4_500],
    ]);
    expect(statement.at(-1)!.balanceAfter).toBe(await balanceOf(p.cash.id));
    const game = await t.ledger.entriesOf(p.game.id);
    expect(game.at(-1)!.balanceAfter).toBe(await balanceOf(p.game.id));
  });

  it('locks and records an account whose entries cancel out, and writes nothing on a refusal', async () => {
    const p = await fundedPlayer(1_000);
    const q = await fundedPlayer(0);
    await t.ledger.transfer({
      idempotencyKey: key(),
      type: 'adjustment',
      entries: [
        { accountId: p.cash.id, amount: -300 },
        { accountId: q.cash.id, amount: 300 },
        { accountId: p.bonus.id, amount: 50 },
        { accountId: p.bonus.id, amount: -50 },
      ],
    });
    expect((await t.ledger.entriesOf(p.bonus.id)).map((e) => e.balanceAfter)).toEqual([50, 0]);
    expect((await t.ledger.entriesOf(q.cash.id)).map((e) => e.balanceAfter)).toEqual([300]);
    await expect(
      t.ledger.transfer({
        idempotencyKey: key(),
        type: 'bet',
        entries: [
          { accountId: q.cash.id, amount: -301 },
          { accountId: q.game.id, amount: 301 },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await t.ledger.entriesOf(q.cash.id)).toHaveLength(1);
  });

  it('runs the statement this module holds, inside a function that always keeps its generic plan', async () => {
    const result = (await t.database.db.execute(sql`select prosrc, proconfig from pg_proc where proname = 'ledger_transfer'`)) as unknown as {
      rows: { prosrc: string; proconfig: string[] | string }[];
    };
    const [fn] = result.rows;
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(squash(fn!.prosrc)).toBe(squash(`#variable_conflict use_column BEGIN RETURN QUERY ${TRANSFER_STATEMENT}; END`));
    expect(String(fn!.proconfig)).toContain('plan_cache_mode=force_generic_plan');
  });
});

describe('running balances over many transfers', () => {
  it('always equal the sum of the account entries up to and including each entry', async () => {
    const players = await Promise.all([fundedPlayer(10_000), fundedPlayer(10_000), fundedPlayer(10_000)]);
    for (let i = 0; i < 30; i++) {
      const from = players[i % 3]!;
      const to = players[(i + 1) % 3]!;
      const amount = 1 + ((i * 37) % 500);
      await t.ledger.transfer({
        idempotencyKey: key(),
        type: i % 2 ? 'bet' : 'adjustment',
        entries:
          i % 2
            ? [
                { accountId: from.cash.id, amount: -amount },
                { accountId: from.game.id, amount },
              ]
            : [
                { accountId: from.cash.id, amount: -amount },
                { accountId: to.cash.id, amount },
              ],
      });
    }
    // Only this test's player accounts: house accounts take entries from other suites sharing the database, whose
    // concurrent transfers commit out of journal order.
    const accounts = sql.join(
      players.map((p) => sql`${p.cash.id}`),
      sql`, `,
    );
    const result = (await t.database.db.execute(sql`
      select count(*)::int as n from (
        select balance_after, sum(amount) over (partition by account_id order by journal_id, position) as running from ledger_entries
        where account_id in (${accounts})
      ) e where balance_after <> running`)) as unknown as { rows: { n: number }[] };
    expect(Number(result.rows[0]!.n)).toBe(0);
    for (const p of players) expect((await t.ledger.entriesOf(p.cash.id)).at(-1)!.balanceAfter).toBe(await balanceOf(p.cash.id));
  });

  it('follow journal order on an account that many concurrent transfers credit and debit at once', async () => {
    // On PostgreSQL (CI) the pool runs these side by side: the journal's id must be drawn only once the transfer
    // holds its accounts, or a transfer that waited for the hot account commits under a smaller id than one applied
    // before it, and the running balances read in journal order jump about.
    const hot = await fundedPlayer(100_000);
    const payers = await Promise.all(Array.from({ length: 8 }, () => fundedPlayer(10_000)));
    await Promise.all(
      Array.from({ length: 64 }, (_, i) => {
        const payer = payers[i % payers.length]!;
        const amount = 1 + ((i * 53) % 400);
        const credit = i % 3 !== 0;
        return t.ledger.transfer({
          idempotencyKey: key(),
          type: 'adjustment',
          entries: [
            { accountId: credit ? payer.cash.id : hot.cash.id, amount: -amount },
            { accountId: credit ? hot.cash.id : payer.cash.id, amount },
          ],
        });
      }),
    );
    const entries = await t.ledger.entriesOf(hot.cash.id);
    expect(entries).toHaveLength(65);
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.balanceAfter).toBe(running);
    }
    expect(running).toBe(await balanceOf(hot.cash.id));
  });
});
