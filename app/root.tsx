import { parseCookie, stringifySetCookie } from 'cookie';
import { isbot } from 'isbot';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  type MiddlewareFunction,
} from 'react-router';
import type { Route } from './+types/root';
import type { Wallet } from '../contract/wallet.ts';
import stylesheet from './app.css?url';
import { ErrorScreen } from './components/error-screen.tsx';
import { LiveUpdates } from './features/realtime/live-updates.tsx';
import { LimitsWatch } from './features/limits/limits-watch.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { MagicLinkSignIn } from './features/auth/magic-link-sign-in.tsx';
import { watchSession } from './lib/session-flags.ts';
import { PopupProvider } from './lib/popup-context.tsx';
import { OpenPopup } from './features/auth/site-popups.tsx';
import { CookieBanner } from './features/site/cookie-banner.tsx';
import { DeferredPrefetch } from './features/site/deferred-prefetch.tsx';
import { FirstLoadSpinner } from './features/site/first-load-spinner.tsx';
import { FlashNotice } from './features/site/flash-notice.tsx';
import { PreviousSessionNotice } from './features/sessions/previous-session-notice.tsx';
import { LoadingBar } from './features/site/loading-bar.tsx';
import { NewBuildNotice } from './features/site/new-build-notice.tsx';
import { ThirdParty } from './features/site/third-party.tsx';
import { clientSiteState, rememberSiteState } from './lib/client-site-state.ts';
import { canonicalUrl } from './lib/canonical.ts';
import { browserQueryClient, createQueryClient } from './lib/queries.ts';
import { LOCALE_COOKIE_MAX_AGE_S, SEVEN_DAYS_S } from './lib/constants.ts';
import { servicesContext, siteStateContext } from './lib/context.ts';
import { LOCALE, t } from './lib/i18n.ts';
import { siteRedirect, type SiteState } from './lib/route-rules.ts';

// The site's one stylesheet is a hashed, immutable file: fetched once and kept, not sent again inside every page.
// A precedence makes React put it first in <head>, before the scripts' preloads (docs/decisions/0005-speed.md).
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const site = loaderData?.settings.site_name ?? 'Croupier';
  // Every page inherits these (pageMeta keeps them): its canonical address and og:url, absolute from PUBLIC_URL.
  const canonical = loaderData ? canonicalUrl(loaderData.settings.public_url, location.pathname, location.search) : undefined;
  const title = t('meta.title', { site });
  const description = t('meta.description', { site });
  const image = `${loaderData?.settings.public_url ?? ''}/share-image.png`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: t('meta.shareImageAlt', { site }) },
    { property: 'og:locale', content: LOCALE.replace('-', '_') },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: canonical },
          { property: 'og:url', content: canonical },
        ]
      : []),
  ];
};

const loadSiteState: MiddlewareFunction<Response> = async ({ request, context }) => {
  const services = context.get(servicesContext);
  const token = parseCookie(request.headers.get('cookie') ?? '').token;
  const [settings, viewer, rules] = await Promise.all([services.publicSettings(), services.viewer(token), services.routeRules()]);
  context.set(siteStateContext, { settings, viewer, rules });
};

// `url`, not `request.url`: on a client navigation the server sees `/faq.data?_routes=…`, which matches no rule.
const applySiteRules: MiddlewareFunction<Response> = ({ url, context }) => {
  const target = siteRedirect(url, context.get(siteStateContext));
  if (target) throw redirect(target.location, target.status);
};

// The locale cookie (SPEC.md §3): en-US is the only locale; it is kept for 365 days. Secure like every cookie we set
// (browsers take Secure cookies from http://localhost too, so development needs no exception).
const rememberLocale: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (parseCookie(request.headers.get('cookie') ?? '').locale !== LOCALE) {
    response.headers.append(
      'Set-Cookie',
      stringifySetCookie({ name: 'locale', value: LOCALE, path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure: true }),
    );
  }
  return response;
};

// SPEC.md §4: a guest's `token` query is an affiliate token, kept in ma_token for 7 days. The click is counted and
// ma_token carries it (`token~click`) so the registration keeps its sub-ID (docs/decisions/0107).
const rememberAffiliate: MiddlewareFunction<Response> = async ({ url, context, request }, next) => {
  const response = await next();
  const affiliate = url.searchParams.get('token');
  if (affiliate && /^[A-Za-z0-9._~-]{1,100}$/.test(affiliate) && context.get(siteStateContext).viewer === null) {
    const sub = url.searchParams.get('sub');
    const kept = await context
      .get(servicesContext)
      .recordAffiliateClick({ token: affiliate, sub, userAgent: request.headers.get('user-agent') ?? '' })
      .catch(() => null);
    response.headers.append(
      'Set-Cookie',
      stringifySetCookie({ name: 'ma_token', value: kept ?? affiliate, path: '/', maxAge: SEVEN_DAYS_S, sameSite: 'strict', secure: true }),
    );
  }
  return response;
};

export const middleware = [rememberLocale, loadSiteState, rememberAffiliate, applySiteRules];

// On client navigations the same rules run against the state the server last sent.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ url }) => {
    const state = clientSiteState();
    const target = state ? siteRedirect(url, state) : null;
    if (target) throw redirect(target.location, target.status);
  },
];

export async function loader({
  context,
  request,
}: Route.LoaderArgs): Promise<SiteState & { bot: boolean; wallet: Wallet | null; unreadMessages: number | null }> {
  const state = context.get(siteStateContext);
  // The header's balance and unread count come with the page (realtime keeps them current); a failure leaves them to the stores.
  const services = context.get(servicesContext);
  const playerId = state.viewer?.id;
  const [wallet, unreadMessages] = playerId
    ? await Promise.all([services.wallet(playerId).catch(() => null), services.unreadMessages(playerId).catch(() => null)])
    : [null, null];
  return { ...state, bot: isbot(request.headers.get('user-agent')), wallet, unreadMessages };
}

/** The back office and the affiliate portal: their own layouts and sessions. (/affiliates itself, the programme's public page, is a site page.) */
const hasOwnLayout = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/affiliates/');

/**
 * The root's answer is the player site's: the settings, the signed-in player, their balance and unread count. Within
 * the back office or the affiliate portal nothing there changes it (staff and affiliates have their own sessions, and
 * a player signs in and out on the site, with a full page load), so a new filter or a screen reading its data again
 * after a change does not ask the server for it again. Leaving for the site, or anywhere else, follows the defaults.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (hasOwnLayout(currentUrl.pathname) && hasOwnLayout(nextUrl.pathname)) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0e17" />
        <Meta />
        <Links />
      </head>
      <body className="bg-night-900 text-mist-100 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// Pages a visitor most often opens next; their data and code are preloaded after the first paint.
const likelyNextPages = ['/promotion', '/slots', '/faq'];

/**
 * The server state cache (app/lib/queries.ts): a new one for each server render, so no player's data reaches
 * another's page, and the browser's one for the life of the tab. Loaders' answers seed it where a screen starts
 * from them (the header's wallet, a page's bonuses), so the server render and hydration draw the same thing.
 */
function ServerState({ children }: { children: ReactNode }) {
  const [client] = useState(() => (typeof document === 'undefined' ? createQueryClient() : browserQueryClient()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  rememberSiteState(loaderData);
  const { viewer } = loaderData;
  useEffect(() => watchSession(viewer), [viewer]);
  // The back office and the affiliate portal have their own layouts: none of the player site's popups, banners,
  // prefetches or live updates.
  const { pathname } = useLocation();
  if (hasOwnLayout(pathname)) {
    return (
      <ServerState>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </ServerState>
    );
  }
  return (
    <ServerState>
      <ToastProvider>
        <PopupProvider>
          <LoadingBar />
          <Outlet />
          <OpenPopup />
          {loaderData.bot ? null : <FirstLoadSpinner siteName={loaderData.settings.site_name} />}
          <CookieBanner />
          <NewBuildNotice />
          <DeferredPrefetch pages={likelyNextPages} />
          <ThirdParty settings={loaderData.settings} />
          <MagicLinkSignIn />
          <FlashNotice />
          {loaderData.bot ? null : <LimitsWatch playerId={viewer?.id ?? null} />}
          {loaderData.bot ? null : <PreviousSessionNotice playerId={viewer?.id ?? null} />}
          {loaderData.bot ? null : <LiveUpdates playerId={viewer?.id ?? null} config={loaderData.settings.realtime} />}
        </PopupProvider>
      </ToastProvider>
    </ServerState>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ServerState>
      <PopupProvider>
        <ErrorScreen error={error} />
        <OpenPopup />
        <CookieBanner />
      </PopupProvider>
    </ServerState>
  );
}
