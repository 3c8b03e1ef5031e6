// The global route rules of SPEC.md §2 as pure functions, shared by the server and client middleware.
import type { PublicSettings, RouteRule, Viewer } from '../../contract/site.ts';

export type SiteState = { settings: PublicSettings; viewer: Viewer | null; rules: RouteRule[] };
type Redirect = { location: string; status: number; external: boolean };

const LOCALE_PREFIX = '/en';

/** `/en/faq` → `{ prefix: '/en', path: '/faq' }`; unprefixed paths keep an empty prefix. */
export function splitLocale(pathname: string): { prefix: '' | '/en'; path: string } {
  if (pathname === LOCALE_PREFIX) return { prefix: LOCALE_PREFIX, path: '/' };
  if (pathname.startsWith(`${LOCALE_PREFIX}/`)) return { prefix: LOCALE_PREFIX, path: pathname.slice(LOCALE_PREFIX.length) };
  return { prefix: '', path: pathname };
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

// A redirect never copies what it was asked with whole (issue 36): a 16,000-character query would make a 16 KB
// Location header, which common reverse proxies answer with 502. Only the query parameters our pages read are
// carried, each at most MAX_KEPT_VALUE characters, and a way back longer than MAX_WAY_BACK is dropped.
const KEPT_QUERY: ReadonlySet<string> = new Set([
  'bonus',
  'bonusId',
  'promo',
  'landing',
  'page',
  'tab',
  'type',
  'status',
  'period',
  'from',
  'to',
  'mode',
  'id',
  'amount',
  'category',
]);
export const MAX_KEPT_VALUE = 100;
export const MAX_WAY_BACK = 512;

/** `?a=1&b=2` of the known parameters of `search`, the first of each, short ones only; '' when none is left. */
export function keptQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of search) if (KEPT_QUERY.has(name) && !kept.has(name) && value.length <= MAX_KEPT_VALUE) kept.set(name, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The path and kept query to come back to after signing in, or null when it would be too long to carry. */
export function wayBack(url: URL): string | null {
  const back = url.pathname + keptQuery(url.searchParams);
  return back.length <= MAX_WAY_BACK ? back : null;
}

/** Maintenance: 'true' sends every other path to /maintenance; 'false' sends /maintenance to /. */
export function maintenanceRedirect(pathname: string, maintenance: PublicSettings['maintenance']): string | null {
  // The back office stays open: staff are the ones who end a maintenance.
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const onMaintenancePage = withoutTrailingSlash(splitLocale(pathname).path) === '/maintenance';
  if (maintenance === 'true' && !onMaintenancePage) return '/maintenance';
  if (maintenance === 'false' && onMaintenancePage) return '/';
  return null;
}

/**
 * Promo query: `?bonusId&promo` without `landing` sends a guest to /register keeping both;
 * `?landing&promo` goes to /promotion/{landing} keeping bonusId, landing and promo. Not on /promotion or
 * /register paths, nor for a signed-in player holding all three.
 */
export function promoRedirect(url: URL, signedIn: boolean): string | null {
  const path = splitLocale(url.pathname).path;
  if (/^\/(promotion|register)(\/|$)/.test(path)) return null;
  const q = url.searchParams;
  const short = (name: string) => {
    const value = q.get(name);
    return value !== null && value.length <= MAX_KEPT_VALUE ? value : null;
  };
  const bonusId = short('bonusId');
  const promo = short('promo');
  const landing = short('landing');
  if (signedIn && bonusId && landing && promo) return null;
  if (landing && promo) {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(landing)) return null;
    const kept = new URLSearchParams();
    if (bonusId) kept.set('bonusId', bonusId);
    kept.set('landing', landing);
    kept.set('promo', promo);
    return `/promotion/${landing}?${kept}`;
  }
  if (bonusId && promo && !landing && !signedIn) {
    return `/register?${new URLSearchParams({ bonusId, promo })}`;
  }
  return null;
}

/** Server route rules: the operator's redirect table, matched on the path without locale or trailing slash. */
export function routeRuleRedirect(pathname: string, rules: RouteRule[]): Redirect | null {
  const path = withoutTrailingSlash(splitLocale(pathname).path);
  const rule = rules.find((candidate) => withoutTrailingSlash(candidate.source) === path);
  if (!rule) return null;
  return { location: rule.target, status: rule.status, external: /^[a-z][a-z0-9+.-]*:\/\//i.test(rule.target) };
}

/** All global rules in their order of precedence; `null` lets the request through. */
export function siteRedirect(url: URL, state: SiteState): Redirect | null {
  const toMaintenance = maintenanceRedirect(url.pathname, state.settings.maintenance);
  if (toMaintenance) return { location: toMaintenance, status: 302, external: false };
  if (state.settings.maintenance === 'true') return null;
  const ruled = routeRuleRedirect(url.pathname, state.rules);
  if (ruled) return ruled;
  const promo = promoRedirect(url, state.viewer !== null);
  if (promo) return { location: promo, status: 302, external: false };
  return null;
}

/** Auth guard: a guest is sent to log in and comes back to where they were going. */
export function authRedirect(url: URL, viewer: Viewer | null): string | null {
  if (viewer) return null;
  const { prefix } = splitLocale(url.pathname);
  const back = wayBack(url);
  return back ? `${prefix}/login?${new URLSearchParams({ redirect: back })}` : `${prefix}/login`;
}

/** Redirects guard of /login, /register, /reset-password and /account/reset-password/{id}: signed-in players go home. */
export function guestOnlyRedirect(url: URL, viewer: Viewer | null): string | null {
  return viewer ? `${splitLocale(url.pathname).prefix}/` : null;
}

/** The staging-only guard of /test-route. */
export function stagingOnly(appEnv: PublicSettings['app_env']): boolean {
  return appEnv === 'staging';
}

/** The message of the page-validation fatal error. */
export function pageNotFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`;
}
