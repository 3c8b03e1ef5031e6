import { describe, expect, it } from 'vitest';
import { InsufficientFunds } from './service.ts';
import { journalCount as countJournals, fundedLedgerPlayer, ledgerBalance, testKey as key, useLedgerDatabase } from './testing.ts';

const t = useLedgerDatabase();

const fundedPlayer = (amount: number, currency = 'EUR') => fundedLedgerPlayer(t, amount, currency);
const balanceOf = (accountId: number) => ledgerBalance(t, accountId);
const journalCount = () => countJournals(t);

describe("a transfer inside a caller's transaction (issue 17 §10)", () => {
  it('tells each account its balance after the transfer, and a replay tells none', async () => {
    const p = await fundedPlayer(10_00);
    const gameBefore = await balanceOf(p.game.id);
    const request = {
      idempotencyKey: key(),
      type: 'bet' as const,
      entries: [
        { accountId: p.cash.id, amount: -2_50 },
        { accountId: p.game.id, amount: 2_50 },
      ],
    };
    const moved = await t.ledger.transfer(request);
    expect(new Map(moved.balances!.map((b) => [b.accountId, b.balance]))).toEqual(
      new Map([
        [p.cash.id, 7_50],
        [p.game.id, gameBefore + 2_50],
      ]),
    );
    const replayed = await t.ledger.transfer(request);
    expect(replayed).toMatchObject({ replayed: true, id: moved.id });
    expect(replayed.balances).toBeUndefined();
  });

  it('commits with the transaction it runs in, or not at all', async () => {
    const p = await fundedPlayer(10_00);
    const journalsBefore = await journalCount();
    const bet = (amount: number) => ({
      idempotencyKey: key(),
      type: 'bet' as const,
      entries: [
        { accountId: p.cash.id, amount: -amount },
        { accountId: p.game.id, amount },
      ],
    });
    const win = (amount: number) => ({
      idempotencyKey: key(),
      type: 'win' as const,
      entries: [
        { accountId: p.game.id, amount: -amount },
        { accountId: p.cash.id, amount },
      ],
    });
    // Rolled back after both ran: neither journal, nor any balance change, is kept.
    await expect(
      t.ledger.transfer(bet(3_00), {
        within: async (tx) => {
          const won = await t.ledger.transfer(win(5_00), { in: tx });
          expect(won.balances!.find((b) => b.accountId === p.cash.id)!.balance).toBe(12_00);
          throw new Error('the round failed');
        },
      }),
    ).rejects.toThrow('the round failed');
    expect(await balanceOf(p.cash.id)).toBe(10_00);
    expect(await journalCount()).toBe(journalsBefore);

    // Committed: two journals, one commit.
    const winRequest = win(5_00);
    let inner: Awaited<ReturnType<typeof t.ledger.transfer>> | undefined;
    await t.ledger.transfer(bet(3_00), {
      within: async (tx) => {
        inner = await t.ledger.transfer(winRequest, { in: tx });
      },
    });
    expect(inner).toMatchObject({ replayed: false, type: 'win' });
    expect(await balanceOf(p.cash.id)).toBe(12_00);
    expect(await journalCount()).toBe(journalsBefore + 2);
    // The inner journal's key is taken like any other: the same request replays it.
    expect(await t.ledger.transfer(winRequest)).toMatchObject({ replayed: true, id: inner!.id });
  });

  it('refuses an overdraft inside the transaction and the whole transaction is undone', async () => {
    const p = await fundedPlayer(1_00);
    const journalsBefore = await journalCount();
    await expect(
      t.ledger.transfer(
        {
          idempotencyKey: key(),
          type: 'bet',
          entries: [
            { accountId: p.cash.id, amount: -50 },
            { accountId: p.game.id, amount: 50 },
          ],
        },
        {
          within: (tx) =>
            t.ledger
              .transfer(
                {
                  idempotencyKey: key(),
                  type: 'bet',
                  entries: [
                    { accountId: p.cash.id, amount: -60 },
                    { accountId: p.game.id, amount: 60 },
                  ],
                },
                { in: tx },
              )
              .then(() => undefined),
        },
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(p.cash.id)).toBe(1_00);
    expect(await journalCount()).toBe(journalsBefore);
  });
});
