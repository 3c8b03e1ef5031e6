import { describe, expect, it } from 'vitest';
import { type BonusTerms, termsText } from './bonuses.ts';
import { formatMoney } from './money.ts';

const money = (minor: number) => formatMoney(minor, 'EUR');
const base: BonusTerms = {
  wagering_multiplier: 10,
  max_bet: 5_00,
  min_deposit: 20_00,
  match_percent: 100,
  max_bonus: 500_00,
  free_spins: 0,
  free_spin_game: null,
  free_spin_stake: 0,
  max_conversion: null,
  claim_days: 7,
  expires_in_days: 30,
  contributions: { slots: 100, 'table-games': 10 },
};

describe('the terms players read, made from the numbers the code uses', () => {
  it('says the match, the wagering, the contributions, the stake order and the max bet of a deposit offer', () => {
    expect(termsText('deposit_match', base, money)).toEqual([
      'We add 100% of your deposit as bonus money, up to €500.00. Minimum deposit €20.00.',
      'Wager the bonus 10 times within 30 days before it turns into cash.',
      'Games count towards wagering as follows: slots 100%, table games 10%; other games 0%.',
      'Your own cash is staked first; bonus money only once your cash is spent.',
      'Maximum stake while the bonus is active: €5.00 per round.',
      'Withdrawing or cancelling before the wagering is done removes the bonus money; your cash is always yours.',
    ]);
  });

  it('names the slot and the stake of free spins, the claim days of a reload and a conversion cap', () => {
    const spins = termsText('free_spins', { ...base, free_spins: 50, free_spin_game: 'lantern-orchard', free_spin_stake: 20, max_conversion: 100_00 }, money);
    expect(spins).toContain('50 free spins at €0.20 each on Lantern Orchard; their winnings are bonus money.');
    expect(spins).toContain('Wager your free spin winnings 10 times within 30 days before they turn into cash.');
    expect(spins).toContain('At most €100.00 of bonus money turns into cash; the rest is removed.');
    expect(termsText('reload', base, money, { weekdays: [5, 6, 0] })).toContain('Claimable on Friday, Saturday, Sunday (UTC).');
    expect(termsText('no_deposit', { ...base, wagering_multiplier: 0, max_bonus: 5_00 }, money)).toContain('No wagering: the bonus turns into cash at once.');
  });
});
