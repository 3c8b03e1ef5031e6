import { useEffect, useState } from 'react';
import { COOKIE_BANNER_DELAY_MS, COOKIE_CONSENT_KEY } from '../../lib/constants.ts';
import { t } from '../../lib/i18n.ts';
import { COOKIE_CONSENT_EVENT } from './third-party.tsx';

function consentStored(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The cookie notice at the bottom of every page: shown 4.5 s after load until accepted (SPEC.md §4). */
export function CookieBanner() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (consentStored()) return;
    const timer = window.setTimeout(() => setShown(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!shown) return null;
  const accept = () => {
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    } catch {
      // Storage may be disabled; the banner still closes for this page.
    }
    setShown(false);
    window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT));
  };
  return (
    <section
      aria-label="Cookie notice"
      data-cookie-banner
      className="fixed inset-x-0 bottom-0 z-40 border-t border-night-600 bg-night-850/98 px-4 py-3 shadow-[0_-8px_30px_rgb(0_0_0/0.4)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-mist-300">
          {t('cookies.text')}{' '}
          <a href="/cookie-policy" target="_blank" rel="noopener" className="text-gold-300 underline">
            {t('cookies.policy')}
          </a>
          .
        </p>
        <button type="button" className="btn btn-primary self-start sm:self-auto" onClick={accept}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
