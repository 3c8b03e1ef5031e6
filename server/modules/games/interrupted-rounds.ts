// Interrupted rounds (GLI-19 §4.16; docs/decisions/0041-games-api.md). A round is resumed where it
// stopped, never voided: a round whose outcome is decided but whose win was never credited is paid (at start, and
// by the sweep once it has waited a while); a blackjack hand the player can still finish stays theirs until it has
// been untouched for a day, when the sweep completes it by the published rule: stand on every open hand.

import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { standOnEveryHand, type BlackjackState } from '../../../games/blackjack/engine.ts';
import { cashOutUntouched, isMinesState } from '../../../games/mines/mines.ts';
import type { Database } from '../../db/client.ts';
import { IdempotencyConflict } from '../ledger/service.ts';
import { RoundMoved, type RoundRow, type RoundSettlement } from './round-settlement.ts';
import { gameRounds } from './schema.ts';

/** A hand nobody has touched for this long is completed for the player. */
export const UNTOUCHED_HAND_MS = 24 * 60 * 60 * 1000;
/** A decided round is credited within milliseconds of its bet; one still open after this had its credit fail. */
export const STALLED_CREDIT_MS = 5 * 60 * 1000;
/** The sweep of interrupted rounds runs every five minutes, in UTC. */
export const INTERRUPTED_ROUNDS_PATTERN = '*/5 * * * *';

const BATCH = 200;

const decided = sql`(${gameRounds.state} is null or ${gameRounds.state}->>'phase' = 'finished')`;
const waitingForPlayer = sql`${gameRounds.state}->>'phase' = 'player'`;

/**
 * The published rule for a round untouched for a day: a blackjack hand stands on every open hand (then the dealer
 * plays out); a mines board is cashed out at its current value (decision 0070).
 */
function completeUntouched(state: unknown): { state: { settlement: { win: number } | null }; actions: string[] } {
  if (isMinesState(state)) return { state: cashOutUntouched(state), actions: ['untouched'] };
  const { state: done, stands } = standOnEveryHand(state as BlackjackState);
  return { state: done, actions: Array.from({ length: stands }, () => 'stand') };
}

export type InterruptedRounds = ReturnType<typeof createInterruptedRounds>;

export function createInterruptedRounds({ db, settlement }: { db: Database; settlement: RoundSettlement }) {
  /** Pays every open round whose outcome is decided, last touched before `before` (all of them without it). */
  async function settleDecided(before?: Date): Promise<number> {
    const rows = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.status, 'open'), decided, before ? lt(gameRounds.updatedAt, before) : undefined));
    for (const row of rows) {
      const state = row.state as { settlement?: { win: number } | null } | null;
      await settlement.settle(row, state ? (state.settlement?.win ?? 0) : row.win);
    }
    return rows.length;
  }

  /**
   * Stands on every open hand of the round, the dealer plays out, and the win (if any) is credited in the same
   * transaction as the final state, conditional on the hand being exactly as read: a player's move that lands
   * first wins, and this one changes nothing. The stands are stored as moves so the round replays as played.
   */
  async function standFor(row: RoundRow): Promise<boolean> {
    const { state, actions } = completeUntouched(row.state);
    const win = state.settlement!.win;
    const movesBefore = row.moves.length;
    const moves = actions.map((action, i) => ({ action, key: `untouched-24h:${movesBefore + i}` }));
    const change: Partial<RoundRow> = { state: state as unknown as Record<string, unknown>, moves: [...row.moves, ...moves], win, status: 'settled' };
    try {
      if (win === 0) {
        await settlement.writeMove(db, row.id, movesBefore, change);
        return true;
      }
      // A replay or a conflict on the round's win key: the player finished the hand first and it is being paid.
      const credit = await settlement.creditWin(row, win, (tx) => settlement.writeMove(tx, row.id, movesBefore, change));
      return !credit.replayed;
    } catch (error) {
      if (error instanceof RoundMoved || error instanceof IdempotencyConflict) return false;
      throw error;
    }
  }

  return {
    /** At start: pays what was mid-flight. A hand waiting for the player is theirs to finish, on any node. */
    async recoverAtStart(): Promise<{ settled: number }> {
      return { settled: await settleDecided() };
    },

    /** The periodic sweep: stalled credits are paid, and hands untouched for UNTOUCHED_HAND_MS are completed. */
    async sweep(now = new Date()): Promise<{ settled: number; completed: number }> {
      const settled = await settleDecided(new Date(now.getTime() - STALLED_CREDIT_MS));
      const cutoff = new Date(now.getTime() - UNTOUCHED_HAND_MS);
      let completed = 0;
      let after: Pick<RoundRow, 'updatedAt' | 'id'> | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(gameRounds)
          .where(
            and(
              eq(gameRounds.status, 'open'),
              waitingForPlayer,
              lt(gameRounds.updatedAt, cutoff),
              after ? or(gt(gameRounds.updatedAt, after.updatedAt), and(eq(gameRounds.updatedAt, after.updatedAt), gt(gameRounds.id, after.id))) : undefined,
            ),
          )
          .orderBy(asc(gameRounds.updatedAt), asc(gameRounds.id))
          .limit(BATCH);
        for (const row of rows) if (await standFor(row)) completed++;
        if (rows.length < BATCH) break;
        after = rows.at(-1);
      }
      return { settled, completed };
    },
  };
}
