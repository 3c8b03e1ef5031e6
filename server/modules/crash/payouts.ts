// Paying crash bets (docs/decisions/0071-crash.md): a cash-out (by hand or automatic) and the refund of an
// interrupted round, each one ledger transfer keyed by the bet with the bet's change in the same transaction, so
// however many nodes race to pay a bet, it is paid once.

import { and, eq } from 'drizzle-orm';
import type { CrashBet, CrashPublicBet } from '../../../contract/crash.ts';
import { crashPayout } from '../../../games/crash/crash.ts';
import { IdempotencyConflict, type LedgerService, type LedgerTransaction } from '../ledger/service.ts';
import { requestHashOf } from '../shared/idempotency.ts';
import { crashBets } from './schema.ts';

type BetRow = typeof crashBets.$inferSelect;

/** The bet was no longer in play when the transfer ran: nothing of it is kept. */
class NotActive extends Error {}

/** A player's alias on the public channel: never the name or e-mail, stable per player. */
export const aliasOf = (playerId: number) => `Player ${requestHashOf(['crash-alias', playerId]).slice(0, 6).toUpperCase()}`;

export const publicBet = (row: BetRow): CrashPublicBet => ({
  player: aliasOf(row.playerId),
  stake: row.stake,
  currency: row.currency,
  auto_cashout: row.autoCashout,
  cashout: row.cashout,
  win: row.win,
  status: row.status as CrashPublicBet['status'],
});
export const betView = (row: BetRow): CrashBet => ({ ...publicBet(row), id: row.id, game_id: row.gameId, created_at: row.createdAt.toISOString() });

export function createCrashPayouts({
  ledger,
  currency,
  publish,
  now,
  onRefund,
}: {
  ledger: LedgerService;
  currency: string;
  publish: (event: string, data: unknown) => void;
  now: () => Date;
  onRefund?: (tx: LedgerTransaction, stake: { playerId: number; roundId: string; engine: string; stake: number; key: string }) => Promise<void>;
}) {
  async function accountsOf(playerId: number) {
    const cash = (await ledger.ensurePlayerAccounts(playerId, currency)).cash.id;
    return { cash, game: await ledger.houseGameAccountId(playerId, currency) };
  }
  /** Pays a bet at `multiplier` if it is still in: the credit and the bet's change in one transaction, keyed by the bet. */
  async function payOut(row: BetRow, multiplier: number, quiet: boolean): Promise<BetRow | null> {
    const accounts = await accountsOf(row.playerId);
    const win = crashPayout(row.stake, multiplier);
    let paid: BetRow | null = null;
    try {
      const transfer = await ledger.transfer(
        {
          idempotencyKey: `crash:${row.id}:win`,
          type: 'win',
          referenceId: row.id,
          entries: [
            { accountId: accounts.game, amount: -win },
            { accountId: accounts.cash, amount: win },
          ],
        },
        {
          quiet,
          within: async (tx) => {
            const [updated] = await tx
              .update(crashBets)
              .set({ status: 'cashed', cashout: multiplier, win, settledAt: now() })
              .where(and(eq(crashBets.id, row.id), eq(crashBets.status, 'active')))
              .returning();
            if (!updated) throw new NotActive();
            paid = updated;
          },
        },
      );
      if (transfer.replayed) return null;
    } catch (error) {
      if (error instanceof NotActive || error instanceof IdempotencyConflict) return null;
      throw error;
    }
    if (paid) publish('CrashCashout', { game_id: row.gameId, bet: publicBet(paid) });
    return paid;
  }

  /** A bet still in when an interrupted round ended gets its stake back under `crash:{id}:refund`. */
  async function refund(row: BetRow): Promise<void> {
    const accounts = await accountsOf(row.playerId);
    try {
      await ledger.transfer(
        {
          idempotencyKey: `crash:${row.id}:refund`,
          type: 'win',
          referenceId: row.id,
          entries: [
            { accountId: accounts.game, amount: -row.stake },
            { accountId: accounts.cash, amount: row.stake },
          ],
        },
        {
          within: async (tx) => {
            const [updated] = await tx
              .update(crashBets)
              .set({ status: 'refunded', win: row.stake, settledAt: now() })
              .where(and(eq(crashBets.id, row.id), eq(crashBets.status, 'active')))
              .returning({ id: crashBets.id });
            if (!updated) throw new NotActive();
            // The points the stake earned go back with it (once: only an active bet is refunded).
            await onRefund?.(tx, { playerId: row.playerId, roundId: row.id, engine: 'crash', stake: row.stake, key: `crash:${row.id}` });
          },
        },
      );
    } catch (error) {
      if (!(error instanceof NotActive || error instanceof IdempotencyConflict)) throw error;
    }
  }

  return { accountsOf, payOut, refund };
}
