// The info panel's data for plinko.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { PLINKO_RISKS, PLINKO_RTP, PLINKO_TABLES } from './plinko.ts';

export const plinkoInfo: GameInfo = {
  kind: 'plinko',
  slug: 'plinko',
  name: 'Plinko',
  rules: [
    'Choose 8 to 16 rows of pegs and a risk level, set your stake and drop the ball. At every row it falls left or right with equal chance and lands in one of the buckets at the bottom.',
    'The bucket pays its multiplier times your stake, rounded down to the cent. Edge buckets are rare and pay the most; the higher the risk, the bigger the edges and the smaller the middle.',
    'Each row’s direction comes from one number of your provably fair seeds, so the path you see is exactly the one the server drew.',
  ],
  paytable: PLINKO_RISKS.flatMap((risk) =>
    [8, 12, 16].map((rows) => ({ label: `${rows} rows, ${risk} risk`, value: PLINKO_TABLES[risk][rows]!.map((m) => `${(m / 100).toString()}×`).join(' · ') })),
  ),
  rtpPercent: roundPercent(PLINKO_RTP),
  rtpSource: 'Exact: for every row count and risk, each bucket’s chance from the binomial distribution times its multiplier adds up to 99%.',
  volatility: 'high',
  stake: { min: 10, max: 50_000 },
};
