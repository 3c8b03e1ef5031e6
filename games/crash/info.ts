// The info panel's data for crash.

import { roundPercent, type GameInfo } from '../game-info.ts';
import { CRASH_RTP } from './crash.ts';

export const crashInfo: GameInfo = {
  kind: 'crash',
  slug: 'crash',
  name: 'Crash',
  rules: [
    'Everyone plays the same round. Place your bet during the betting phase; then the multiplier rises from 1.00× until it crashes.',
    'Cash out before the crash to win your stake times the multiplier at that moment, rounded down to the cent; still in when it crashes, you lose the stake. The server’s clock decides when your cash-out lands.',
    'Set an automatic cash-out with your bet and it is taken for you the moment the multiplier reaches it, even if you close the page. The lowest cash-out is 1.01×.',
    'Every crash point is fixed in advance by a published chain of hashes: the last hash of the chain was published before the first round, and each round reveals its own hash when it ends, so you can check any past round on the fairness page.',
    'One round in a hundred crashes at 1.00× at once. If our service restarts during a round, the round is finished by these rules: automatic cash-outs below the crash point are paid, and nobody loses money to the restart.',
  ],
  paytable: [
    { label: 'Cash out at 1.01×', value: 'wins 98.02% of rounds' },
    { label: 'Cash out at 2.00×', value: 'wins 49.50% of rounds' },
    { label: 'Cash out at 10.00×', value: 'wins 9.90% of rounds' },
    { label: 'Cash out at 100.00×', value: 'wins 0.99% of rounds' },
  ],
  rtpPercent: roundPercent(CRASH_RTP),
  rtpSource: 'Exact: a cash-out at any multiplier M wins in 99 rounds out of 100 × M, so every cash-out target returns 99% of the stake.',
  volatility: 'high',
  stake: { min: 10, max: 50_000 },
};
