// The games API the player site and the server agree on (docs/decisions/0041-games-api.md): the catalogue,
// favourites, provably fair seeds and rounds. Amounts are integers of minor units. Imports nothing of ours.

export type GameKind = 'slot' | 'roulette' | 'blackjack';

export type Volatility = 'low' | 'medium' | 'high';

/** A lobby tile: the items of GET /api/games and of the favourites list. */
export type GameSummary = {
  id: number;
  slug: string;
  name: string;
  /** The provider's slug. */
  provider: string;
  /** The slug of the game's own category (slots, table-games); `new` and `popular` are tags. */
  category: string;
  /** Return to player in percent, 2 decimals. */
  rtp: number;
  volatility: Volatility;
  /** URL of the tile art. */
  thumbnail: string;
  /** Listing tags: a game tagged `new` or `popular` is listed in those categories too. */
  tags: string[];
  kind: GameKind;
};

export type GamesMeta = { current_page: number; per_page: number; total: number; last_page: number };

/** GET /api/games → { data: GameSummary[], meta: GamesMeta } */
export type GamesPage = { data: GameSummary[]; meta: GamesMeta };

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
  | (InfoBase & { kind: 'blackjack'; paytable: { hand: string; payout: string }[] });

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

export const ROUND_MODES = ['real', 'demo'] as const;
export type RoundMode = (typeof ROUND_MODES)[number];
export const ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const BLACKJACK_MOVES = ['hit', 'stand', 'double', 'split'] as const;
export type BlackjackMove = (typeof BLACKJACK_MOVES)[number];

/** Fun credits: demo rounds are counted in them and never touch the ledger. */
export const DEMO_CURRENCY = 'FUN';
/** Every demo session starts with 1,000.00 fun credits and may reset to it. */
export const DEMO_BALANCE = 1_000_00;

/** Client seeds: 1 to 64 printable ASCII characters, not starting or ending with a space. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/;

/** GET /api/fairness → { data: FairnessSeeds }: what the next round will use, the server seed only as its hash. */
export type FairnessSeeds = { mode: RoundMode; server_seed_hash: string; client_seed: string; nonce: number };

/** POST /api/fairness/rotate → { data: SeedRotation }: the old seed revealed, the new one committed. */
export type SeedRotation = FairnessSeeds & { previous_server_seed: string; previous_server_seed_hash: string };

export type RoundFairness = {
  server_seed_hash: string;
  client_seed: string;
  nonce: number /** Revealed once the seed is rotated, else null. */;
  server_seed: string | null;
};

/** What the player asked for: roulette `{ bets }`, a slot or blackjack `{ stake }` (validated and normalised). */
export type RoundRequest = { bets: Record<string, unknown>[] } | { stake: number };

/**
 * A round as the rounds endpoints and the history answer it. `outcome` is the engine's own result from games/,
 * so the verification page can compare it with `replayRound` field by field: roulette the spin (`pocket`,
 * `colour`, `perBet`, …), a slot the round (`base`, `freeSpins`, `totalWin`, …), blackjack the table as the
 * player may see it (the hole card null while the hand is open) plus `moves`, the actions taken in order.
 */
export type GameRound = {
  round_id: string;
  /** The game's catalogue slug. */
  game: string;
  /** The games/ engine id, `game` of replayRound. */
  engine: string;
  kind: GameKind;
  mode: RoundMode;
  status: RoundStatus;
  /** The game's currency code, or FUN for demo rounds. */
  currency: string;
  /** Everything staked on the round so far (blackjack doubles and splits included). */
  stake: number;
  /** Everything credited for the round, returned stakes included; 0 while it is open. */
  win: number;
  request: RoundRequest;
  outcome: Record<string, unknown>;
  fairness: RoundFairness;
  created_at: string;
  settled_at: string | null;
};

/** POST /api/games/{slug}/rounds and …/rounds/{id}/actions → { data: PlayedRound }: the round and the balance after it. */
export type PlayedRound = GameRound & { balance: number };

/** GET /api/player/rounds → { data: GameRound[], meta } */
export type RoundsPage = { data: GameRound[]; meta: GamesMeta };

/** GET /api/demo/wallet → { data: DemoWallet } */
export type DemoWallet = { balance: number; currency: typeof DEMO_CURRENCY };
