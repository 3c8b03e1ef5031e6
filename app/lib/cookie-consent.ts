import { COOKIE_CONSENT_KEY } from './constants.ts';

/**
 * The visitor's cookie choices (issue 34 §3, docs/decisions/0122). Strictly necessary storage (the sign-in token,
 * the locale, this choice itself) needs no consent and is always on; every optional category starts off.
 */
export type CookieChoices = { analytics: boolean; marketing: boolean; chat: boolean };
export type CookieCategory = keyof CookieChoices;

export const COOKIE_CATEGORIES: readonly CookieCategory[] = ['analytics', 'marketing', 'chat'];
export const ALL_ACCEPTED: CookieChoices = { analytics: true, marketing: true, chat: true };
export const ALL_REJECTED: CookieChoices = { analytics: false, marketing: false, chat: false };

/** Sent on `window` when the visitor stores a choice (the detail is the new choices). */
export const COOKIE_CONSENT_EVENT = 'cookie-consent';
/** Sent on `window` to open the banner at its choices (the footer's "Cookie choices"). */
export const OPEN_COOKIE_CHOICES_EVENT = 'cookie-choices-open';

/**
 * The stored value: `true` when everything was accepted (SPEC.md §3 keeps consent in local storage with the value
 * true), otherwise `necessary` followed by the optional categories allowed, comma-separated
 * (`necessary`, `necessary,analytics`, ...). Anything else counts as no answer yet.
 */
export function serializeChoices(choices: CookieChoices): string {
  if (COOKIE_CATEGORIES.every((category) => choices[category])) return 'true';
  return ['necessary', ...COOKIE_CATEGORIES.filter((category) => choices[category])].join(',');
}

export function parseChoices(value: string | null | undefined): CookieChoices | null {
  if (value === 'true') return { ...ALL_ACCEPTED };
  if (!value) return null;
  const parts = value.split(',');
  if (parts[0] !== 'necessary') return null;
  const allowed = new Set(parts.slice(1));
  if ([...allowed].some((part) => !(COOKIE_CATEGORIES as readonly string[]).includes(part))) return null;
  return { analytics: allowed.has('analytics'), marketing: allowed.has('marketing'), chat: allowed.has('chat') };
}

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): ConsentStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored choices; null when the visitor has not answered (or storage is unavailable). */
export function readChoices(storage: ConsentStorage | null = browserStorage()): CookieChoices | null {
  try {
    return parseChoices(storage?.getItem(COOKIE_CONSENT_KEY));
  } catch {
    return null;
  }
}

/** Stores the choices and tells the page (the third-party loader starts what is now allowed). */
export function storeChoices(choices: CookieChoices, storage: ConsentStorage | null = browserStorage()): void {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, serializeChoices(choices));
  } catch {
    // Storage may be disabled: the choice holds for this page only.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<CookieChoices>(COOKIE_CONSENT_EVENT, { detail: choices }));
}

/** Opens the cookie banner at its choices, from anywhere (the footer's "Cookie choices"). */
export function openCookieChoices(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_CHOICES_EVENT));
}
