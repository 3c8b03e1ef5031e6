// The games' plain values, shared by the player site and the server (docs/decisions/0041-games-api.md): kinds,
// volatilities, round modes and statuses, moves, the demo currency, the client seed's pattern. No zod here, so the
// site's bundles can import it; the schemas (and the types made from them) are in games.ts, which re-exports all of
// this. Imports nothing.

/** `provider`: an aggregator's game, played on the aggregator's page in a frame (decision 0100), never by our engines. */
export const GAME_KINDS = ['slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko', 'crash', 'provider'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** Whose game it is: the house's own, or an aggregator's (Hub88). */
export const GAME_SOURCES = ['house', 'hub88'] as const;
export type GameSource = (typeof GAME_SOURCES)[number];

export const VOLATILITIES = ['low', 'medium', 'high'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

export const ROUND_MODES = ['real', 'demo'] as const;
export type RoundMode = (typeof ROUND_MODES)[number];
export const ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const BLACKJACK_MOVES = ['hit', 'stand', 'double', 'split'] as const;
export type BlackjackMove = (typeof BLACKJACK_MOVES)[number];
/** Mines: reveal a tile (with `tile`, 0 … 24, row by row from the top left) or take the current value. */
export const MINES_MOVES = ['reveal', 'cashout'] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export const DICE_DIRECTIONS = ['over', 'under'] as const;

/** Fun credits: demo rounds are counted in them and never touch the ledger. */
export const DEMO_CURRENCY = 'FUN';
/** Every demo session starts with 1,000.00 fun credits and may reset to it. */
export const DEMO_BALANCE = 1_000_00;

/** Client seeds: 1 to 64 printable ASCII characters, not starting or ending with a space. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/;
