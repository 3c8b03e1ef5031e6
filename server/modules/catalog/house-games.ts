// The studio's own titles as the catalogue lists them. RTP, volatility and stake ranges come from each game's
// maths in games/, so the lobby can never disagree with the info panel; names, art and dates are the house's.

import type { GameKind } from '../../../contract/games.ts';
import { gameInfo } from '../../../games/catalogue.ts';

export const HOUSE_PROVIDER = 'croupier-studio';

/**
 * Roulette table limits per bet position, in minor units, chosen so that every position's largest return is the
 * same €900 (straight 25.00 × 36, split 50.00 × 18, …, even money 450.00 × 2).
 */
export const ROULETTE_BET_LIMITS: Readonly<Record<string, number>> = {
  straight: 25_00,
  split: 50_00,
  street: 75_00,
  corner: 100_00,
  line: 150_00,
  dozen: 300_00,
  column: 300_00,
  red: 450_00,
  black: 450_00,
  odd: 450_00,
  even: 450_00,
  low: 450_00,
  high: 450_00,
};

type HouseGame = {
  slug: string;
  description: string;
  category: 'originals' | 'slots' | 'table-games';
  tags: string[];
  engine: GameKind;
  releaseDate: string;
  betLimits?: Record<string, number>;
};

const HOUSE_GAMES: readonly HouseGame[] = [
  {
    slug: 'crash',
    description: 'One shared round for everyone: the multiplier climbs until it crashes. Cash out in time.',
    category: 'originals',
    tags: ['new', 'popular'],
    engine: 'crash',
    releaseDate: '2026-11-20',
  },
  {
    slug: 'dice',
    description: 'Pick a target, roll over or under: any win chance from 0.01% to 98%, settled in an instant.',
    category: 'originals',
    tags: ['new'],
    engine: 'dice',
    releaseDate: '2026-11-18',
  },
  {
    slug: 'mines',
    description: 'Twenty-five tiles, as many mines as you dare. Every safe tile raises the prize; cash out any time.',
    category: 'originals',
    tags: ['new'],
    engine: 'mines',
    releaseDate: '2026-11-19',
  },
  {
    slug: 'plinko',
    description: 'Drop the ball through up to sixteen rows of pegs and watch it bounce into a bucket worth up to 1,000×.',
    category: 'originals',
    tags: ['new', 'popular'],
    engine: 'plinko',
    releaseDate: '2026-11-17',
  },
  {
    slug: 'lantern-orchard',
    description: 'Paper lanterns, kites and drums in a moonlit orchard: twenty lines of gentle, frequent wins.',
    category: 'slots',
    tags: ['popular'],
    engine: 'slot',
    releaseDate: '2026-03-12',
  },
  {
    slug: 'clockwork-comet',
    description: 'Brass instruments chart a passing comet across ten lines, with free spins that pay triple.',
    category: 'slots',
    tags: ['popular'],
    engine: 'slot',
    releaseDate: '2026-07-01',
  },
  {
    slug: 'tidebound-hoard',
    description: 'A sunken wreck and its patient octopus guard a hoard: rare free spins at eight times the pay.',
    category: 'slots',
    tags: ['new'],
    engine: 'slot',
    releaseDate: '2026-11-02',
  },
  {
    slug: 'european-roulette',
    description: 'The single-zero wheel with every classic bet, from straight up at 35 to 1 to red or black.',
    category: 'table-games',
    tags: ['popular'],
    engine: 'roulette',
    releaseDate: '2026-01-15',
    betLimits: { ...ROULETTE_BET_LIMITS },
  },
  {
    slug: 'blackjack',
    description: 'Six decks shuffled for every hand, dealer stands on soft 17, blackjack pays 3 to 2.',
    category: 'table-games',
    tags: ['new'],
    engine: 'blackjack',
    releaseDate: '2026-10-20',
  },
];

/** The rows the seed inserts; the slug doubles as the engine config id (a slot title's id in games/). */
export function houseGameRows() {
  return HOUSE_GAMES.map((game) => {
    const info = gameInfo(game.slug);
    if (!info || info.kind !== game.engine) throw new Error(`games/ has no ${game.engine} called ${game.slug}`);
    return {
      slug: game.slug,
      name: info.name,
      description: game.description,
      category: game.category,
      tags: game.tags,
      engine: game.engine,
      engineConfig: game.slug,
      rtp: info.rtpPercent,
      volatility: info.volatility,
      thumbnail: `/games/${game.slug}.svg`,
      releaseDate: game.releaseDate,
      minStake: info.stake.min,
      maxStake: info.stake.max,
      betLimits: game.betLimits ?? {},
    };
  });
}
