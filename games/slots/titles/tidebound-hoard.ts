// Tidebound Hoard: high volatility. Reel strips and pays are the title's maths; changing any of them
// changes its RTP (games/slots/maths.ts) and the figures in docs/decisions/0040-games-maths.md.

import { PAYLINES } from '../paylines.ts';
import type { SlotTitle } from '../title.ts';

export const tideboundHoard: SlotTitle = {
  slug: 'tidebound-hoard',
  name: 'Tidebound Hoard',
  theme: 'A wreck on the sea floor, its treasure guarded by the tide and a very patient octopus.',
  volatility: 'high',
  symbols: [
    { id: 'shell', name: 'Shell', colour: '#f2c6b4', kind: 'pay', pays: [5, 15, 50] },
    { id: 'kelp', name: 'Kelp', colour: '#3b7d4f', kind: 'pay', pays: [5, 15, 50] },
    { id: 'coral', name: 'Coral', colour: '#ff6f59', kind: 'pay', pays: [5, 15, 60] },
    { id: 'starfish', name: 'Starfish', colour: '#f29e4c', kind: 'pay', pays: [10, 20, 75] },
    { id: 'anchor', name: 'Anchor', colour: '#5c6b73', kind: 'pay', pays: [10, 25, 100] },
    { id: 'compass', name: 'Compass', colour: '#c9a227', kind: 'pay', pays: [20, 50, 250] },
    { id: 'octopus', name: 'Octopus', colour: '#8e4585', kind: 'pay', pays: [30, 100, 500] },
    { id: 'crown', name: 'Crown', colour: '#e6b422', kind: 'pay', pays: [50, 250, 2000] },
    { id: 'tide-pearl', name: 'Tide Pearl', colour: '#e8f1f2', kind: 'wild', pays: [100, 500, 5000] },
    { id: 'sunken-chest', name: 'Sunken Chest', colour: '#7a4e2d', kind: 'scatter', pays: [3, 20, 200] },
  ],
  paylines: PAYLINES.slice(0, 20),
  reels: {
    base: [
      [
        'octopus', 'tide-pearl', 'compass', 'kelp', 'compass', 'shell', 'shell', 'octopus', 'kelp',
        'octopus', 'starfish', 'starfish', 'anchor', 'kelp', 'shell', 'starfish', 'compass', 'kelp', 'coral',
        'coral', 'compass', 'sunken-chest', 'crown', 'kelp', 'coral', 'starfish', 'anchor', 'starfish',
        'coral', 'crown', 'coral', 'anchor', 'shell', 'shell', 'coral', 'starfish', 'anchor', 'kelp',
        'shell', 'anchor',
      ],
      [
        'coral', 'tide-pearl', 'starfish', 'kelp', 'crown', 'octopus', 'shell', 'compass', 'compass', 'kelp',
        'anchor', 'shell', 'kelp', 'coral', 'sunken-chest', 'kelp', 'octopus', 'starfish', 'tide-pearl',
        'starfish', 'coral', 'anchor', 'starfish', 'coral', 'shell', 'kelp', 'shell', 'coral', 'shell',
        'compass', 'anchor', 'anchor', 'shell', 'anchor', 'starfish', 'compass', 'kelp', 'crown', 'coral',
        'octopus', 'starfish',
      ],
      [
        'kelp', 'kelp', 'octopus', 'starfish', 'compass', 'starfish', 'coral', 'compass', 'kelp', 'anchor',
        'anchor', 'starfish', 'coral', 'starfish', 'sunken-chest', 'compass', 'kelp', 'tide-pearl', 'anchor',
        'compass', 'anchor', 'shell', 'coral', 'octopus', 'crown', 'shell', 'octopus', 'coral', 'anchor',
        'shell', 'crown', 'shell', 'coral', 'shell', 'starfish', 'kelp', 'coral', 'kelp', 'starfish',
        'shell',
      ],
      [
        'coral', 'shell', 'compass', 'tide-pearl', 'starfish', 'kelp', 'kelp', 'anchor', 'shell', 'kelp',
        'crown', 'compass', 'octopus', 'shell', 'octopus', 'anchor', 'kelp', 'coral', 'sunken-chest',
        'coral', 'starfish', 'coral', 'starfish', 'octopus', 'starfish', 'tide-pearl', 'anchor', 'coral',
        'kelp', 'anchor', 'shell', 'shell', 'compass', 'crown', 'shell', 'compass', 'starfish', 'kelp',
        'anchor', 'starfish', 'coral',
      ],
      [
        'starfish', 'anchor', 'compass', 'shell', 'compass', 'kelp', 'shell', 'shell', 'anchor', 'anchor',
        'coral', 'anchor', 'starfish', 'coral', 'shell', 'octopus', 'anchor', 'octopus', 'kelp', 'kelp',
        'coral', 'kelp', 'tide-pearl', 'compass', 'sunken-chest', 'compass', 'starfish', 'crown', 'kelp',
        'shell', 'kelp', 'starfish', 'coral', 'octopus', 'coral', 'starfish', 'shell', 'starfish', 'coral',
        'crown',
      ],
    ],
    free: [
      [
        'starfish', 'octopus', 'crown', 'kelp', 'octopus', 'compass', 'kelp', 'kelp', 'tide-pearl',
        'tide-pearl', 'shell', 'shell', 'starfish', 'anchor', 'tide-pearl', 'compass', 'compass', 'coral',
        'starfish', 'crown', 'shell', 'compass', 'shell', 'octopus', 'anchor', 'coral', 'kelp',
        'sunken-chest', 'coral', 'octopus', 'crown', 'starfish', 'shell', 'starfish', 'anchor', 'tide-pearl',
        'anchor', 'coral', 'coral', 'kelp',
      ],
      [
        'tide-pearl', 'anchor', 'shell', 'compass', 'coral', 'kelp', 'starfish', 'shell', 'octopus', 'kelp',
        'compass', 'octopus', 'tide-pearl', 'compass', 'crown', 'octopus', 'anchor', 'starfish', 'anchor',
        'kelp', 'anchor', 'coral', 'sunken-chest', 'tide-pearl', 'starfish', 'kelp', 'shell', 'octopus',
        'crown', 'coral', 'crown', 'shell', 'tide-pearl', 'starfish', 'compass', 'starfish', 'shell',
        'coral', 'coral', 'kelp',
      ],
      [
        'crown', 'compass', 'starfish', 'tide-pearl', 'shell', 'octopus', 'octopus', 'tide-pearl', 'anchor',
        'kelp', 'shell', 'crown', 'anchor', 'kelp', 'starfish', 'coral', 'sunken-chest', 'coral', 'shell',
        'starfish', 'starfish', 'kelp', 'kelp', 'crown', 'anchor', 'coral', 'compass', 'tide-pearl', 'shell',
        'octopus', 'compass', 'coral', 'compass', 'starfish', 'anchor', 'coral', 'octopus', 'shell', 'kelp',
        'tide-pearl',
      ],
      [
        'kelp', 'compass', 'kelp', 'coral', 'compass', 'shell', 'shell', 'anchor', 'octopus', 'coral',
        'compass', 'crown', 'octopus', 'tide-pearl', 'shell', 'anchor', 'kelp', 'kelp', 'starfish', 'anchor',
        'starfish', 'tide-pearl', 'starfish', 'coral', 'tide-pearl', 'coral', 'shell', 'tide-pearl',
        'anchor', 'octopus', 'crown', 'sunken-chest', 'octopus', 'crown', 'coral', 'starfish', 'shell',
        'starfish', 'kelp', 'compass',
      ],
      [
        'coral', 'sunken-chest', 'crown', 'octopus', 'crown', 'coral', 'tide-pearl', 'kelp', 'compass',
        'kelp', 'shell', 'shell', 'compass', 'starfish', 'starfish', 'anchor', 'shell', 'shell', 'coral',
        'kelp', 'anchor', 'crown', 'tide-pearl', 'starfish', 'octopus', 'starfish', 'coral', 'tide-pearl',
        'kelp', 'compass', 'shell', 'starfish', 'compass', 'anchor', 'coral', 'octopus', 'kelp', 'anchor',
        'octopus',
      ],
    ],
  },
  freeSpins: { award: 8, multiplier: 8, maxPerRound: 40 },
  stake: { min: 20, max: 10000 },
};
