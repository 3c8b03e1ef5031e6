import { NavLink, Outlet } from 'react-router';
import { accountNavigation } from '../components/site-header.tsx';
import { SiteFrame } from '../components/site-frame.tsx';
import { guard } from '../lib/guards.ts';
import { authRedirect } from '../lib/route-rules.ts';

const authGuard = guard((url, state) => authRedirect(url, state.viewer));
export const middleware = [authGuard.server];
export const clientMiddleware = [authGuard.client];

/** The player's account: section navigation beside the section. */
export default function AccountLayout() {
  return (
    <SiteFrame layout="account">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Account sections" className="flex gap-1 overflow-x-auto md:flex-col">
          {accountNavigation.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `shrink-0 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-night-700 text-gold-300' : 'text-mist-300 hover:bg-night-800 hover:text-mist-100'}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <section className="min-w-0 rounded-card border border-night-700 bg-night-850 p-5 sm:p-8">
          <Outlet />
        </section>
      </div>
    </SiteFrame>
  );
}
