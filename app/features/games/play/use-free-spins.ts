import { useCallback, useEffect, useState } from 'react';
import type { BonusUpdated, PlayerBonus } from '../../../../contract/bonuses.ts';
import { callApi } from '../../../lib/api.ts';
import { useBonusUpdates } from '../../../lib/use-bonus-updates.ts';

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
 * A claimed bonus's free spins on the slot's own screen (decision 0118): read with the page in real mode, kept live
 * by `BonusUpdated` (the same bonus the Bonuses page shows), so the reels' counter and the bonus card agree.
 */
export function useFreeSpins(slug: string, real: boolean): FreeSpins {
  const [bonus, setBonus] = useState<PlayerBonus | null>(null);

  const refresh = useCallback(async () => {
    if (!real) return;
    const result = await callApi<{ data: PlayerBonus[] }>('GET', '/api/player/bonuses');
    if (result.ok) setBonus(freeSpinBonusOf(result.body.data, slug));
  }, [real, slug]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useBonusUpdates(
    useCallback(
      (event: BonusUpdated) =>
        setBonus((current) => {
          if (event.bonus.free_spin_game !== slug) return current;
          // A later state of the same bonus (or a newly claimed one) replaces it; a finished one leaves.
          return event.bonus.status === 'active' ? event.bonus : current?.id === event.bonus.id ? null : current;
        }),
      [slug],
    ),
  );

  return { bonus, left: bonus?.free_spins_left ?? 0, refresh };
}
