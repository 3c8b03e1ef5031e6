// The info panel's data for blackjack, and its RTP, which only a simulation gives for a strategy game.

import { roundPercent, type GameInfo } from '../game-info.ts';

/**
 * Return to player under basic strategy: total won / total staked (doubles and splits included), from
 * `BLACKJACK_ROUNDS=40000000 node bench/blackjack-rtp.ts` (4 × 10^7 rounds, seed 20400): 99.580%, 95% CI
 * [99.548%, 99.611%] (docs/decisions/0040-games-maths.md).
 * Rerun the benchmark and update this figure whenever a rule changes.
 */
export const BLACKJACK_RTP = {
  rtp: 0.9958,
  source:
    'Simulated: 40 million rounds played with basic strategy under these rules; the true figure lies between 99.55% and 99.61% with 95% confidence. Playing another way returns less.',
} as const;

export const blackjackInfo: GameInfo = {
  kind: 'blackjack',
  slug: 'blackjack',
  name: 'Blackjack',
  rules: [
    'Six decks, shuffled for every round. Get closer to 21 than the dealer without going over. Picture cards count 10, aces 1 or 11.',
    'The dealer checks for blackjack when showing an ace or a ten; if the dealer has it the round ends at once and you lose only your first stake (a blackjack of yours is a push).',
    'Blackjack pays 3 to 2 (rounded down to the smallest currency unit); other wins pay 1 to 1; equal totals push.',
    'Double on any first two cards for one more card. Split two cards of equal value once; you may double after splitting. Split aces get one card each, and 21 on a split hand is not a blackjack.',
    'The dealer draws to 16 and stands on all 17s, soft 17 included. No insurance, no surrender.',
    'If you leave a hand unfinished, you can continue it at any time. A hand untouched for 24 hours is completed for you: you stand on every hand and the dealer plays out as usual; any win is paid to your balance.',
  ],
  paytable: [
    { hand: 'Blackjack', payout: '3:2' },
    { hand: 'Win', payout: '1:1' },
    { hand: 'Push', payout: 'stake returned' },
  ],
  rtpPercent: roundPercent(BLACKJACK_RTP.rtp),
  rtpSource: BLACKJACK_RTP.source,
  volatility: 'low',
  stake: { min: 100, max: 50_000 },
};
