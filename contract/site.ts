// Types the player site and the server agree on. Imports nothing outside contract/ (DESIGN.md).
import type { GameDetail, GameQuery, GamesPage, GameSummary } from './games.ts';
import type { PlayerMessage } from './messages.ts';
import type { Transaction, TransactionsMeta, TransactionStatus, TransactionType, Wallet } from './wallet.ts';

export type ActivationType = 'email' | 'sms';
export const ACTIVATION_TYPES: readonly ActivationType[] = ['email', 'sms'];

export type AppEnv = 'development' | 'staging' | 'production';

/** GET /api/settings/get → { data: PublicSettings } */
export type PublicSettings = {
  site_name: string;
  default_currency: string;
  registration_activation_type: ActivationType;
  maintenance: 'true' | 'false';
  app_env: AppEnv;
  public_url: string;
  /** Filled by the realtime work: { key, host, port, scheme }. */
  realtime: RealtimePublicConfig | null;
  /** Tag manager id; the analytics script loads only in production with an id. */
  analytics_id: string | null;
  /** Script URL of the support-chat widget, or null for none. */
  support_chat_url: string | null;
  /** Visitor-location trace endpoint (key=value lines with loc=), or null for none. */
  visitor_trace_url: string | null;
};

export type RealtimePublicConfig = { key: string; host: string; port: number; scheme: 'http' | 'https' };

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
  gameCategories(): Promise<GameCategory[]>;
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
  /** A loader's failure, logged by the server's logger (no bound values, no query string, no tokens). */
  reportError(error: unknown, path: string): void;
}
