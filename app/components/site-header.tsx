import { useEffect } from 'react';
import { useClub } from '../lib/use-club.ts';
import { TierBadge } from './tier-badge.tsx';
import { Link, NavLink, useRouteLoaderData } from 'react-router';
import { useUnread } from '../lib/use-inbox.ts';
import { usePopup } from '../lib/popup-context.tsx';
import { refreshWallet, useRootWallet, useWallet } from '../lib/use-wallet.ts';
import { formatMoney } from '../../contract/money.ts';
import { signOut } from '../lib/sign-out.ts';
import { useSiteState } from '../lib/use-site-state.ts';
import { Logo } from './logo.tsx';

const mainNavigation = [
  { to: '/', label: 'Casino' },
  { to: '/slots', label: 'Slots' },
  { to: '/table-games', label: 'Table games' },
  { to: '/promotion', label: 'Promotions' },
  { to: '/vip-club', label: 'VIP club' },
];

export const accountNavigation = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/wallet', label: 'Wallet' },
  { to: '/account/transaction', label: 'Transactions' },
  { to: '/account/bonuses', label: 'Bonuses' },
  { to: '/account/limit', label: 'Limits' },
  { to: '/account/verification', label: 'Verification' },
  { to: '/account/vip-club', label: 'VIP club' },
  { to: '/account/loyalty-club', label: 'Loyalty club' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'text-gold-300' : 'text-mist-300 hover:text-mist-100'}`;

function GuestActions() {
  const { openPopup } = usePopup();
  return (
    <div className="flex items-center gap-2">
      <button type="button" className="btn btn-ghost" onClick={() => openPopup('login')}>
        Log in
      </button>
      <button type="button" className="btn btn-primary" onClick={() => openPopup('register')}>
        Register
      </button>
    </div>
  );
}

function HeaderBalance() {
  const wallet = useWallet(useRootWallet());
  useEffect(() => {
    // The page came without a wallet (its read failed): ask once now.
    if (!wallet) void refreshWallet();
  }, []);
  return (
    <Link to="/account/wallet" className="rounded-lg border border-night-600 px-2.5 py-1 text-sm hover:border-gold-400 sm:px-3 sm:py-1.5">
      <span className="sr-only text-[0.6875rem] uppercase tracking-wider text-mist-400 sm:not-sr-only sm:block">Balance</span>
      <span className="font-semibold tabular-nums" data-testid="header-balance">
        {wallet ? formatMoney(wallet.balance, wallet.currency) : '—'}
      </span>
      {wallet && wallet.bonus > 0 ? (
        <span className="hidden text-[0.6875rem] tabular-nums text-gold-400 sm:block" data-testid="header-bonus">
          {formatMoney(wallet.cash, wallet.currency)} cash · {formatMoney(wallet.bonus, wallet.currency)} bonus
        </span>
      ) : null}
    </Link>
  );
}

/** The unread-message count the root loader read, kept current by the realtime listener and the inbox. */
function useUnreadMessages(): number {
  const loaded = (useRouteLoaderData('root') as { unreadMessages?: number | null } | undefined)?.unreadMessages ?? null;
  return useUnread(loaded) ?? 0;
}

/** The player's VIP tier and loyalty points at the top of the account menu. */
function ClubStanding() {
  const club = useClub();
  if (!club) return null;
  return (
    <Link
      to="/account/vip-club"
      data-testid="menu-club"
      className="mb-1 flex items-center gap-2 rounded-md border-b border-night-700 px-3 py-2 text-sm text-mist-100 hover:bg-night-700"
    >
      <TierBadge slug={club.vip.tier.slug} className="h-5 w-5 shrink-0" />
      <span className="font-semibold">{club.vip.tier.name}</span>
      <span className="ml-auto tabular-nums text-mist-300">{club.loyalty.points.toLocaleString('en-US')} pts</span>
    </Link>
  );
}

function PlayerActions() {
  const unread = useUnreadMessages();
  return (
    <div className="flex items-center gap-2">
      <HeaderBalance />
      <Link to="/deposit" className="btn btn-primary">
        Deposit
      </Link>
      {/* The unread count sits on the button, outside it so its text is not part of the button's name, which says it. */}
      <div className="relative">
        <details className="relative">
          <summary
            className="btn btn-ghost relative cursor-pointer list-none"
            aria-label={unread > 0 ? `Account menu, ${unread} unread messages` : 'Account menu'}
          >
            {/* A person, not a second "☰": on a phone the site menu's button sits at the other end of the header. */}
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.6">
              <circle cx="10" cy="6.5" r="3.5" />
              <path d="M3 17.5c.8-3.4 3.6-5.5 7-5.5s6.2 2.1 7 5.5" strokeLinecap="round" />
            </svg>
            <span className="hidden sm:inline">Account</span>
          </summary>
          <nav aria-label="Account" className="absolute right-0 z-30 mt-2 w-56 rounded-card border border-night-600 bg-night-850 p-2 shadow-glow">
            <ClubStanding />
            {accountNavigation.map((item) => (
              <Link key={item.to} to={item.to} className="block rounded-md px-3 py-2 text-sm text-mist-300 hover:bg-night-700 hover:text-mist-100">
                {item.label}
              </Link>
            ))}
            <Link
              to="/messages"
              className="flex items-center justify-between rounded-md px-3 py-2 text-sm text-mist-300 hover:bg-night-700 hover:text-mist-100"
            >
              Messages
              {unread > 0 ? (
                <span data-testid="unread-count" className="rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-night-900">
                  <span className="sr-only">Unread: </span>
                  {unread}
                </span>
              ) : null}
            </Link>
            <button
              type="button"
              onClick={() => void signOut()}
              className="mt-1 block w-full rounded-md border-t border-night-700 px-3 py-2 text-left text-sm text-mist-300 hover:bg-night-700 hover:text-mist-100"
            >
              Log out
            </button>
          </nav>
        </details>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="pointer-events-none absolute -right-1 -top-2 h-5 min-w-5 rounded-full border-2 border-night-900 bg-gold-400 px-1 text-center text-[0.6875rem] font-bold leading-4 tabular-nums text-night-900"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </div>
    </div>
  );
}

export function SiteHeader() {
  const state = useSiteState();
  const siteName = state?.settings.site_name ?? 'Croupier';
  return (
    <header className="sticky top-0 z-20 border-b border-night-700 bg-night-900/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <details className="lg:hidden">
          <summary className="btn btn-ghost min-h-0 cursor-pointer list-none px-2.5 py-1.5" aria-label="Menu">
            <span aria-hidden="true">☰</span>
          </summary>
          <nav aria-label="Mobile" className="absolute inset-x-0 top-16 z-30 border-b border-night-700 bg-night-900 p-4">
            {mainNavigation.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={(s) => `block ${navLinkClass(s)}`}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        </details>
        <Link to="/" aria-label={`${siteName} home`} className="shrink-0">
          <Logo name={siteName} />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
          {mainNavigation.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto">{state?.viewer ? <PlayerActions /> : <GuestActions />}</div>
      </div>
    </header>
  );
}
