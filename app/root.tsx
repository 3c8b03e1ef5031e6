import { parseCookie } from 'cookie';
import { Links, Meta, Outlet, redirect, Scripts, ScrollRestoration, type MiddlewareFunction } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ErrorScreen } from './components/error-screen.tsx';
import { PopupProvider } from './features/popups/popup-context.tsx';
import { OpenPopup } from './features/popups/site-popups.tsx';
import { clientSiteState, rememberSiteState } from './lib/client-site-state.ts';
import { servicesContext, siteStateContext } from './lib/context.ts';
import { siteRedirect, type SiteState } from './lib/route-rules.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const name = loaderData?.settings.site_name ?? 'Croupier';
  return [
    { title: `${name} — online casino with provably fair games` },
    { name: 'description', content: `${name}: slots, roulette and blackjack you can verify, fast withdrawals and limits you control.` },
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

export const middleware = [loadSiteState, applySiteRules];

// On client navigations the same rules run against the state the server last sent.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ url }) => {
    const state = clientSiteState();
    const target = state ? siteRedirect(url, state) : null;
    if (target) throw redirect(target.location, target.status);
  },
];

export function loader({ context }: Route.LoaderArgs): SiteState {
  return context.get(siteStateContext);
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

export default function App({ loaderData }: Route.ComponentProps) {
  rememberSiteState(loaderData);
  return (
    <PopupProvider>
      <Outlet />
      <OpenPopup />
    </PopupProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PopupProvider>
      <ErrorScreen error={error} />
      <OpenPopup />
    </PopupProvider>
  );
}
