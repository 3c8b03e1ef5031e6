// The games API the player site and the server agree on (docs/decisions/0041-games-api.md): the catalogue,
// favourites, provably fair seeds and rounds. Amounts are integers of minor units. Imports nothing of ours
// outside contract/. The zod schemas are what the server validates and serialises with (decision 0027); the plain
// values are in games.rules.ts, which the site's bundles import instead of this file (no zod there), and are
// re-exported here.
import { z } from 'zod';
import {
  BLACKJACK_MOVES,
  DEMO_CURRENCY,
  DICE_DIRECTIONS,
  GAME_KINDS,
  GAME_SOURCES,
  MINES_MOVES,
  PLINKO_RISKS,
  ROUND_MODES,
  ROUND_STATUSES,
  type Volatility,
  VOLATILITIES,
} from './games.rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, PAGE, PER_PAGE, pageMetaSchema } from './http.ts';

export * from './games.rules.ts';

const SLUG = /^[a-z0-9-]{1,64}$/;

/** A lobby tile: the items of GET /api/games and of the favourites list. */
export const gameSummarySchema = z
  .object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    /** The provider's slug. */
    provider: z.string(),
    /** The slug of the game's own category (slots, table-games); `new` and `popular` are tags. */
    category: z.string(),
    /** Return to player in percent, 2 decimals. */
    rtp: z.number(),
    volatility: z.enum(VOLATILITIES),
    /** URL of the tile art. */
    thumbnail: z.string(),
    /** Listing tags: a game tagged `new` or `popular` is listed in those categories too. */
    tags: z.array(z.string()),
    kind: z.enum(GAME_KINDS),
    /** The house's own game, or an aggregator's (played in a frame; `kind` is `provider`). */
    source: z.enum(GAME_SOURCES),
    /** The provider's (studio's) name, shown on the tile. */
    studio: z.string(),
    /** Whether it can be played for fun money. */
    demo: z.boolean(),
  })
  .meta({ id: 'GameSummary' });
export type GameSummary = z.infer<typeof gameSummarySchema>;

export type GamesMeta = z.infer<typeof pageMetaSchema>;

/** GET /api/games → { data: GameSummary[], meta: GamesMeta } */
export const gamesPageSchema = z.object({ data: z.array(gameSummarySchema), meta: pageMetaSchema });
export type GamesPage = z.infer<typeof gamesPageSchema>;
/** GET /api/games query. */
export const gamesQuerySchema = z.object({
  q: z.string().max(100).optional(),
  category: matching(SLUG).optional(),
  provider: matching(SLUG).optional(),
  page: PAGE.optional(),
  per_page: PER_PAGE.optional(),
});
export const slugParamsSchema = z.object({ slug: z.string() });

/** A page of the catalogue asked for by the API or a loader; `category` and `provider` are slugs. */
export type GameQuery = { q?: string; category?: string; provider?: string; page: number; perPage: number };

/**
 * The house's limits for a game. Slots and blackjack: one stake per round (blackjack's first stake; doubles and
 * splits add to it) from min_stake to max_stake in steps of stake_step. Roulette: every bet at least min_stake,
 * the spin's total at most max_stake, and each bet position at most bet_limits[type].
 */
export type GameLimits = { min_stake: number; max_stake: number; stake_step: number; bet_limits: Record<string, number> };

type InfoBase = { rules: string[]; rtp: number; rtp_source: string; volatility: Volatility };

/** The info panel: rules, paytable, RTP and volatility, from the game's own maths. */
export type GameInfo =
  | (InfoBase & { kind: 'roulette'; paytable: { bet: string; type: string; covers: string; payout: string; multiplier: number }[] })
  | (InfoBase & {
      kind: 'slot';
      paytable: {
        symbol: string;
        name: string;
        kind: 'pay' | 'wild' | 'scatter';
        colour: string;
        pays: { 3: number; 4: number; 5: number };
        pays_on: 'line bet' | 'total stake';
      }[];
      lines: number;
      /** Row (0 top … 2 bottom) per reel of each payline, line 1 first. */
      paylines: number[][];
      /** Chance in percent that a paid spin wins anything or awards free spins. */
      hit_frequency: number;
      free_spins: { award: number; multiplier: number; max_per_round: number; trigger_one_in: number };
    })
  | (InfoBase & { kind: 'blackjack'; paytable: { hand: string; payout: string }[] })
  | (InfoBase & { kind: 'dice' | 'mines' | 'plinko' | 'crash' | 'provider'; paytable: { label: string; value: string }[] });

/** GET /api/games/{slug} → { data: GameDetail }; `info` is plain data from games/, checked by its type here. */
export const gameDetailSchema = gameSummarySchema.extend({
  description: z.string(),
  provider_name: z.string(),
  category_name: z.string(),
  release_date: z.string(),
  limits: z.object({ min_stake: z.int(), max_stake: z.int(), stake_step: z.int(), bet_limits: z.record(z.string(), z.int()) }),
  info: z.looseObject({ kind: z.enum(GAME_KINDS) }),
});
/** GET /api/games/{slug} → { data: GameDetail } */
export type GameDetail = GameSummary & {
  description: string;
  provider_name: string;
  category_name: string;
  /** YYYY-MM-DD */
  release_date: string;
  limits: GameLimits;
  info: GameInfo;
};

/** GET /api/fairness → { data: FairnessSeeds }: what the next round will use, the server seed only as its hash. */
export const fairnessSeedsSchema = z.object({ mode: z.enum(ROUND_MODES), server_seed_hash: z.string(), client_seed: z.string(), nonce: z.int() });
export type FairnessSeeds = z.infer<typeof fairnessSeedsSchema>;

/** POST /api/fairness/rotate → { data: SeedRotation }: the old seed revealed, the new one committed. */
export const seedRotationSchema = fairnessSeedsSchema.extend({ previous_server_seed: z.string(), previous_server_seed_hash: z.string() });
export type SeedRotation = z.infer<typeof seedRotationSchema>;

export const roundFairnessSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.int(),
  /** Revealed once the seed is rotated, else null. */
  server_seed: z.string().nullable(),
});
export type RoundFairness = z.infer<typeof roundFairnessSchema>;

/** `?mode=real|demo`: whose seeds. */
export const modeQuerySchema = z.object({ mode: z.enum(ROUND_MODES).optional() });
/** PUT /api/fairness/client-seed body (the pattern is checked by the route, with its own message). */
export const clientSeedBodySchema = z.object({ client_seed: z.string() });

/**
 * What the player asked for (validated and normalised): roulette `{ bets }`, a slot or blackjack `{ stake }`,
 * dice `{ stake, target, direction }`, mines `{ stake, mines }`, plinko `{ stake, rows, risk }`.
 */
export type RoundRequest =
  | { bets: Record<string, unknown>[] }
  | { stake: number }
  | { stake: number; target: number; direction: (typeof DICE_DIRECTIONS)[number] }
  | { stake: number; mines: number }
  | { stake: number; rows: number; risk: (typeof PLINKO_RISKS)[number] };

/**
 * A round as the rounds endpoints and the history answer it. `outcome` is the engine's own result from games/,
 * so the verification page can compare it with `replayRound` field by field: roulette the spin (`pocket`,
 * `colour`, `perBet`, …), a slot the round (`base`, `freeSpins`, `totalWin`, …), blackjack the table as the
 * player may see it (the hole card null while the hand is open) plus `moves`, the actions taken in order.
 */
export type GameRound = Omit<z.infer<typeof gameRoundSchema>, 'request'> & {
  /** The wire schema leaves the request open (each engine's own); its shapes are RoundRequest's. */
  request: RoundRequest;
};

/** POST /api/games/{slug}/rounds and …/rounds/{id}/actions → { data: PlayedRound }: the round and the balance after it. */
export type PlayedRound = GameRound & { balance: number };

/** GET /api/player/rounds → { data: GameRound[], meta } */
export type RoundsPage = { data: GameRound[]; meta: GamesMeta };

/** GET /api/demo/wallet → { data: DemoWallet } */
export type DemoWallet = { balance: number; currency: typeof DEMO_CURRENCY };
export const demoWalletSchema = z.object({ balance: z.int(), currency: z.literal(DEMO_CURRENCY) });

// --- rounds on the wire -------------------------------------------------------------------------------------
// Stakes are integers of minor units: JSON numbers only, positive and bounded before any game rule is asked.
const STAKE = z.int().min(1).max(100_000_000_00);

/** POST /api/games/{slug}/rounds body: roulette `{mode, bets}`, a slot or blackjack `{mode, stake}`; the engine checks the rest. */
export const roundBodySchema = z.object({
  mode: z.enum(ROUND_MODES),
  stake: STAKE.optional(),
  bets: z.array(z.unknown()).optional(),
  /** A free spin of the player's active free-spins bonus, at its fixed stake (any stake given is ignored). */
  free_spin: z.boolean().optional(),
  /** Dice: the target, 0.01 … 99.99 with two decimals, and whether the roll must land over or under it. */
  target: z.number().min(0).max(100).optional(),
  direction: z.enum(DICE_DIRECTIONS).optional(),
  /** Mines: how many mines hide on the 25 tiles, 1 … 24. */
  mines: z.int().min(1).max(24).optional(),
  /** Plinko: 8 … 16 rows of pegs and a risk level. */
  rows: z.int().min(8).max(16).optional(),
  risk: z.enum(PLINKO_RISKS).optional(),
});
export const roundActionParamsSchema = z.object({ slug: z.string(), roundId: z.string() });
/** A blackjack move, or a mines move (`reveal` names its `tile`). */
export const roundActionBodySchema = z.object({ action: z.enum([...BLACKJACK_MOVES, ...MINES_MOVES]), tile: z.int().min(0).max(24).optional() });
export const roundIdParamsSchema = z.object({ id: z.string() });
export const favouriteParamsSchema = z.object({ gameId: z.string() });
export const roundsQuerySchema = z.object({
  page: PAGE.optional(),
  per_page: PER_PAGE.optional(),
  game: matching(SLUG).optional(),
  status: z.enum(ROUND_STATUSES).optional(),
});

export const gameRoundSchema = z
  .object({
    round_id: z.string(),
    /** The game's catalogue slug. */
    game: z.string(),
    /** The games/ engine id, `game` of replayRound. */
    engine: z.string(),
    kind: z.enum(GAME_KINDS),
    mode: z.enum(ROUND_MODES),
    status: z.enum(ROUND_STATUSES),
    /** The game's currency code, or FUN for demo rounds. */
    currency: z.string(),
    /** Everything staked on the round so far (blackjack doubles and splits included). */
    stake: z.int(),
    /** Everything credited for the round, returned stakes included; 0 while it is open. */
    win: z.int(),
    // Plain data from the engines in games/ (decision 0041): its shape is the engine's (see RoundOutcome).
    request: z.record(z.string(), z.unknown()),
    outcome: z.record(z.string(), z.unknown()),
    fairness: roundFairnessSchema,
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .meta({ id: 'GameRound' });
export const playedRoundSchema = gameRoundSchema.extend({ balance: z.int() }).meta({ id: 'PlayedRound' });
export const roundsPageSchema = z.object({ data: z.array(gameRoundSchema), meta: pageMetaSchema });

export const favouritesResponseSchema = dataOf(z.array(gameSummarySchema));

// --- round outcomes per engine ------------------------------------------------------------------------------
// What each engine in games/ returns as a round's `outcome` (contract/ imports nothing from games/, so the shapes
// are restated here). Loose objects: an engine may add fields without breaking an older client.

const rouletteBetSchema = z.looseObject({ type: z.string(), amount: z.int() });
export const rouletteOutcomeSchema = z.looseObject({
  pocket: z.int().min(0).max(36),
  colour: z.enum(['green', 'red', 'black']),
  /** The sum of the bets' amounts. */
  stake: z.int(),
  /** Winnings plus the stakes of winning bets; 0 when nothing won. */
  win: z.int(),
  perBet: z.array(z.object({ bet: rouletteBetSchema, won: z.boolean(), payout: z.int() })),
});
export type RouletteOutcome = z.infer<typeof rouletteOutcomeSchema>;

const slotSpinSchema = z.looseObject({
  mode: z.enum(['base', 'free']),
  stops: z.array(z.int()),
  /** grid[reel][row], row 0 on top. */
  grid: z.array(z.array(z.string())),
  lineWins: z.array(z.object({ line: z.int(), symbol: z.string(), count: z.int(), amount: z.int() })),
  scatter: z.object({ count: z.int(), amount: z.int() }),
  multiplier: z.number(),
  freeSpinsAwarded: z.int(),
  total: z.int(),
});
export type SlotSpinOutcome = z.infer<typeof slotSpinSchema>;
export const slotOutcomeSchema = z.looseObject({
  slug: z.string(),
  stake: z.int(),
  lineBet: z.number(),
  base: slotSpinSchema,
  freeSpins: z.array(slotSpinSchema),
  /** Base spin plus all free spins. */
  totalWin: z.int(),
  floatsUsed: z.int(),
});
export type SlotOutcome = z.infer<typeof slotOutcomeSchema>;

const HAND_OUTCOMES = ['blackjack', 'win', 'push', 'lose'] as const;
/** The table as the player may see it: the hole card is null while the hand is open; `moves` are the actions taken. */
export const blackjackOutcomeSchema = z.looseObject({
  phase: z.enum(['player', 'finished']),
  stake: z.int(),
  dealer: z.object({ cards: z.array(z.string().nullable()), total: z.int(), soft: z.boolean() }),
  hands: z.array(
    z.object({
      cards: z.array(z.string()),
      total: z.int(),
      soft: z.boolean(),
      stake: z.int(),
      doubled: z.boolean(),
      outcome: z.enum(HAND_OUTCOMES).nullable(),
      payout: z.int().nullable(),
    }),
  ),
  active: z.int().nullable(),
  actions: z.array(z.enum(BLACKJACK_MOVES)),
  settlement: z.object({ totalStake: z.int(), win: z.int(), hands: z.array(z.object({ outcome: z.enum(HAND_OUTCOMES), payout: z.int() })) }).nullable(),
  moves: z.array(z.enum(BLACKJACK_MOVES)),
});
export type BlackjackOutcome = z.infer<typeof blackjackOutcomeSchema>;

export const diceOutcomeSchema = z.looseObject({
  roll: z.number(),
  target: z.number(),
  direction: z.enum(DICE_DIRECTIONS),
  chance: z.number(),
  multiplier: z.number(),
  won: z.boolean(),
  stake: z.int(),
  win: z.int(),
});
export type DiceOutcome = z.infer<typeof diceOutcomeSchema>;

/** The board as the player may see it: `minePositions` null while the round is open; `moves` the picks in order. */
export const minesOutcomeSchema = z.looseObject({
  phase: z.enum(['player', 'finished']),
  stake: z.int(),
  mines: z.int(),
  minePositions: z.array(z.int()).nullable(),
  revealed: z.array(z.int()),
  hitMine: z.int().nullable(),
  cashOutValue: z.int(),
  nextMultiplier: z.number().nullable(),
  settlement: z.object({ win: z.int(), multiplier: z.number(), reason: z.enum(['cashout', 'mine', 'cleared', 'untouched']) }).nullable(),
  moves: z.array(z.string()),
});
export type MinesOutcome = z.infer<typeof minesOutcomeSchema>;

export const plinkoOutcomeSchema = z.looseObject({
  rows: z.int(),
  risk: z.enum(PLINKO_RISKS),
  path: z.array(z.enum(['L', 'R'])),
  bucket: z.int(),
  multiplier: z.number(),
  stake: z.int(),
  win: z.int(),
});
export type PlinkoOutcome = z.infer<typeof plinkoOutcomeSchema>;

/** A round whose `outcome` is typed by its `kind`: narrow on `round.kind` instead of casting the outcome. */
export const typedGameRoundSchema = z.discriminatedUnion('kind', [
  gameRoundSchema.extend({ kind: z.literal('roulette'), outcome: rouletteOutcomeSchema }),
  gameRoundSchema.extend({ kind: z.literal('slot'), outcome: slotOutcomeSchema }),
  gameRoundSchema.extend({ kind: z.literal('blackjack'), outcome: blackjackOutcomeSchema }),
  gameRoundSchema.extend({ kind: z.literal('dice'), outcome: diceOutcomeSchema }),
  gameRoundSchema.extend({ kind: z.literal('mines'), outcome: minesOutcomeSchema }),
  gameRoundSchema.extend({ kind: z.literal('plinko'), outcome: plinkoOutcomeSchema }),
]);
export type TypedGameRound = z.infer<typeof typedGameRoundSchema>;
export type RoundOutcome = TypedGameRound['outcome'];

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
/** The lobby's catalogue (server/modules/catalog). */
export const catalogEndpoints = {
  games: defineEndpoint({
    method: 'GET',
    path: '/api/games',
    query: gamesQuerySchema,
    responses: { 200: gamesPageSchema },
    auth: 'public',
    summary: 'The games on offer, searched and filtered, a page at a time',
    operationId: 'listGames',
  }),
  game: defineEndpoint({
    method: 'GET',
    path: '/api/games/:slug',
    params: slugParamsSchema,
    responses: { 200: dataOf(gameDetailSchema) },
    auth: 'public',
    summary: 'One game',
    operationId: 'getGame',
  }),
};

/** Play (server/modules/games): favourites, provably fair seeds, rounds and the demo wallet. */
export const gameEndpoints = {
  favourites: defineEndpoint({
    method: 'GET',
    path: '/api/player/favourite/games',
    responses: { 200: favouritesResponseSchema },
    auth: 'active-player',
    summary: 'The player’s favourite games',
    operationId: 'listFavouriteGames',
  }),
  toggleFavourite: defineEndpoint({
    method: 'POST',
    path: '/api/player/favourite/games/:gameId',
    params: favouriteParamsSchema,
    responses: { 200: favouritesResponseSchema },
    auth: 'active-player',
    summary: 'Add a game to the favourites, or take it off',
    operationId: 'toggleFavouriteGame',
  }),
  seeds: defineEndpoint({
    method: 'GET',
    path: '/api/fairness',
    query: modeQuerySchema,
    responses: { 200: dataOf(fairnessSeedsSchema) },
    auth: 'optional-player',
    summary: 'The provably fair seeds of real play (a signed-in player) or demo play',
    operationId: 'getFairnessSeeds',
  }),
  setClientSeed: defineEndpoint({
    method: 'PUT',
    path: '/api/fairness/client-seed',
    query: modeQuerySchema,
    body: clientSeedBodySchema,
    responses: { 200: dataOf(fairnessSeedsSchema) },
    auth: 'optional-player',
    summary: 'Choose the client seed',
    operationId: 'setClientSeed',
  }),
  rotateSeeds: defineEndpoint({
    method: 'POST',
    path: '/api/fairness/rotate',
    query: modeQuerySchema,
    responses: { 200: dataOf(seedRotationSchema) },
    auth: 'optional-player',
    summary: 'Reveal the server seed and start a new pair',
    operationId: 'rotateSeeds',
  }),
  play: defineEndpoint({
    method: 'POST',
    path: '/api/games/:slug/rounds',
    params: slugParamsSchema,
    body: roundBodySchema,
    responses: { 201: dataOf(playedRoundSchema) },
    auth: 'optional-player',
    idempotent: 'real-play',
    summary: 'Play a round, for real money (an active player) or in demo play',
    operationId: 'playRound',
  }),
  act: defineEndpoint({
    method: 'POST',
    path: '/api/games/:slug/rounds/:roundId/actions',
    params: roundActionParamsSchema,
    body: roundActionBodySchema,
    responses: { 200: dataOf(playedRoundSchema) },
    auth: 'optional-player',
    idempotent: 'real-play',
    summary: 'Make a move in a round in progress (blackjack, mines)',
    operationId: 'actInRound',
  }),
  rounds: defineEndpoint({
    method: 'GET',
    path: '/api/player/rounds',
    query: roundsQuerySchema,
    responses: { 200: roundsPageSchema },
    auth: 'player',
    summary: 'The player’s rounds, newest first',
    operationId: 'listRounds',
  }),
  round: defineEndpoint({
    method: 'GET',
    path: '/api/player/rounds/:id',
    params: roundIdParamsSchema,
    responses: { 200: dataOf(gameRoundSchema) },
    auth: 'player',
    summary: 'One of the player’s rounds',
    operationId: 'getRound',
  }),
  demoWallet: defineEndpoint({
    method: 'GET',
    path: '/api/demo/wallet',
    responses: { 200: dataOf(demoWalletSchema) },
    auth: 'public',
    summary: 'The demo session’s play-money balance',
    operationId: 'getDemoWallet',
  }),
  resetDemoWallet: defineEndpoint({
    method: 'POST',
    path: '/api/demo/wallet/reset',
    responses: { 200: dataOf(demoWalletSchema) },
    auth: 'public',
    summary: 'Refill the demo balance',
    operationId: 'resetDemoWallet',
  }),
};
