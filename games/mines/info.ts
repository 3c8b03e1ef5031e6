// The info panel's data for mines.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { MINES_RTP, minesMultiplier } from './mines.ts';

const row = (mines: number, safe: number) => ({
  label: `${mines} ${mines === 1 ? 'mine' : 'mines'}, ${safe} safe ${safe === 1 ? 'tile' : 'tiles'}`,
  value: `${minesMultiplier(mines, safe).toFixed(4)}×`,
});

export const minesInfo: GameInfo = {
  kind: 'mines',
  slug: 'mines',
  name: 'Mines',
  rules: [
    'Choose how many mines, from 1 to 24, hide among the 25 tiles of a 5 by 5 board, set your stake and start. Then reveal tiles one at a time.',
    'Each safe tile raises what you can take: after k safe tiles a cash-out pays 0.99 × C(25, k) / C(25 − mines, k) times your stake, rounded down to the cent. Cash out after any safe tile; reveal every safe tile and you are paid at once.',
    'A mine ends the round and the stake is lost. Where the mines are is fixed by your provably fair seeds before your first pick and shown when the round ends.',
    'If you leave a round unfinished, you can continue it at any time. A round untouched for 24 hours is cashed out for you at its current value (with no tile revealed, 99% of your stake is returned).',
  ],
  paytable: [row(1, 1), row(1, 12), row(3, 1), row(3, 5), row(5, 3), row(10, 3), row(24, 1)],
  rtpPercent: roundPercent(MINES_RTP),
  rtpSource: 'Exact: the chance of surviving k picks is C(25 − mines, k) / C(25, k), so every cash-out returns 99% of the stake on average, whatever you pick.',
  volatility: 'high',
  stake: { min: 10, max: 50_000 },
};
