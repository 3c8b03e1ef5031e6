// Types the player site and the server agree on. Imports nothing outside contract/ (DESIGN.md).
import type { BonusOffer, PlayerBonus, PlayerFreeRounds } from './bonuses.ts';
import type { Loyalty, Vip } from './clubs.ts';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf } from './http.ts';
import { JURISDICTION_IDS } from './jurisdictions.ts';
import type { GameDetail, GameQuery, GamesPage, GameSummary } from './games.ts';
import type { PlayerMessage } from './messages.ts';
import type { PlayClosed } from './play-closed.ts';
import type { Transaction, TransactionsMeta, TransactionStatus, TransactionType, Wallet } from './wallet.ts';

export const ACTIVATION_TYPES = ['email', 'sms'] as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[number];

export const APP_ENVS = ['development', 'staging', 'production'] as const;

export const realtimePublicConfigSchema = z.object({ key: z.string(), host: z.string(), port: z.int(), scheme: z.enum(['http', 'https']) });
export type RealtimePublicConfig = z.infer<typeof realtimePublicConfigSchema>;

/** GET /api/settings/get → { data: PublicSettings } */
export const publicSettingsSchema = z
  .object({
    site_name: z.string(),
    default_currency: z.string(),
    registration_activation_type: z.enum(ACTIVATION_TYPES),
    maintenance: z.enum(['true', 'false']),
    app_env: z.enum(APP_ENVS),
    public_url: z.string(),
    /** Filled by the realtime work: { key, host, port, scheme }. */
    realtime: realtimePublicConfigSchema.nullable(),
    /** Tag manager id; the analytics script loads only in production with an id. */
    analytics_id: z.string().nullable(),
    /** Script URL of the support-chat widget, or null for none. */
    support_chat_url: z.string().nullable(),
    /** Visitor-location trace endpoint (key=value lines with loc=), or null for none. */
    visitor_trace_url: z.string().nullable(),
    /** The licences held (docs/decisions/0120): registration offers the countries their profiles serve. */
    jurisdictions: z.array(z.enum(JURISDICTION_IDS)),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** Who is looking at the page. `null` for a guest. */
export type Viewer = {
  id: string | null;
  email: string | null;
  active: boolean;
  blocked: boolean;
};

/** A server route rule: requests for `source` are redirected to `target` (a path or an absolute URL). */
export type RouteRule = { source: string; target: string; status: 301 | 302 | 307 | 308 };

export type PromotionSummary = {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  summary: string;
  badge: string;
  ctaLabel: string;
  endsAt: string | null;
};

export type Promotion = PromotionSummary & { body: string };

export type GameCategory = { slug: string; name: string; description: string };

/** What a `/{slug}` listing path resolves to (the all-games guard). */
export type ListingTarget = { kind: 'category' | 'provider'; slug: string; name: string; description: string };

/** A page of the player's history asked for by a loader, already validated: days are UTC and inclusive (YYYY-MM-DD). */
export type TransactionQuery = { type?: TransactionType; status?: TransactionStatus; from?: string; to?: string; page: number; perPage: number };

/** The services React Router loaders may call; the same functions back the /api routes. */
export interface SiteServices {
  publicSettings(): Promise<PublicSettings>;
  viewer(token: string | undefined): Promise<Viewer | null>;
  routeRules(): Promise<RouteRule[]>;
  promotions(): Promise<PromotionSummary[]>;
  promotion(idOrSlug: string): Promise<Promotion | null>;
  /** An operator's Markdown for the static page `slug` (`faq`, `about`, …), or null to show the bundled file. */
  pageOverride(slug: string): Promise<string | null>;
  gameCategories(): Promise<GameCategory[]>;
  /** Every game provider, by name: the lobby's provider filter. */
  gameProviders(): Promise<{ slug: string; name: string }[]>;
  resolveListing(slugPath: string): Promise<ListingTarget | null>;
  /** A page of the catalogue, as GET /api/games answers it: a listing passes `{ [target.kind]: target.slug }`. */
  games(query: GameQuery): Promise<GamesPage>;
  /** One game with its info panel, as GET /api/games/{slug} answers it; null when there is none. */
  game(slug: string): Promise<GameDetail | null>;
  /** The player's favourite games, latest last (load them only for active, unblocked players). */
  favouriteGames(playerId: string): Promise<GameSummary[]>;
  /** The signed-in player's wallet, as GET /api/player/wallet answers it. */
  wallet(playerId: string): Promise<Wallet>;
  /** The player's inbox, newest first, with the unread count, as GET /api/player/messages answers it. */
  inbox(playerId: string): Promise<{ data: PlayerMessage[]; unread: number }>;
  /** How many of the player's messages are unread, for the header. */
  unreadMessages(playerId: string): Promise<number>;
  /** The player's history, newest first, as GET /api/player/transactions answers it. */
  transactions(playerId: string, query: TransactionQuery): Promise<{ data: Transaction[]; meta: TransactionsMeta }>;
  /** Why the player may not deposit, claim or play now (a time-out, a self-exclusion); null when they may. */
  playClosed(playerId: string): Promise<PlayClosed | null>;
  /** The bonus offers players see, with this player's eligibility when signed in (GET /api/bonuses). */
  bonusOffers(playerId: string | null): Promise<BonusOffer[]>;
  /** One offer by slug (hidden ones too), with the player's eligibility; null when there is none. */
  bonusOffer(playerId: string | null, slug: string): Promise<BonusOffer | null>;
  /** The player's bonuses, newest first (GET /api/player/bonuses). */
  playerBonuses(playerId: string): Promise<PlayerBonus[]>;
  /** Free rounds the player's bonuses granted on aggregators' games, newest first. */
  freeRounds(playerId: string): Promise<PlayerFreeRounds[]>;
  /** The player's loyalty points with a page of history, as GET /api/player/loyalty answers it. */
  loyalty(playerId: string, query: { page: number; perPage: number }): Promise<{ data: Loyalty; meta: TransactionsMeta }>;
  /** The player's VIP tier, as GET /api/player/vip answers it. */
  vip(playerId: string): Promise<Vip>;
  /**
   * A page served with an affiliate's `?token=` (docs/decisions/0107): counts the click (not bots', not a visitor's
   * repeats) and answers the `ma_token` value to keep, or null for a token that is no approved affiliate's link.
   * The server adds the visitor's address; it is hashed, never stored.
   */
  recordAffiliateClick(click: { token: string; sub: string | null; userAgent: string; ip?: string }): Promise<string | null>;
  /** A loader's failure, logged by the server's logger (no bound values, no query string, no tokens). */
  reportError(error: unknown, path: string): void;
  /**
   * A page request React Router refused as the sender's mistake (404 no such page, 405 a form post to a page without an
   * action): logged at info without a stack, because anyone can send these at will and they are no failure of ours.
   */
  reportRefused(request: { method: string; path: string; status: number }): void;
}

// --- realtime channel auth (pusher-js through Laravel Echo; form-encoded or JSON) ---------------------------
export const channelAuthBodySchema = z.object({ socket_id: z.string().max(50).optional(), channel_name: z.string().max(200).optional() });
/** POST /broadcasting/auth → the signature of a private channel subscription. */
/** Pusher's channel authorisation: `channel_data` for presence channels, `shared_secret` (base64) for private-encrypted ones. */
export const channelAuthResponseSchema = z.object({ auth: z.string(), channel_data: z.string().optional(), shared_secret: z.string().optional() });
/** GET /api/playing-now: players on each game's play page, by game slug. */
export const playingNowResponseSchema = z.object({ data: z.record(z.string(), z.number().int().min(0)) });
/** POST /broadcasting/user-auth → the signed-in user on the socket (`pusher:signin`). */
export const userAuthResponseSchema = z.object({ auth: z.string(), user_data: z.string() });

/** GET /api/health: 200 when the database answers, else 503. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), message: z.string() });
/** Readiness: ready, or not (draining before a stop, or no database); a load balancer sends requests only to ready nodes. */
export const readySchema = z.object({ status: z.literal('ready') });
export const notReadySchema = z.object({ status: z.enum(['draining', 'unavailable']), message: z.string() });

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const settingsEndpoints = {
  publicSettings: defineEndpoint({
    method: 'GET',
    path: '/api/settings/get',
    responses: { 200: dataOf(publicSettingsSchema) },
    auth: 'public',
    summary: 'The site’s public settings',
    operationId: 'getSettings',
  }),
};

// pusher-js (through Laravel Echo) posts form-encoded; other clients may send JSON. The same routes also answer at
// /broadcasting/auth and /broadcasting/user-auth (SPEC.md §7 names both), outside the documented API.
const PUSHER_BODIES = ['application/x-www-form-urlencoded', 'application/json'] as const;

/** The realtime connection's sign-ins and the lobby's live counts (server/modules/broadcasting/routes.ts). */
export const broadcastingEndpoints = {
  channelAuth: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasting/auth',
    body: channelAuthBodySchema,
    consumes: PUSHER_BODIES,
    responses: { 200: channelAuthResponseSchema },
    auth: 'player',
    summary: 'Sign the player’s subscription to a private or presence channel',
    operationId: 'authorizeChannel',
  }),
  userAuth: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasting/user-auth',
    body: channelAuthBodySchema,
    consumes: PUSHER_BODIES,
    responses: { 200: userAuthResponseSchema },
    auth: 'player',
    summary: 'Sign the player in on the realtime connection',
    operationId: 'authenticateRealtimeUser',
  }),
  // Public, like the lobby it serves; counts only, never who.
  playingNow: defineEndpoint({
    method: 'GET',
    path: '/api/playing-now',
    responses: { 200: playingNowResponseSchema },
    auth: 'public',
    summary: 'How many players are on each game’s play page',
    operationId: 'getPlayingNow',
  }),
};

/** Liveness and readiness for load balancers and monitors (server/modules/health/routes.ts); 503 is a JSON answer too. */
export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    responses: { 200: healthSchema, 503: healthUnavailableSchema },
    auth: 'public',
    summary: 'Whether this server and its database answer',
    operationId: 'getHealth',
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    responses: { 200: readySchema, 503: notReadySchema },
    auth: 'public',
    summary: 'Whether this server takes requests (503 while it stops or without its database)',
    operationId: 'getReadiness',
  }),
};
