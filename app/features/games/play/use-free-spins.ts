import type { PlayerBonus } from '../../../../contract/bonuses.ts';
import { useBonuses } from '../../../lib/use-bonus-updates.ts';

export type FreeSpins = {
  /** The player's active bonus with free spins on this game (spins left or not), or null. */
  bonus: PlayerBonus | null;
  /** Free spins left to play here now. */
  left: number;
  /** Reads the bonus again (after a round: the win may have moved the bonus balance). */
  refresh(): Promise<void>;
};

/** The active bonus whose free spins belong to `slug`, if any. */
export function freeSpinBonusOf(bonuses: PlayerBonus[], slug: string): PlayerBonus | null {
  return bonuses.find((bonus) => bonus.status === 'active' && bonus.free_spin_game === slug && bonus.terms.free_spins > 0) ?? null;
}

/**
 * A claimed bonus's free spins on the slot's own screen (decision 0118): the player's bonuses from the query
 * cache, read with the page in real mode and kept live by `BonusUpdated` (the same bonuses the Bonuses page shows),
 * so the reels' counter and the bonus card agree.
 */
export function useFreeSpins(slug: string, real: boolean): FreeSpins {
  const { bonuses, reload } = useBonuses(null, real);
  const bonus = real && bonuses ? freeSpinBonusOf(bonuses, slug) : null;
  return { bonus, left: bonus?.free_spins_left ?? 0, refresh: async () => (real ? reload() : undefined) };
}
