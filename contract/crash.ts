// The crash API (docs/decisions/0071-crash.md): one shared round at a time, bets and cash-outs, past rounds with
// their revealed hashes. Amounts are integers of minor units; multipliers are hundredths (150 = 1.50×). The plain
// values are in crash.rules.ts, which the site's bundles import instead of this file (no zod there), and are
// re-exported here.
import { z } from 'zod';
import { CRASH_BET_STATUSES, CRASH_STATUSES } from './crash.rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, PAGE, PER_PAGE, pageMetaSchema } from './http.ts';

export * from './crash.rules.ts';

export const crashGameSchema = z
  .object({
    id: z.int(),
    status: z.enum(CRASH_STATUSES),
    betting_ends_at: z.string(),
    started_at: z.string().nullable(),
    /** Hundredths; shown only once the round has crashed (below 100: crashed at once, at 1.00×). */
    crash_point: z.int().nullable(),
    /** This round's link of the hash chain, revealed once it has crashed. */
    hash: z.string().nullable(),
    chain_id: z.int(),
    chain_index: z.int(),
    /** The round's crash moment passed while no server ran the rounds: bets still in were returned. */
    interrupted: z.boolean(),
  })
  .meta({ id: 'CrashGame' });
export type CrashGame = z.infer<typeof crashGameSchema>;

/** A bet as everyone sees it: the player only as a short alias. */
export const crashPublicBetSchema = z.object({
  player: z.string(),
  stake: z.int(),
  currency: z.string(),
  auto_cashout: z.int().nullable(),
  cashout: z.int().nullable(),
  win: z.int(),
  status: z.enum(CRASH_BET_STATUSES),
});
export type CrashPublicBet = z.infer<typeof crashPublicBetSchema>;

export const crashBetSchema = crashPublicBetSchema.extend({ id: z.string(), game_id: z.int(), created_at: z.string() }).meta({ id: 'CrashBet' });
export type CrashBet = z.infer<typeof crashBetSchema>;

/** GET /api/crash → { data: CrashState } */
export const crashStateSchema = z.object({
  game: crashGameSchema.nullable(),
  /** The server's clock when answering, so a browser can run the multiplier in step with it. */
  server_time: z.string(),
  /** Per millisecond: the multiplier is e^(growth × ms since the start). */
  growth: z.number(),
  bets: z.array(crashPublicBetSchema),
  /** The signed-in player's bet in this round, if any. */
  my_bet: crashBetSchema.nullable(),
  history: z.array(crashGameSchema),
  chain: z.object({ id: z.int(), terminating_hash: z.string(), length: z.int() }).nullable(),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** POST /api/crash/bets body: the stake and an optional automatic cash-out (hundredths, 1.01× … 10,000×). */
export const crashBetBodySchema = z.object({
  stake: z.int().min(1).max(100_000_000_00),
  auto_cashout: z.int().min(101).max(1_000_000).nullable().optional(),
});
/** POST /api/crash/bets and /api/crash/cashout → { data: CrashBetPlaced } */
export const crashBetPlacedSchema = z.object({ bet: crashBetSchema, balance: z.int() });
export type CrashBetPlaced = z.infer<typeof crashBetPlacedSchema>;

/**
 * A bet in the player's own list (GET /api/player/crash-bets): the bet, the round's crash point once it has crashed
 * (hundredths, else null) and when the bet was settled (cashed out, lost or returned).
 */
export const crashPlayerBetSchema = crashBetSchema
  .extend({ crash_point: z.int().nullable(), interrupted: z.boolean(), settled_at: z.string().nullable() })
  .meta({ id: 'CrashPlayerBet' });
export type CrashPlayerBet = z.infer<typeof crashPlayerBetSchema>;
/** GET /api/player/crash-bets?page&per_page → { data: CrashPlayerBet[], meta }, newest first. */
export const crashBetsQuerySchema = z.object({ page: PAGE.optional(), per_page: PER_PAGE.optional() });
export const crashBetsPageSchema = z.object({ data: z.array(crashPlayerBetSchema), meta: pageMetaSchema });
export type CrashBetsPage = z.infer<typeof crashBetsPageSchema>;

/** GET /api/crash/games/{id} → { data: CrashGameDetail }: a round with its chain's published hash. */
export const crashGameDetailSchema = crashGameSchema.extend({ terminating_hash: z.string() });

export const crashGameParamsSchema = z.object({ id: z.string() });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const crashEndpoints = {
  state: defineEndpoint({
    method: 'GET',
    path: '/api/crash',
    responses: { 200: dataOf(crashStateSchema) },
    auth: 'optional-player',
    summary: 'The crash table now: the round, its bets and the last rounds (and a signed-in player’s own bet)',
    operationId: 'getCrashState',
  }),
  game: defineEndpoint({
    method: 'GET',
    path: '/api/crash/games/:id',
    params: crashGameParamsSchema,
    responses: { 200: dataOf(crashGameDetailSchema) },
    auth: 'public',
    summary: 'One crash round, with its chain’s published hash',
    operationId: 'getCrashGame',
  }),
  bet: defineEndpoint({
    method: 'POST',
    path: '/api/crash/bets',
    body: crashBetBodySchema,
    responses: { 201: dataOf(crashBetPlacedSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Bet on the next crash round',
    operationId: 'placeCrashBet',
  }),
  cashOut: defineEndpoint({
    method: 'POST',
    path: '/api/crash/cashout',
    responses: { 200: dataOf(crashBetPlacedSchema) },
    auth: 'active-player',
    idempotent: true,
    summary: 'Cash out the player’s bet in the running round',
    operationId: 'cashOutCrashBet',
  }),
  bets: defineEndpoint({
    method: 'GET',
    path: '/api/player/crash-bets',
    query: crashBetsQuerySchema,
    responses: { 200: crashBetsPageSchema },
    auth: 'player',
    summary: 'The player’s crash bets, newest first',
    operationId: 'listCrashBets',
  }),
};
