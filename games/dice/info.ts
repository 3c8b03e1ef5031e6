// The info panel's data for dice.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { DICE_RTP } from './dice.ts';

export const diceInfo: GameInfo = {
  kind: 'dice',
  slug: 'dice',
  name: 'Dice',
  rules: [
    'Pick a target from 0.01 to 99.99 and whether the roll must land over or under it, then roll. The roll is a number from 0.00 to 100.00.',
    'Your win chance is 100 minus the target when rolling over, or the target when rolling under, from 0.01% to 98%. A roll equal to the target loses.',
    'A win pays your stake times 99 divided by the win chance (a 49.50% chance pays 2.0000×), rounded down to the cent.',
    'Every roll comes from your provably fair seeds: you can check any round on the fairness page once you rotate your seed.',
  ],
  paytable: [
    { label: 'Win chance 98%', value: '1.0102×' },
    { label: 'Win chance 90%', value: '1.1000×' },
    { label: 'Win chance 49.50%', value: '2.0000×' },
    { label: 'Win chance 10%', value: '9.9000×' },
    { label: 'Win chance 1%', value: '99.0000×' },
    { label: 'Win chance 0.01%', value: '9,900.0000×' },
  ],
  rtpPercent: roundPercent(DICE_RTP),
  rtpSource:
    'Exact: each of the 10,001 possible rolls is equally likely, and for every target the win chance times the multiplier gives 9,900 in 10,001 (98.99%), before the payout is rounded down to the cent.',
  volatility: 'medium',
  stake: { min: 10, max: 100_000 },
};
