// Shared helpers for the end-to-end suite: a logged-in context, hydration waits and route tables.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { playerUserAgent, servers } from '../../playwright.config.ts';

export { expect, playerUserAgent, servers };

/** "Logged in" is any non-empty `token` cookie (server/modules/session/service.ts). */
export async function logIn(context: BrowserContext, baseURL: string = servers.staging): Promise<void> {
  await context.addCookies([{ name: 'token', value: 'anything', url: baseURL }]);
}

export const tokenCookieHeader = { cookie: 'token=anything' };

/** `page` is a guest; `playerPage` is a page whose context carries the token cookie. */
export const test = base.extend<{ playerPage: Page }>({
  playerPage: async ({ context, page }, use) => {
    await logIn(context);
    await use(page);
  },
});

/**
 * Waits until React has hydrated the server-rendered document: the router exists and the
 * page's outermost rendered element carries React's props (set while hydrating it).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } };
    if (!w.__reactRouterDataRouter?.state.initialized) return false;
    const element = document.querySelector('[data-layout], main[data-error-status]');
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  });
}

/** A client-side navigation through the app's own router, as a <Link> click does. */
export async function clientNavigate(page: Page, to: string): Promise<void> {
  await waitForHydration(page);
  await page.evaluate((target) => {
    const w = window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } };
    void w.__reactRouterDataRouter.navigate(target);
  }, to);
}

/** Marks the current document so a later check can tell a client navigation from a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: string }).__e2eMark = 'same-document';
  });
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: string }).__e2eMark === 'same-document');
}

/** Both trees of SPEC.md §2: every route exists unprefixed and under /en. */
export const prefixes = ['', '/en'] as const;

export function withPrefix(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

export const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
