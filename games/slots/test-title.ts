// A tiny title for the tests: short strips, so every stop combination can be enumerated. Its pays are
// absurdly generous (RTP about 2000%) on purpose: free spins, retriggers and the cap all happen often.

import { PAYLINES } from './paylines.ts';
import type { SlotTitle } from './title.ts';

export const testTitle: SlotTitle = {
  slug: 'test-title',
  name: 'Test Title',
  theme: 'Letters on short strips.',
  volatility: 'medium',
  symbols: [
    { id: 'a', name: 'A', colour: '#111111', kind: 'pay', pays: [2, 5, 10] },
    { id: 'b', name: 'B', colour: '#222222', kind: 'pay', pays: [3, 8, 20] },
    { id: 'c', name: 'C', colour: '#333333', kind: 'pay', pays: [5, 10, 50] },
    { id: 'w', name: 'W', colour: '#444444', kind: 'wild', pays: [10, 20, 100] },
    { id: 's', name: 'S', colour: '#555555', kind: 'scatter', pays: [1, 4, 10] },
  ],
  paylines: PAYLINES.slice(0, 5),
  reels: {
    base: [
      ['a', 'b', 's', 'a', 'c', 'w'],
      ['b', 'a', 'w', 'c', 'a', 's', 'b'],
      ['c', 's', 'a', 'b', 'w', 'a'],
      ['a', 'w', 'b', 's', 'c', 'a', 'b'],
      ['s', 'b', 'a', 'c', 'a', 'w'],
    ],
    free: [
      ['w', 'a', 's', 'b', 'c'],
      ['a', 'w', 'b', 's', 'c'],
      ['s', 'c', 'w', 'a', 'b'],
      ['b', 's', 'a', 'c', 'w'],
      ['c', 'a', 'b', 'w', 's'],
    ],
  },
  freeSpins: { award: 2, multiplier: 2, maxPerRound: 6 },
  stake: { min: 5, max: 500 },
};
