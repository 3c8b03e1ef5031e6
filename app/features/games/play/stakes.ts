// Stakes a player can pick for a slot or a blackjack hand: a short ladder of round amounts inside the house's
// limits. A slot stake must be a multiple of its line count (stake_step), so every rung is one.

import type { GameLimits } from '../../../../contract/games.ts';

// Multiples of the step (slots) or of €1 (blackjack), chosen so the ladder reads like casino chips.
const RUNGS = [1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000];

/** Every offered stake, ascending, each within [min_stake, max_stake] and a multiple of stake_step. */
export function stakeLadder(limits: Pick<GameLimits, 'min_stake' | 'max_stake' | 'stake_step'>): number[] {
  const step = Math.max(1, limits.stake_step);
  // Blackjack's step is one cent; its rungs are whole units of 100 so the ladder starts at €1, not €0.01.
  const unit = step === 1 ? 100 : step;
  const stakes = new Set<number>();
  const first = Math.ceil(limits.min_stake / step) * step;
  if (first <= limits.max_stake) stakes.add(first);
  for (const rung of RUNGS) {
    const stake = rung * unit;
    if (stake >= limits.min_stake && stake <= limits.max_stake && stake % step === 0) stakes.add(stake);
  }
  return [...stakes].sort((a, b) => a - b);
}

/** The rung to start on: the smallest stake, or the one nearest to what the player chose before. */
export function nearestStake(ladder: readonly number[], wanted: number): number {
  let best = ladder[0] ?? wanted;
  for (const stake of ladder) if (Math.abs(stake - wanted) < Math.abs(best - wanted)) best = stake;
  return best;
}
