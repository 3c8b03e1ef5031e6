import { NavLink, Outlet } from 'react-router';
import { SiteFrame } from '../components/site-frame.tsx';
import { guard } from '../lib/guards.ts';
import { authRedirect } from '../lib/route-rules.ts';

const authGuard = guard((url, state) => authRedirect(url, state.viewer));
export const middleware = [authGuard.server];
export const clientMiddleware = [authGuard.client];

const walletTabs = [
  { to: '/deposit', label: 'Deposit' },
  { to: '/withdraw', label: 'Withdraw' },
  { to: '/all-bonuses', label: 'Bonuses' },
  { to: '/messages', label: 'Messages' },
];

/** Money pages: a focused cashier card with its own tabs. */
export default function WalletLayout() {
  return (
    <SiteFrame layout="wallet" className="bg-[radial-gradient(ellipse_at_top,var(--color-night-700),var(--color-night-900)_60%)]">
      <div className="mx-auto max-w-2xl px-4 py-8">
        <div className="rounded-card border border-night-600 bg-night-850 shadow-glow">
          <nav aria-label="Cashier" className="flex overflow-x-auto border-b border-night-700">
            {walletTabs.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                className={({ isActive }) =>
                  `flex-1 shrink-0 px-2 py-3 text-center text-sm font-semibold sm:px-4 ${isActive ? 'border-b-2 border-gold-400 text-gold-300' : 'text-mist-400 hover:text-mist-100'}`
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <div className="p-5 sm:p-8">
            <Outlet />
          </div>
        </div>
      </div>
    </SiteFrame>
  );
}
