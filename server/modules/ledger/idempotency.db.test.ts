// The ledger's idempotency and its one transfer statement (split from service.db.test.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IdempotencyConflict, requestHash, TRANSFER_STATEMENT } from './service.ts';
import { journalCount as countJournals, fundedLedgerPlayer, ledgerBalance, testKey as key, useLedgerDatabase } from './testing.ts';

const t = useLedgerDatabase();

const fundedPlayer = (amount: number, currency = 'EUR') => fundedLedgerPlayer(t, amount, currency);
const balanceOf = (accountId: number) => ledgerBalance(t, accountId);
const journalCount = () => countJournals(t);

describe('idempotency', () => {
  it('returns the first result on a replay with the same body and moves nothing', async () => {
    const p = await fundedPlayer(1_000);
    const k = key();
    const request = {
      idempotencyKey: k,
      type: 'bet' as const,
      referenceId: 'r',
      entries: [
        { accountId: p.cash.id, amount: -100 },
        { accountId: p.game.id, amount: 100 },
      ],
    };
    const first = await t.ledger.transfer(request);
    const journalsAfterFirst = await journalCount();
    const second = await t.ledger.transfer({ ...request, metadata: { note: 'metadata is not part of the body' } });
    expect(second.replayed).toBe(true);
    expect(second.id).toBe(first.id);
    expect(second.entries).toEqual(first.entries);
    expect(second.createdAt.getTime()).toBe(first.createdAt.getTime());
    expect(await balanceOf(p.cash.id)).toBe(900);
    expect(await journalCount()).toBe(journalsAfterFirst);
  });

  it('throws IdempotencyConflict for the same key with a different body and moves nothing', async () => {
    const p = await fundedPlayer(1_000);
    const k = key();
    await t.ledger.transfer({
      idempotencyKey: k,
      type: 'bet',
      entries: [
        { accountId: p.cash.id, amount: -100 },
        { accountId: p.game.id, amount: 100 },
      ],
    });
    const variants = [
      {
        type: 'bet' as const,
        entries: [
          { accountId: p.cash.id, amount: -200 },
          { accountId: p.game.id, amount: 200 },
        ],
      },
      {
        type: 'adjustment' as const,
        entries: [
          { accountId: p.cash.id, amount: -100 },
          { accountId: p.game.id, amount: 100 },
        ],
      },
      {
        type: 'bet' as const,
        referenceId: 'other',
        entries: [
          { accountId: p.cash.id, amount: -100 },
          { accountId: p.game.id, amount: 100 },
        ],
      },
    ];
    for (const variant of variants) {
      await expect(t.ledger.transfer({ idempotencyKey: k, ...variant })).rejects.toBeInstanceOf(IdempotencyConflict);
    }
    expect(await balanceOf(p.cash.id)).toBe(900);
  });

  it('hashes requests stably', () => {
    const body = {
      type: 'win' as const,
      referenceId: 'x',
      entries: [
        { accountId: 1, amount: -5 },
        { accountId: 2, amount: 5 },
      ],
    };
    expect(requestHash(body)).toBe(requestHash({ ...body, entries: body.entries.map((e) => ({ amount: e.amount, accountId: e.accountId })) }));
    expect(requestHash(body)).not.toBe(requestHash({ ...body, referenceId: null }));
    expect(requestHash({ ...body, referenceId: undefined })).toBe(requestHash({ ...body, referenceId: null }));
  });
});

describe('the transfer statement', () => {
  it('reaches the accounts it moves by their index even under a generic plan', async () => {
    const { cash, game } = await fundedPlayer(100);
    const ids = [cash.id, game.id].sort((a, b) => a - b).join(',');
    const amounts = cash.id < game.id ? '-1,1' : '1,-1';
    // After five executions PostgreSQL may plan a prepared statement without its parameters; such a plan once
    // hash-joined a sequential scan of every account. EXPLAIN alone plans without running the transfer.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare ledger_plan_check (text, text, text, text, text, bigint[], bigint[], bigint[], bigint[]) as ${TRANSFER_STATEMENT}`));
      const explained = (await tx.execute(
        sql.raw(`explain execute ledger_plan_check ('bet', '${key()}', 'hash', null, '{}', '{${ids}}', '{${amounts}}', '{${ids}}', '{${amounts}}')`),
      )) as unknown as { rows: Record<string, string>[] };
      await tx.execute(sql.raw('deallocate ledger_plan_check'));
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    const update = plan.slice(plan.indexOf('CTE updated'), plan.indexOf('CTE inserted'));
    expect(update).toContain('Update on ledger_accounts a');
    expect(update).toContain('Index Cond: (id = ANY ($6))');
    expect(update).not.toContain('Seq Scan');
  });
});
