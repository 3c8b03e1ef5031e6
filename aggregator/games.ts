// The games this reference aggregator offers: one three-reel slot in three looks, all of our own invention. Each entry
// carries the fields of Hub88's game list item (POST /operator/generic/v2/game/list,
// https://docs.hub88.io/developer-docs/operator-api-reference/games-api).

export const PRODUCT = 'Croupier Reference Studio';

export interface Theme {
  /** Page background, top and bottom. */
  sky: [string, string];
  /** Cabinet frame gradient and the accent used for buttons and wins. */
  frame: [string, string];
  accent: string;
  /** The art drawn for the slot's fourth symbol ('emblem' in slot.ts). */
  emblem: 'clover' | 'lantern' | 'shell';
  tagline: string;
}

export interface DemoGame {
  game_code: string;
  name: string;
  category: string;
  release_date: string;
  theme: Theme;
  features: string[];
  themes: string[];
}

export const GAMES: readonly DemoGame[] = [
  {
    game_code: 'crp_copper_clover',
    name: 'Copper Clover',
    category: 'Video Slots',
    release_date: '2025-03-17',
    theme: { sky: ['#0f3d2e', '#04140f'], frame: ['#d08a3c', '#7a4a1c'], accent: '#ffe29a', emblem: 'clover', tagline: 'Three reels, one line, copper luck.' },
    features: ['Free bets'],
    themes: ['Luck', 'Classic'],
  },
  {
    game_code: 'crp_lantern_drift',
    name: 'Lantern Drift',
    category: 'Video Slots',
    release_date: '2025-06-02',
    theme: { sky: ['#2b1a4f', '#0b0718'], frame: ['#e35d6a', '#7d1f3a'], accent: '#ffcf5c', emblem: 'lantern', tagline: 'Lanterns rise on a quiet night.' },
    features: ['Free bets'],
    themes: ['Night', 'Festival'],
  },
  {
    game_code: 'crp_tide_pool_trio',
    name: 'Tide Pool Trio',
    category: 'Video Slots',
    release_date: '2025-09-09',
    theme: { sky: ['#0b4f6c', '#031b26'], frame: ['#3fc1c9', '#146c78'], accent: '#fce38a', emblem: 'shell', tagline: 'Shells, stars and gems at low tide.' },
    features: ['Free bets'],
    themes: ['Ocean'],
  },
];

export function findGame(code: unknown): DemoGame | undefined {
  return GAMES.find((game) => game.game_code === code);
}

/** One item of the game list, in the order and with the fields Hub88 documents. */
export function gameListItem(game: DemoGame, publicUrl: string) {
  return {
    url_thumb: `${publicUrl}/thumbs/${game.game_code}.svg`,
    url_background: `${publicUrl}/backgrounds/${game.game_code}.svg`,
    product: PRODUCT,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    name: game.name,
    game_code: game.game_code,
    freebet_support: true,
    demo_game_support: true,
    phoenix_jackpot_support: false,
    enabled: true,
    category: game.category,
    blocked_countries: [],
    release_date: game.release_date,
    volatility: 3,
    rtp: '96.64',
    paylines: 1,
    hit_ratio: '21.84',
    certifications: [],
    languages: ['eng'],
    theme: game.themes,
    technology: ['HTML5'],
    features: game.features,
  };
}
