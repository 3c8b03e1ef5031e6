import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { BonusCore, BonusRow } from './core.ts';
import { daysAfter } from './model.ts';
import { playerBonuses } from './schema.ts';

// Free spins on a game our engines do not play (an aggregator's, docs/decisions/0100): the aggregator plays and pays
// for them through its free rounds, so the bonus hands them over. With nothing left to play here, the bonus then
// completes; its spins' winnings come back through the aggregator's wins.

/**
 * Grants a bonus's free spins where its game is played: answers true when the game was the handler's own (the spins
 * are granted there), false for a game it does not know. A throw refuses the bonus.
 */
export type FreeSpinsHandler = (grant: {
  bonusId: string;
  playerId: number;
  game: string;
  count: number;
  stake: number;
  endsAt: Date | null;
}) => Promise<boolean>;

export function createFreeSpinsHandOver({ db, core }: { db: Database; core: BonusCore }) {
  const handlers: FreeSpinsHandler[] = [];

  return {
    onFreeSpins(handler: FreeSpinsHandler): void {
      handlers.push(handler);
    },

    /** After a free spins bonus started: hands its spins to the handler whose game it is; a refusal there cancels it. */
    async handOver(row: BonusRow): Promise<void> {
      if (row.terms.free_spins <= 0 || !row.terms.free_spin_game || handlers.length === 0) return;
      const grant = {
        bonusId: row.id,
        playerId: row.playerId,
        game: row.terms.free_spin_game,
        count: row.terms.free_spins,
        stake: row.terms.free_spin_stake,
        endsAt: daysAfter(new Date(), row.terms.expires_in_days),
      };
      try {
        let handled = false;
        for (const handler of handlers) if (!handled) handled = await handler(grant);
        if (!handled) return;
      } catch (error) {
        const open = await core.byId(row.id);
        if (open) await core.end(open, 'cancelled', 'the game provider could not grant the free spins');
        throw error;
      }
      await db
        .update(playerBonuses)
        .set({ freeSpinsLeft: 0, updatedAt: new Date() })
        .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.status, 'active')));
      const fresh = await core.byId(row.id);
      if (fresh) await core.convert(fresh);
      core.announce(row.id);
    },
  };
}
