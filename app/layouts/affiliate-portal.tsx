import { useEffect } from 'react';
import { Link, NavLink, Outlet, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/affiliate-portal';
import { LogoMark } from '../components/logo.tsx';
import { affiliateApi } from '../features/affiliates/portal-api.ts';
import { dataOf, affiliateLoadBody } from '../features/affiliates/portal-load.ts';
import { Loading, Notice } from '../features/affiliates/portal-ui.tsx';
import { AffiliateProvider, PORTAL_NAV } from '../features/affiliates/session.tsx';

// The affiliate portal's own layout (docs/decisions/0108-affiliate-portal.md): a partner dashboard in the site's
// palette with none of the player site's header, footer, popups or live updates. Its code loads only under
// /affiliates/.

export const meta = () => [{ title: 'Affiliate portal' }, { name: 'robots', content: 'noindex, nofollow' }];

/** The signed-in affiliate; signed out, the call answers 401 and the loader goes to the sign-in screen. */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => dataOf(await affiliateLoadBody(request, '/api/affiliates/me'));

/**
 * Asked again on every screen change (a suspension ends the portal at the next click), and when a screen reads its
 * data again after a change (the profile's), but not when a screen's own search parameters change.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || (currentUrl.search === nextUrl.search && defaultShouldRevalidate);
}

export function HydrateFallback() {
  return (
    <div data-layout="affiliate-portal" className="min-h-dvh bg-night-900">
      <Loading />
    </div>
  );
}

export default function AffiliatePortalLayout({ loaderData: loaded }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const me = loaded.data;

  // On a phone the tab row scrolls sideways: the screen's own tab is brought into view.
  useEffect(() => {
    if (!me) return;
    document.querySelector('nav[aria-label="Affiliate portal"] [aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [me, location.pathname]);

  async function signOut() {
    await affiliateApi('POST', '/api/affiliates/logout');
    navigate('/affiliates/login', { replace: true });
  }

  if (!me) {
    return (
      <div data-layout="affiliate-portal" className="min-h-dvh bg-night-900 p-6">
        <Notice tone="error">{loaded.error}</Notice>
      </div>
    );
  }
  return (
    <AffiliateProvider me={me} refresh={() => void revalidator.revalidate()}>
      <div data-layout="affiliate-portal" className="min-h-dvh bg-night-900">
        <header className="sticky top-0 z-20 border-b border-night-700 bg-night-950/95 backdrop-blur">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 lg:px-8">
            <Link to="/affiliates/dashboard" className="flex min-w-0 items-center gap-2.5">
              <LogoMark className="h-8 w-8 shrink-0" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-mist-100">Partner portal</span>
                <span className="block truncate text-xs text-mist-400">{me.name}</span>
              </span>
            </Link>
            <button type="button" className="btn btn-ghost shrink-0 px-3 py-1.5 text-sm" onClick={signOut}>
              Sign out
            </button>
          </div>
          <nav aria-label="Affiliate portal" className="mx-auto max-w-7xl px-2 lg:px-6">
            <ul className="-mb-px flex gap-1 overflow-x-auto">
              {PORTAL_NAV.map((item) => (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `block border-b-2 px-3 py-2.5 text-sm ${isActive ? 'border-gold-400 font-medium text-gold-300' : 'border-transparent text-mist-300 hover:text-mist-100'}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </AffiliateProvider>
  );
}
