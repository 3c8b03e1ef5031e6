import type { PublicSettings } from '../../contract/site.ts';
import { loadScriptOnce, type ScriptHost } from './script-loader.ts';

// SPEC.md §3 analytics payloads.
export type GamePayload = { id: string; name: string; mode: 'real' | 'demo'; device: 'mobile' | 'desktop'; session_id: string; provider: string };
type PaymentPayload = { type: 'deposit' | 'withdrawal'; gateway: string; amount: number; error?: string };
type KycFilePayload = { index: number; side: 'front' | 'back'; name: string; type: string; isDoubleSided: boolean };

type AnalyticsEvent =
  | { event: 'registration_step'; step: 1 | 2 | 3 }
  | { event: 'registration_complete' }
  | { event: 'login' }
  | { event: 'identify'; user_id: string; email: string }
  | ({ event: 'game_launch' } & GamePayload)
  | ({ event: 'payment' } & PaymentPayload)
  | { event: 'bonus'; slug: string }
  | { event: 'deposit_page_visit' }
  | ({ event: 'kyc_file_upload' } & KycFilePayload)
  | { event: 'broken_link'; path: string };

type AnalyticsHost = { dataLayer?: unknown[] };

/** The tag manager script loads only in production and only with an id configured. */
export function analyticsScriptAllowed(settings: Pick<PublicSettings, 'app_env' | 'analytics_id'>): boolean {
  return settings.app_env === 'production' && Boolean(settings.analytics_id);
}

/**
 * Events are queued on `dataLayer` from the first page on; the tag manager, once loaded (in
 * production, after cookie consent), reads the queue. Without it the queue is never sent anywhere.
 */
export function createAnalytics(win: AnalyticsHost) {
  const queue = (win.dataLayer ??= []);
  return {
    track(event: AnalyticsEvent): void {
      queue.push(event);
    },
    start(doc: ScriptHost, settings: Pick<PublicSettings, 'app_env' | 'analytics_id'>): boolean {
      if (!analyticsScriptAllowed(settings) || !settings.analytics_id) return false;
      queue.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      return loadScriptOnce(doc, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(settings.analytics_id)}`, 'analytics');
    },
  };
}

let browserAnalytics: ReturnType<typeof createAnalytics> | undefined;

/** The page's analytics; a no-op queue on the server. */
export function analytics(): ReturnType<typeof createAnalytics> {
  if (typeof window === 'undefined') return createAnalytics({});
  return (browserAnalytics ??= createAnalytics(window as unknown as AnalyticsHost));
}
