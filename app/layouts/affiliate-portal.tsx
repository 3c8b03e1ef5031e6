import { useCallback, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '../components/logo.tsx';
import { affiliateApi } from '../features/affiliates/portal-api.ts';
import { Loading } from '../features/affiliates/portal-ui.tsx';
import { AffiliateProvider, PORTAL_NAV } from '../features/affiliates/session.tsx';
import type { AffiliateMe } from '../features/affiliates/types.ts';

// The affiliate portal's own layout (docs/decisions/0108-affiliate-portal.md): a partner dashboard in the site's
// palette with none of the player site's header, footer, popups or live updates. Its code loads only under
// /affiliates/.

export const meta = () => [{ title: 'Affiliate portal' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function AffiliatePortalLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [me, setMe] = useState<AffiliateMe | null>(null);

  // Asked on every screen change: a suspension ends the portal at the next click. Signed out, the call answers 401
  // and affiliateApi goes to the sign-in screen.
  const load = useCallback(() => {
    void affiliateApi<{ data: AffiliateMe }>('GET', '/api/affiliates/me').then((result) => {
      if (result.ok) setMe(result.body.data);
    });
  }, []);
  useEffect(() => {
    if (location.pathname) load();
  }, [location.pathname, load]);

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
      <div data-layout="affiliate-portal" className="min-h-dvh bg-night-900">
        <Loading />
      </div>
    );
  }
  return (
    <AffiliateProvider me={me} refresh={load}>
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
