// Aggregators' games (Hub88) on our API (docs/decisions/0100-provider-games-launch-and-console.md): the launch the
// play page asks for, and the console's Providers screen (connection status, games, sync, reconciliation). Amounts
// are integers of minor units. The plain values are in providers.rules.ts, which the site's bundles import instead.
import { z } from 'zod';
import { defineEndpoint, fileAnswer } from './endpoint.ts';
import { slugParamsSchema } from './games.ts';
import { LAUNCH_MODES, PROVIDER_TX_STATES, RECONCILIATION_DAY } from './providers.rules.ts';
import { dataOf, matching, text } from './http.ts';

export * from './providers.rules.ts';

/** POST /api/games/{slug}/launch body: real money (signed-in, active players) or the provider's demo. */
export const launchBodySchema = z.object({ mode: z.enum(LAUNCH_MODES) });

/** POST /api/games/{slug}/launch → { data: GameLaunch }: the provider's page to show in the frame. */
export const gameLaunchSchema = z
  .object({
    url: z.string(),
    mode: z.enum(LAUNCH_MODES),
    /** The wallet's currency, or XXX for a demo (fun money at the provider). */
    currency: z.string(),
    game: z.object({ slug: z.string(), name: z.string() }),
  })
  .meta({ id: 'GameLaunch' });
export type GameLaunch = z.infer<typeof gameLaunchSchema>;

const instant = z.string().nullable();

export const providerSyncSchema = z.object({
  id: z.int(),
  trigger: z.enum(['schedule', 'operator']),
  started_at: z.string(),
  finished_at: instant,
  ok: z.boolean().nullable(),
  total: z.int(),
  added: z.int(),
  updated: z.int(),
  withdrawn: z.int(),
  error: z.string().nullable(),
});
export type ProviderSync = z.infer<typeof providerSyncSchema>;

/** The connection's health: the last syncs, the last wallet call from the aggregator, our calls' error rate. */
export const providerStatusSchema = z.object({
  provider: z.string(),
  configured: z.boolean(),
  api_url: z.string().nullable(),
  operator_id: z.int().nullable(),
  last_sync: providerSyncSchema.nullable(),
  last_successful_sync_at: instant,
  /** When the aggregator last called our wallet (a bet, win or rollback). */
  last_callback_at: instant,
  /** Our calls to the aggregator over the last 24 hours, and how many failed. */
  calls_24h: z.int(),
  failed_calls_24h: z.int(),
  /** Percent of our calls that failed over the last 24 hours; null without calls. */
  error_rate: z.number().nullable(),
  last_failure: z.object({ at: z.string(), endpoint: z.string(), error: z.string().nullable() }).nullable(),
  /** The aggregator's transactions over the last 24 hours, and how many we refused. */
  callbacks_24h: z.int(),
  refused_callbacks_24h: z.int(),
  games: z.object({ total: z.int(), enabled: z.int(), withdrawn: z.int() }),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerGameSchema = z.object({
  slug: z.string(),
  name: z.string(),
  code: z.string(),
  studio: z.string(),
  category: z.string(),
  thumbnail: z.string(),
  enabled: z.boolean(),
  /** No longer on the aggregator's list: hidden from players whatever `enabled` says. */
  withdrawn: z.boolean(),
  demo: z.boolean(),
  freebets: z.boolean(),
  rtp: z.number(),
  /** Percent of a stake that counts toward bonus wagering, on top of the category's; null: all of it. */
  wagering_contribution: z.int().nullable(),
  synced_at: instant,
});
export type ProviderGame = z.infer<typeof providerGameSchema>;

/** GET /api/admin/providers → { data: AdminProviders } */
export const adminProvidersSchema = z.object({
  status: providerStatusSchema,
  games: z.array(providerGameSchema),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminProviders = z.infer<typeof adminProvidersSchema>;

/** PUT /api/admin/providers/games/{slug} body: any of the operator's choices for one game. */
export const providerGameBodySchema = z.object({
  enabled: z.boolean().optional(),
  category: text(64).optional(),
  wagering_contribution: z.int().min(0).max(100).nullable().optional(),
});
export type ProviderGameBody = z.infer<typeof providerGameBodySchema>;
export const providerGameParamsSchema = z.object({ slug: matching(/^[a-z0-9-]{1,64}$/) });

/** GET /api/admin/providers/reconciliation (and its CSV export) query. */
export const reconciliationQuerySchema = z.object({
  day: matching(RECONCILIATION_DAY).optional(),
  status: z.enum(PROVIDER_TX_STATES).optional(),
  round: text(255).optional(),
  /** A round with no transaction for this many minutes is listed as left open (default 30). */
  open_minutes: matching(/^[1-9][0-9]{0,4}$/).optional(),
});

export const providerTransactionSchema = z.object({
  at: z.string(),
  transaction_uuid: z.string(),
  kind: z.enum(['bet', 'win', 'rollback']),
  state: z.enum(PROVIDER_TX_STATES),
  response: z.string().nullable(),
  player_id: z.string(),
  round: z.string().nullable(),
  game_code: z.string().nullable(),
  game_name: z.string().nullable(),
  currency: z.string(),
  amount: z.int(),
  free: z.boolean(),
  reference_uuid: z.string().nullable(),
  /** Who the player is, for the console (names, not ids). */
  player_name: z.string().nullable().optional(),
  player_email: z.string().nullable().optional(),
});
export type ProviderTransaction = z.infer<typeof providerTransactionSchema>;

export const providerRoundSchema = z.object({
  round: z.string(),
  player_id: z.string(),
  game_code: z.string(),
  status: z.enum(['open', 'closed']),
  stake: z.int(),
  win: z.int(),
  opened_at: z.string(),
  updated_at: z.string(),
  closed_at: instant,
  player_name: z.string().nullable().optional(),
  player_email: z.string().nullable().optional(),
});
export type ProviderRound = z.infer<typeof providerRoundSchema>;

/** GET /api/admin/providers/reconciliation → { data: Reconciliation }: one UTC day of an aggregator's transactions. */
export const reconciliationSchema = z.object({
  day: z.string(),
  currency: z.string(),
  totals: z.object({
    transactions: z.int(),
    bets: z.int(),
    wins: z.int(),
    rollbacks: z.int(),
    refused: z.int(),
    stakes: z.int(),
    paid: z.int(),
    ggr: z.int(),
  }),
  /** The day's rounds, by their first transaction. */
  rounds: z.array(providerRoundSchema),
  /** The day's transactions (at most 1,000), filtered by status and round when asked. */
  transactions: z.array(providerTransactionSchema),
  truncated: z.boolean(),
  /** Rounds of any day with a bet and no win or rollback for `open_minutes`: to settle with the aggregator. */
  open_rounds: z.array(providerRoundSchema),
  open_minutes: z.int(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** POST /api/admin/providers/sync → { data: ProviderSync } */
export const syncResultSchema = providerSyncSchema;

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
/** The play page's launch and the console's Providers screen (server/modules/providers/routes.ts). */
export const providerEndpoints = {
  // An aggregator's game (`source` hub88): the page to show in a frame. `real` needs a signed-in, active player (401,
  // 423, 403) not kept from play (403 `excluded`) nor in a country the game is blocked in (403 `country`); `demo` is
  // for everyone whose account is not blocked, where the game has one. 404: no such game; 409 `game_unavailable`:
  // switched off; 503 `maintenance`; 502/504: the provider failed.
  launch: defineEndpoint({
    method: 'POST',
    path: '/api/games/:slug/launch',
    params: slugParamsSchema,
    body: launchBodySchema,
    responses: { 200: dataOf(gameLaunchSchema) },
    auth: 'optional-player',
    summary: 'Launch an aggregator’s game, for real money or as a demo: the page to show in a frame',
    operationId: 'launchProviderGame',
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/providers',
    responses: { 200: dataOf(adminProvidersSchema) },
    auth: 'operator',
    permission: 'games.manage',
    summary: 'The game providers’ connection, games and categories',
    operationId: 'getProviders',
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/api/admin/providers/sync',
    responses: { 200: dataOf(syncResultSchema) },
    auth: 'operator',
    permission: 'games.manage',
    summary: 'Fetch the provider’s game list now',
    operationId: 'syncProviderGames',
  }),
  updateGame: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/providers/games/:slug',
    params: providerGameParamsSchema,
    body: providerGameBodySchema,
    responses: { 200: dataOf(providerGameSchema) },
    auth: 'operator',
    permission: 'games.manage',
    summary: 'Switch a provider’s game on or off, or change its category or wagering contribution',
    operationId: 'updateProviderGame',
  }),
  reconciliation: defineEndpoint({
    method: 'GET',
    path: '/api/admin/providers/reconciliation',
    query: reconciliationQuerySchema,
    responses: { 200: dataOf(reconciliationSchema) },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'A day’s provider rounds and transactions, and the rounds left open',
    operationId: 'getProviderReconciliation',
  }),
  reconciliationExport: defineEndpoint({
    method: 'GET',
    path: '/api/admin/providers/reconciliation/export',
    query: reconciliationQuerySchema,
    responses: { 200: fileAnswer('text/csv', 'The day’s provider transactions as CSV.') },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'A day’s provider transactions as CSV (formula-safe cells)',
    operationId: 'exportProviderReconciliation',
  }),
};
