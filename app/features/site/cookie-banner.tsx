import { useEffect, useRef, useState } from 'react';
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  type CookieCategory,
  type CookieChoices,
  OPEN_COOKIE_CHOICES_EVENT,
  readChoices,
  storeChoices,
} from '../../lib/cookie-consent.ts';
import { COOKIE_BANNER_DELAY_MS } from '../../lib/constants.ts';
import { t } from '../../lib/i18n.ts';
import { useSiteState } from '../../lib/use-site-state.ts';

const optional: {
  category: CookieCategory;
  label: 'cookies.analytics' | 'cookies.marketing' | 'cookies.chat';
  text: 'cookies.analyticsText' | 'cookies.marketingText' | 'cookies.chatText';
}[] = [
  { category: 'analytics', label: 'cookies.analytics', text: 'cookies.analyticsText' },
  { category: 'marketing', label: 'cookies.marketing', text: 'cookies.marketingText' },
  { category: 'chat', label: 'cookies.chat', text: 'cookies.chatText' },
];

/**
 * The cookie notice at the bottom of every page (SPEC.md §4, issue 34 §3, docs/decisions/0122): shown 4.5 s after
 * load until the visitor answers, with Accept, Reject and Choices of equal standing; nothing optional runs before an
 * answer. The footer's "Cookie choices" opens it again at the choices.
 */
export function CookieBanner() {
  const chatOffered = Boolean(useSiteState()?.settings.support_chat_url);
  const [shown, setShown] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [draft, setDraft] = useState<CookieChoices>(ALL_REJECTED);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const open = () => {
      setDraft(readChoices() ?? ALL_REJECTED);
      setChoosing(true);
      setShown(true);
    };
    window.addEventListener(OPEN_COOKIE_CHOICES_EVENT, open);
    const timer = readChoices() ? undefined : window.setTimeout(() => setShown(true), COOKIE_BANNER_DELAY_MS);
    return () => {
      window.removeEventListener(OPEN_COOKIE_CHOICES_EVENT, open);
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (choosing) heading.current?.focus();
  }, [choosing]);

  if (!shown) return null;
  const answer = (choices: CookieChoices) => {
    storeChoices(choices);
    setShown(false);
    setChoosing(false);
  };
  const categories = optional.filter((item) => item.category !== 'chat' || chatOffered);
  return (
    <section
      aria-label="Cookie notice"
      data-cookie-banner
      className="fixed inset-x-0 bottom-0 z-40 max-h-[85vh] overflow-y-auto border-t border-night-600 bg-night-850/98 px-4 py-3 shadow-[0_-8px_30px_rgb(0_0_0/0.4)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3">
        {choosing ? (
          <fieldset className="space-y-3" data-cookie-choices aria-labelledby="cookie-choices-title">
            <h2 id="cookie-choices-title" ref={heading} tabIndex={-1} className="font-display text-base font-semibold text-mist-100 outline-none">
              {t('cookies.choicesTitle')}
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <label className="flex items-start gap-3 rounded-lg border border-night-700 p-3 text-sm">
                <input type="checkbox" checked disabled className="mt-0.5 h-5 w-5 shrink-0 accent-gold-400" />
                <span>
                  <span className="block font-semibold text-mist-100">{t('cookies.necessary')}</span>
                  <span className="text-mist-300">{t('cookies.necessaryText')}</span>
                </span>
              </label>
              {categories.map((item) => (
                <label key={item.category} className="flex items-start gap-3 rounded-lg border border-night-700 p-3 text-sm">
                  <input
                    type="checkbox"
                    name={item.category}
                    checked={draft[item.category]}
                    onChange={(event) => setDraft({ ...draft, [item.category]: event.target.checked })}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-gold-400"
                  />
                  <span>
                    <span className="block font-semibold text-mist-100">{t(item.label)}</span>
                    <span className="text-mist-300">{t(item.text)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-mist-300">
            {t('cookies.text')}{' '}
            <a href="/cookie-policy" target="_blank" rel="noopener" className="text-gold-300 underline">
              {t('cookies.policy')}
            </a>
            .
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => answer(ALL_ACCEPTED)}>
              {t('cookies.accept')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => answer(ALL_REJECTED)}>
              {t('cookies.reject')}
            </button>
            {choosing ? (
              <button type="button" className="btn btn-ghost" onClick={() => answer(draft)}>
                {t('cookies.save')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setDraft(readChoices() ?? ALL_REJECTED);
                  setChoosing(true);
                }}
              >
                {t('cookies.choices')}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
