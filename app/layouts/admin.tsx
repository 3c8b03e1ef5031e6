import { useState } from 'react';
import { Link, NavLink, Outlet, replace, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/admin';
import { adminApi, adminLoad } from '../features/admin/api.ts';
import { ADMIN_NAV, hasPermission, screenOf, StaffProvider } from '../features/admin/session.tsx';
import { Loading, Notice } from '../features/admin/ui.tsx';

// The back office's own layout (docs/decisions/0084-admin-console.md): a side navigation of the screens the staff
// member's role opens, and nothing of the player site. Its code loads only under /admin.

export const meta = () => [{ title: 'Back office' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * Who is signed in. Signed out (no cookie, or a session ended after 30 minutes idle or 12 hours), the API answers 401
 * and adminLoad goes to the sign-in screen, coming back here afterwards. A member who must still set up two-factor
 * sign-in is kept on that screen.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const me = await adminLoad(request, '/api/admin/me');
  if (me.error === null && me.data.must_enrol && new URL(request.url).pathname !== '/admin/security') throw replace('/admin/security');
  return me;
}

/**
 * Asked again on every screen change (a role or an enrolment may have changed, the session may have ended), but not
 * when a screen's filters change or it reads its own data again after a change.
 */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export function HydrateFallback() {
  return <Loading />;
}

export default function AdminLayout({ loaderData: loaded }: Route.ComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  async function signOut() {
    await adminApi('POST', '/api/admin/logout');
    navigate('/admin/login', { replace: true });
  }

  // Not a refusal to sign in (that went to the sign-in screen) but a failure: the server or the network.
  if (loaded.error !== null) {
    return (
      <main data-layout="admin" className="min-h-screen bg-night-900 px-4 py-6 lg:px-8">
        <Notice tone="error">{loaded.error}</Notice>
      </main>
    );
  }
  const me = loaded.data;
  const nav = me.must_enrol ? [] : ADMIN_NAV.filter((item) => hasPermission(me, item.permission));
  // A screen opened by its address without the permission says so, instead of loading what the API refuses.
  const screen = screenOf(location.pathname);
  return (
    <StaffProvider me={me}>
      <div data-layout="admin" className="min-h-screen bg-night-900 lg:flex">
        <aside className="border-b border-night-700 bg-night-950 lg:sticky lg:top-0 lg:h-screen lg:w-56 lg:shrink-0 lg:overflow-y-auto lg:border-r lg:border-b-0">
          <div className="flex items-center justify-between px-4 py-4">
            <span className="text-lg font-semibold text-gold-400">Back office</span>
            <button type="button" className="btn btn-ghost px-3 py-1.5 text-sm lg:hidden" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
              Menu
            </button>
          </div>
          <nav aria-label="Back office" className={`${menuOpen ? 'block' : 'hidden'} px-2 pb-4 lg:block`}>
            <ul className="space-y-0.5">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/admin'}
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2 text-sm ${isActive ? 'bg-night-700 font-medium text-mist-100' : 'text-mist-300 hover:bg-night-800 hover:text-mist-100'}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink
                  to="/admin/security"
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm ${isActive ? 'bg-night-700 text-mist-100' : 'text-mist-300 hover:bg-night-800'}`
                  }
                >
                  Two-factor sign-in
                </NavLink>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="min-w-0 flex-1">
          <header className="flex items-center justify-end gap-3 border-b border-night-700 px-4 py-3 text-sm lg:px-8">
            <span className="text-mist-300">
              {me.email} · <span className="capitalize">{me.role}</span>
            </span>
            <button type="button" className="btn btn-ghost px-3 py-1.5 text-sm" onClick={signOut}>
              Sign out
            </button>
          </header>
          <main className="px-4 py-6 lg:px-8">
            {screen && !me.must_enrol && !hasPermission(me, screen.permission) ? (
              <NoAccess screen={screen.label} permission={screen.permission} home={nav[0]?.to} />
            ) : (
              <Outlet />
            )}
          </main>
        </div>
      </div>
    </StaffProvider>
  );
}

function NoAccess({ screen, permission, home }: { screen: string; permission: string; home: string | undefined }) {
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold text-mist-100">{screen}</h1>
      <Notice tone="error">
        Your role does not open this screen: it needs the {permission} permission. An admin can change your role on the Staff screen.
      </Notice>
      {home ? (
        <Link to={home} className="btn btn-ghost">
          Back to the back office
        </Link>
      ) : null}
    </div>
  );
}
