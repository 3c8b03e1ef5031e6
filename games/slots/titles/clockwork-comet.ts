// Clockwork Comet: medium volatility. Reel strips and pays are the title's maths; changing any of them
// changes its RTP (games/slots/maths.ts) and the figures in docs/decisions/0040-games-maths.md.

import { PAYLINES } from '../paylines.ts';
import type { SlotTitle } from '../title.ts';

export const clockworkComet: SlotTitle = {
  slug: 'clockwork-comet',
  name: 'Clockwork Comet',
  theme: 'A brass observatory where wound-up instruments chart a passing comet.',
  volatility: 'medium',
  symbols: [
    { id: 'cog', name: 'Cog', colour: '#8c7853', kind: 'pay', pays: [5, 15, 50] },
    { id: 'spring', name: 'Spring', colour: '#a9a9a9', kind: 'pay', pays: [5, 15, 50] },
    { id: 'dial', name: 'Dial', colour: '#c0a060', kind: 'pay', pays: [10, 25, 75] },
    { id: 'key', name: 'Winding Key', colour: '#b8860b', kind: 'pay', pays: [10, 30, 100] },
    { id: 'sextant', name: 'Sextant', colour: '#4f7a8a', kind: 'pay', pays: [15, 50, 200] },
    { id: 'orrery', name: 'Orrery', colour: '#6a4c93', kind: 'pay', pays: [25, 100, 400] },
    { id: 'comet', name: 'Comet', colour: '#3fa9f5', kind: 'pay', pays: [50, 200, 1000] },
    { id: 'star-core', name: 'Star Core', colour: '#ffd23f', kind: 'wild', pays: [100, 400, 2000] },
    { id: 'telescope', name: 'Telescope', colour: '#2e4057', kind: 'scatter', pays: [2, 10, 50] },
  ],
  paylines: PAYLINES.slice(0, 10),
  reels: {
    base: [
      [
        'dial', 'cog', 'dial', 'cog', 'dial', 'sextant', 'orrery', 'spring', 'cog', 'cog', 'key', 'key',
        'dial', 'comet', 'spring', 'dial', 'spring', 'sextant', 'key', 'sextant', 'star-core', 'spring',
        'orrery', 'sextant', 'comet', 'spring', 'spring', 'cog', 'key', 'key', 'orrery', 'telescope', 'cog',
        'cog',
      ],
      [
        'spring', 'spring', 'orrery', 'cog', 'sextant', 'dial', 'key', 'cog', 'key', 'orrery', 'sextant',
        'sextant', 'comet', 'key', 'sextant', 'dial', 'key', 'star-core', 'comet', 'star-core', 'dial',
        'cog', 'cog', 'spring', 'dial', 'spring', 'key', 'dial', 'cog', 'telescope', 'cog', 'spring',
        'orrery', 'spring', 'cog',
      ],
      [
        'cog', 'sextant', 'dial', 'spring', 'orrery', 'sextant', 'cog', 'key', 'orrery', 'dial', 'spring',
        'telescope', 'comet', 'cog', 'dial', 'cog', 'key', 'spring', 'spring', 'orrery', 'key', 'key',
        'spring', 'cog', 'key', 'cog', 'sextant', 'sextant', 'dial', 'spring', 'dial', 'star-core', 'cog',
        'comet',
      ],
      [
        'dial', 'comet', 'cog', 'dial', 'cog', 'spring', 'spring', 'cog', 'cog', 'key', 'dial', 'cog', 'key',
        'sextant', 'cog', 'key', 'spring', 'comet', 'dial', 'orrery', 'telescope', 'cog', 'sextant', 'key',
        'sextant', 'spring', 'spring', 'key', 'orrery', 'dial', 'orrery', 'spring', 'star-core', 'sextant',
      ],
      [
        'cog', 'dial', 'key', 'sextant', 'star-core', 'key', 'spring', 'key', 'spring', 'cog', 'spring',
        'dial', 'dial', 'spring', 'orrery', 'spring', 'sextant', 'key', 'comet', 'comet', 'cog', 'cog',
        'sextant', 'cog', 'spring', 'orrery', 'cog', 'cog', 'telescope', 'dial', 'sextant', 'orrery', 'key',
        'dial',
      ],
    ],
    free: [
      [
        'sextant', 'key', 'orrery', 'dial', 'orrery', 'star-core', 'comet', 'sextant', 'cog', 'key',
        'spring', 'dial', 'key', 'dial', 'orrery', 'dial', 'sextant', 'key', 'cog', 'star-core', 'spring',
        'telescope', 'key', 'cog', 'comet', 'spring', 'sextant', 'cog', 'cog', 'dial', 'spring', 'comet',
        'star-core', 'spring',
      ],
      [
        'cog', 'sextant', 'spring', 'dial', 'telescope', 'sextant', 'spring', 'spring', 'star-core', 'cog',
        'cog', 'key', 'comet', 'comet', 'key', 'star-core', 'star-core', 'dial', 'cog', 'orrery', 'orrery',
        'comet', 'spring', 'spring', 'dial', 'cog', 'dial', 'key', 'sextant', 'sextant', 'dial', 'key',
        'key', 'orrery',
      ],
      [
        'star-core', 'key', 'dial', 'comet', 'comet', 'orrery', 'key', 'orrery', 'spring', 'dial', 'key',
        'sextant', 'cog', 'key', 'spring', 'star-core', 'sextant', 'cog', 'orrery', 'dial', 'dial', 'cog',
        'cog', 'star-core', 'spring', 'key', 'dial', 'spring', 'sextant', 'telescope', 'sextant', 'spring',
        'cog', 'comet',
      ],
      [
        'dial', 'spring', 'comet', 'orrery', 'key', 'comet', 'cog', 'cog', 'dial', 'key', 'cog', 'cog',
        'orrery', 'sextant', 'sextant', 'star-core', 'dial', 'dial', 'spring', 'key', 'sextant', 'cog',
        'telescope', 'orrery', 'spring', 'dial', 'sextant', 'key', 'star-core', 'spring', 'key', 'comet',
        'star-core', 'spring',
      ],
      [
        'telescope', 'key', 'sextant', 'cog', 'dial', 'cog', 'cog', 'sextant', 'comet', 'orrery', 'spring',
        'sextant', 'orrery', 'spring', 'key', 'orrery', 'spring', 'spring', 'star-core', 'dial', 'cog',
        'cog', 'dial', 'key', 'dial', 'comet', 'comet', 'spring', 'cog', 'key', 'sextant', 'dial', 'key',
        'star-core',
      ],
    ],
  },
  freeSpins: { award: 10, multiplier: 3, maxPerRound: 50 },
  stake: { min: 10, max: 10000 },
};
