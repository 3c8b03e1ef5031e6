import type { PlayerBonus } from '../../contract/bonuses.ts';

/**
 * Where a free spin's winnings go, as the bonus's terms say (decision 0050): the bonus balance, with its wagering
 * when the bonus has some. The slot's free spins panel and the Bonuses page say the same (decision 0118).
 */
export function freeSpinWinningsText(bonus: Pick<PlayerBonus, 'terms'>): string {
  const times = bonus.terms.wagering_multiplier;
  return times > 0
    ? `Winnings go to your bonus balance and are wagered ${times}x before they turn into cash.`
    : 'Winnings go to your bonus balance and turn into cash when your free spins are played.';
}
