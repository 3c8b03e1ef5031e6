// The writes every path that moves a real round on shares: the player's own play and moves, recovery at start,
// and the sweep of untouched hands. Each is keyed or conditional, so any two of them racing leave the money exact.

import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { RoundFunding } from '../bonuses/funding.ts';
import type { LedgerService, LedgerTransaction } from '../ledger/service.ts';
import { gameRounds } from './schema.ts';

export type RoundRow = typeof gameRounds.$inferSelect;

/** The round changed between reading it and writing the move; nothing of the move is kept. */
export class RoundMoved extends Error {}

export type RoundSettlement = ReturnType<typeof createRoundSettlement>;

export function createRoundSettlement({
  db,
  ledger,
  currency,
  funding,
}: {
  db: Database;
  ledger: LedgerService;
  currency: string;
  /** Splits a win as its stake was paid (cash, bonus) while a bonus is active (bonuses module); all cash without it. */
  funding?: Pick<RoundFunding, 'fundWin'>;
}) {
  // Account ids never change once made, so each is looked up once per process.
  const cashAccounts = new Map<number, number>();

  async function accountsOf(playerId: number): Promise<{ cash: number; game: number }> {
    let cash = cashAccounts.get(playerId);
    if (cash === undefined) {
      cash = (await ledger.ensurePlayerAccounts(playerId, currency)).cash.id;
      if (cashAccounts.size >= 100_000) cashAccounts.clear();
      cashAccounts.set(playerId, cash);
    }
    // The player's own shard of the house's game account (decision 0091), so rounds of different players do not
    // queue on one row.
    return { cash, game: await ledger.houseGameAccountId(playerId, currency) };
  }

  /**
   * The round's win, game → cash, under the round's own key: however often it is asked for, it is paid once.
   * `quiet`: the player's own round announces the balance itself, once (rounds.ts); recovery lets the ledger do it.
   */
  async function creditWin(row: Pick<RoundRow, 'id' | 'playerId'>, win: number, within?: (tx: LedgerTransaction) => Promise<void>, quiet = false) {
    const accounts = await accountsOf(row.playerId);
    const paid = funding
      ? await funding.fundWin(row, win)
      : {
          entries: [
            { accountId: accounts.game, amount: -win },
            { accountId: accounts.cash, amount: win },
          ],
        };
    const record = paid.record;
    const both = record
      ? async (tx: LedgerTransaction) => {
          await within?.(tx);
          await record(tx);
        }
      : within;
    return ledger.transfer(
      {
        idempotencyKey: `round:${row.id}:win`,
        type: 'win',
        referenceId: row.id,
        entries: paid.entries,
      },
      { ...(both ? { within: both } : {}), quiet },
    );
  }

  /** Writes a blackjack move if the hand is still as it was read (open, `movesBefore` moves); RoundMoved if not. */
  async function writeMove(executor: Database | LedgerTransaction, roundId: string, movesBefore: number, change: Partial<RoundRow>): Promise<void> {
    const now = new Date();
    const updated = await executor
      .update(gameRounds)
      .set({ ...change, updatedAt: now, ...(change.status === 'settled' ? { settledAt: now } : {}) })
      .where(and(eq(gameRounds.id, roundId), eq(gameRounds.status, 'open'), sql`jsonb_array_length(${gameRounds.moves}) = ${movesBefore}`))
      .returning({ id: gameRounds.id });
    if (updated.length === 0) throw new RoundMoved();
  }

  return {
    accountsOf,
    creditWin,
    writeMove,
    /**
     * Credits a finished round's win and marks it settled. The credit is keyed by the round, so it is made once
     * however often this runs; a crash between the two leaves an open round that recovery settles the same way.
     */
    async settle(row: Pick<RoundRow, 'id' | 'playerId'>, win: number, quiet = false): Promise<Date> {
      if (win > 0) await creditWin(row, win, undefined, quiet);
      const settledAt = new Date();
      await db
        .update(gameRounds)
        .set({ win, status: 'settled', settledAt, updatedAt: settledAt })
        .where(and(eq(gameRounds.id, row.id), eq(gameRounds.status, 'open')));
      // The stored time, so the first answer and any replay of it say the same.
      return settledAt;
    },
  };
}
