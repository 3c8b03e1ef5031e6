// The info panel's data for European roulette.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { ROULETTE_PAYOUTS, type RouletteBetType } from './bets.ts';
import { ROULETTE_RTP } from './settle.ts';

const BET_ROWS: { type: RouletteBetType; bet: string; covers: string }[] = [
  { type: 'straight', bet: 'Straight up', covers: 'one number, 0 included' },
  { type: 'split', bet: 'Split', covers: 'two neighbouring numbers, also 0-1, 0-2 and 0-3' },
  { type: 'street', bet: 'Street', covers: 'a row of three, also the trios 0-1-2 and 0-2-3' },
  { type: 'corner', bet: 'Corner', covers: 'four numbers meeting at a corner, also the first four 0-1-2-3' },
  { type: 'line', bet: 'Six line', covers: 'two neighbouring rows, six numbers' },
  { type: 'dozen', bet: 'Dozen', covers: '1-12, 13-24 or 25-36' },
  { type: 'column', bet: 'Column', covers: 'one of the three columns of twelve' },
  { type: 'red', bet: 'Red', covers: 'the 18 red numbers' },
  { type: 'black', bet: 'Black', covers: 'the 18 black numbers' },
  { type: 'odd', bet: 'Odd', covers: 'the 18 odd numbers' },
  { type: 'even', bet: 'Even', covers: 'the 18 even numbers (0 is neither)' },
  { type: 'low', bet: 'Low', covers: '1-18' },
  { type: 'high', bet: 'High', covers: '19-36' },
];

export const rouletteInfo: GameInfo = {
  kind: 'roulette',
  slug: 'european-roulette',
  name: 'European Roulette',
  rules: [
    'A single-zero wheel with 37 pockets, 0 to 36. Place any number of bets, then spin; each bet wins when the ball lands on a number it covers.',
    'Winning bets are paid at the odds below and get their stake back. Every other bet loses.',
    'Zero is green and counts for no outside bet: red, black, odd, even, low, high, dozens and columns all lose on 0. There is no la partage and no en prison.',
    'Every bet returns 97.30% of its stake on average (36/37). How much a round swings depends on the bets: even-money bets least, straight-up bets most.',
  ],
  paytable: BET_ROWS.map(({ type, bet, covers }) => ({
    bet,
    type,
    covers,
    payout: `${ROULETTE_PAYOUTS[type]}:1`,
    multiplier: ROULETTE_PAYOUTS[type],
  })),
  rtpPercent: roundPercent(ROULETTE_RTP),
  rtpSource:
    'Calculated exactly: a bet covering n numbers pays 36/n times its stake (stake included) when one of them comes up, and the wheel has 37 pockets, so every bet returns 36/37 on average.',
  volatility: 'medium',
  stake: { min: 10, max: 100_000 },
};
