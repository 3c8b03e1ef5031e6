// A one-time notice carried across a full page load (issue 34 §6: feedback after activation): the page that leaves
// stores it in session storage, the next page shows it once as a toast (app/features/site/flash-notice.tsx).
const FLASH_KEY = 'flash-notice';

export type Flash = { text: string; tone: 'success' | 'info' };

export function setFlash(flash: Flash): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Storage disabled: the next page shows nothing.
  }
}

/** The stored notice, removed as it is read; null when there is none (or it is not one of ours). */
export function takeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Flash>) : null;
    if (typeof value?.text !== 'string' || !value.text || (value.tone !== 'success' && value.tone !== 'info')) return null;
    return { text: value.text.slice(0, 200), tone: value.tone };
  } catch {
    return null;
  }
}
