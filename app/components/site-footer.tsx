import { Link } from 'react-router';
import { openCookieChoices } from '../lib/cookie-consent.ts';
import { t } from '../lib/i18n.ts';
import { LogoMark } from './logo.tsx';

const staticPageLinks = [
  { to: '/about', label: 'About us' },
  { to: '/faq', label: 'FAQ' },
  { to: '/terms-and-conditions', label: 'Terms and conditions' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/responsible-gaming', label: 'Responsible gaming' },
  { to: '/affiliates', label: 'Affiliates' },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-night-700 bg-night-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[1fr_2fr]">
        <div className="flex items-start gap-3">
          <LogoMark className="h-10 w-10 shrink-0" />
          <p className="text-sm text-mist-400">
            Provably fair games, fast withdrawals and limits you control. Every round can be verified from its published seed.
          </p>
        </div>
        <nav aria-label="Information" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {staticPageLinks.map((item) => (
            <Link key={item.to} to={item.to} className="text-sm text-mist-300 hover:text-gold-300">
              {item.label}
            </Link>
          ))}
          <button type="button" onClick={openCookieChoices} className="text-left text-sm text-mist-300 hover:text-gold-300" data-cookie-choices-link>
            {t('cookies.footerLink')}
          </button>
        </nav>
      </div>
      <div className="border-t border-night-800">
        <div
          className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-mist-400 sm:flex-row sm:items-center"
          data-testid="responsible-gambling-notice"
        >
          <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 border-ruby-500 font-bold text-mist-100">18+</span>
          <p>
            Gambling can be addictive. Play responsibly and only with money you can afford to lose. Set deposit limits or take a break at any time under{' '}
            <Link to="/responsible-gaming" className="underline hover:text-gold-300">
              Responsible gaming
            </Link>
            . Free, confidential help is available from{' '}
            <a href="https://www.begambleaware.org/" className="underline hover:text-gold-300" rel="noopener noreferrer" target="_blank">
              BeGambleAware
            </a>
            .
          </p>
        </div>
      </div>
    </footer>
  );
}
