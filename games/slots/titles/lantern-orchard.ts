// Lantern Orchard: low volatility. Reel strips and pays are the title's maths; changing any of them
// changes its RTP (games/slots/maths.ts) and the figures in docs/decisions/0040-games-maths.md.

import { PAYLINES } from '../paylines.ts';
import type { SlotTitle } from '../title.ts';

export const lanternOrchard: SlotTitle = {
  slug: 'lantern-orchard',
  name: 'Lantern Orchard',
  theme: 'A night market in a moonlit orchard: paper lanterns, kites and drums between the fruit trees.',
  volatility: 'low',
  symbols: [
    { id: 'plum', name: 'Plum', colour: '#7b2d5c', kind: 'pay', pays: [8, 15, 60] },
    { id: 'pear', name: 'Pear', colour: '#b5c936', kind: 'pay', pays: [8, 15, 60] },
    { id: 'fig', name: 'Fig', colour: '#5a3a6e', kind: 'pay', pays: [8, 20, 75] },
    { id: 'quince', name: 'Quince', colour: '#e0b84a', kind: 'pay', pays: [8, 20, 90] },
    { id: 'kite', name: 'Kite', colour: '#d9483b', kind: 'pay', pays: [15, 40, 150] },
    { id: 'drum', name: 'Drum', colour: '#a0522d', kind: 'pay', pays: [20, 60, 200] },
    { id: 'lantern', name: 'Lantern', colour: '#f08a24', kind: 'pay', pays: [30, 90, 400] },
    { id: 'moon-gate', name: 'Moon Gate', colour: '#f4e9c1', kind: 'wild', pays: [40, 150, 750] },
    { id: 'firefly', name: 'Firefly', colour: '#c8f560', kind: 'scatter', pays: [2, 5, 20] },
  ],
  paylines: PAYLINES.slice(0, 20),
  reels: {
    base: [
      [
        'pear', 'drum', 'kite', 'pear', 'pear', 'plum', 'firefly', 'moon-gate', 'kite', 'plum', 'fig',
        'drum', 'fig', 'moon-gate', 'lantern', 'lantern', 'plum', 'quince', 'quince', 'fig', 'plum', 'pear',
        'pear', 'quince', 'fig', 'quince', 'fig', 'quince', 'plum', 'plum', 'pear', 'kite',
      ],
      [
        'pear', 'fig', 'drum', 'kite', 'pear', 'fig', 'fig', 'lantern', 'fig', 'lantern', 'pear', 'kite',
        'pear', 'plum', 'quince', 'moon-gate', 'quince', 'quince', 'plum', 'pear', 'firefly', 'moon-gate',
        'kite', 'plum', 'plum', 'quince', 'plum', 'drum', 'quince', 'pear', 'plum', 'fig',
      ],
      [
        'drum', 'fig', 'lantern', 'plum', 'fig', 'kite', 'moon-gate', 'quince', 'pear', 'plum', 'pear',
        'drum', 'pear', 'quince', 'firefly', 'moon-gate', 'pear', 'pear', 'quince', 'plum', 'plum', 'fig',
        'quince', 'kite', 'quince', 'kite', 'lantern', 'plum', 'plum', 'pear', 'fig', 'fig',
      ],
      [
        'pear', 'pear', 'kite', 'firefly', 'plum', 'fig', 'quince', 'lantern', 'quince', 'quince', 'fig',
        'plum', 'drum', 'plum', 'plum', 'kite', 'fig', 'quince', 'pear', 'pear', 'quince', 'fig', 'kite',
        'plum', 'plum', 'pear', 'pear', 'drum', 'fig', 'lantern', 'plum', 'moon-gate',
      ],
      [
        'quince', 'pear', 'lantern', 'quince', 'plum', 'plum', 'drum', 'fig', 'lantern', 'plum', 'pear',
        'firefly', 'pear', 'fig', 'quince', 'pear', 'fig', 'plum', 'quince', 'plum', 'moon-gate', 'quince',
        'drum', 'kite', 'plum', 'pear', 'fig', 'kite', 'plum', 'kite', 'pear', 'fig',
      ],
    ],
    free: [
      [
        'moon-gate', 'fig', 'kite', 'quince', 'plum', 'plum', 'pear', 'plum', 'kite', 'pear', 'pear',
        'lantern', 'plum', 'pear', 'plum', 'firefly', 'fig', 'pear', 'quince', 'quince', 'pear', 'quince',
        'fig', 'plum', 'quince', 'lantern', 'kite', 'drum', 'moon-gate', 'drum', 'fig', 'fig',
      ],
      [
        'drum', 'quince', 'plum', 'pear', 'fig', 'firefly', 'kite', 'plum', 'lantern', 'fig', 'kite',
        'moon-gate', 'quince', 'plum', 'pear', 'quince', 'plum', 'quince', 'plum', 'kite', 'drum', 'lantern',
        'fig', 'plum', 'fig', 'pear', 'quince', 'pear', 'moon-gate', 'fig', 'pear', 'pear',
      ],
      [
        'fig', 'quince', 'pear', 'kite', 'lantern', 'quince', 'fig', 'drum', 'moon-gate', 'fig', 'pear',
        'plum', 'quince', 'kite', 'lantern', 'pear', 'plum', 'quince', 'plum', 'fig', 'plum', 'pear', 'pear',
        'fig', 'firefly', 'drum', 'moon-gate', 'plum', 'quince', 'kite', 'plum', 'pear',
      ],
      [
        'pear', 'lantern', 'quince', 'kite', 'firefly', 'quince', 'pear', 'quince', 'pear', 'drum', 'plum',
        'fig', 'fig', 'plum', 'drum', 'plum', 'pear', 'pear', 'quince', 'fig', 'quince', 'fig', 'plum',
        'lantern', 'pear', 'kite', 'moon-gate', 'plum', 'kite', 'fig', 'plum', 'plum',
      ],
      [
        'pear', 'pear', 'quince', 'pear', 'lantern', 'quince', 'drum', 'quince', 'plum', 'quince', 'plum',
        'lantern', 'plum', 'kite', 'pear', 'kite', 'fig', 'fig', 'plum', 'firefly', 'quince', 'fig', 'fig',
        'plum', 'pear', 'drum', 'plum', 'moon-gate', 'plum', 'pear', 'kite', 'fig',
      ],
    ],
  },
  freeSpins: { award: 10, multiplier: 2, maxPerRound: 50 },
  stake: { min: 20, max: 10000 },
};
