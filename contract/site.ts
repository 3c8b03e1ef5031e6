// Types the player site and the server agree on. Imports nothing of ours (DESIGN.md).

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

/** The services React Router loaders may call; the same functions back the /api routes. */
export interface SiteServices {
  publicSettings(): Promise<PublicSettings>;
  viewer(token: string | undefined): Promise<Viewer | null>;
  routeRules(): Promise<RouteRule[]>;
  promotions(): Promise<PromotionSummary[]>;
  promotion(idOrSlug: string): Promise<Promotion | null>;
  gameCategories(): Promise<GameCategory[]>;
  resolveListing(slugPath: string): Promise<ListingTarget | null>;
}
