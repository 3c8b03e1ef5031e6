// Shared helpers for the end-to-end suite: a logged-in context, hydration waits and route tables.
import { randomBytes } from 'node:crypto';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { playerUserAgent, servers } from '../../playwright.config.ts';
import { mailedLink } from './outbox.ts';

export { expect, playerUserAgent, servers };

const PASSWORD = 'Lucky#Seven77';
const json = { 'content-type': 'application/json', accept: 'application/json' };

// One activated player per worker and server: registering is limited per IP, logging in is cheap.
const players = new Map<string, Promise<string>>();

/** Registers a player through the API and activates it through the link in its mail; returns its e-mail. */
function activePlayer(baseURL: string): Promise<string> {
  let email = players.get(baseURL);
  if (!email) {
    email = (async () => {
      const address = `e2e-${randomBytes(6).toString('hex')}@example.com`;
      const form = {
        email: address, password: PASSWORD, name: 'Eve', surname: 'Tester', birthdate: '1990-01-01', gender: 'female',
        country: 'MT', city: 'Valletta', address1: '1 Test Street', postcode: 'VLT 1000', phonePrefix: '356',
        phoneNumber: '99123456', phone: '+35699123456', newsletter: false, agreement: true,
      };
      const registered = await fetch(`${baseURL}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(form) });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
      const activated = await fetch(`${baseURL}/api/activate`, {
        method: 'POST', headers: json, body: JSON.stringify({ activate_token: (await mailedLink(baseURL, address, /\/player\/activate\//)).split('/').at(-1) }),
      });
      if (!activated.ok) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
      return address;
    })();
    players.set(baseURL, email);
  }
  return email;
}

/** A fresh session token of the worker's active player: POST /api/login, as the login popup does. */
export async function loginToken(baseURL: string = servers.staging): Promise<{ token: string; expiresAt: Date }> {
  const email = await activePlayer(baseURL);
  const response = await fetch(`${baseURL}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const { token, expires_at } = (await response.json()) as { token: string; expires_at: string };
  return { token, expiresAt: new Date(expires_at) };
}

const resetPaths = new Map<string, Promise<string>>();

/** A real /account/reset-password/{token} path for the worker's player (looking it up does not use it up). */
export function resetPasswordPath(baseURL: string = servers.staging): Promise<string> {
  let found = resetPaths.get(baseURL);
  if (!found) {
    found = (async () => {
      const email = await activePlayer(baseURL);
      const requested = await fetch(`${baseURL}/api/password/create`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
      if (!requested.ok) throw new Error(`password/create: ${requested.status} ${await requested.text()}`);
      return new URL(await mailedLink(baseURL, email, /\/account\/reset-password\//)).pathname;
    })();
    resetPaths.set(baseURL, found);
  }
  return found;
}

/** Logs `context` in as a real, activated player: the server's `token` cookie, as login sets it. */
export async function logIn(context: BrowserContext, baseURL: string = servers.staging): Promise<void> {
  const { token, expiresAt } = await loginToken(baseURL);
  await context.addCookies([
    { name: 'token', value: token, url: baseURL, httpOnly: true, secure: true, sameSite: 'Strict', expires: Math.floor(expiresAt.getTime() / 1000) },
  ]);
}

/** Headers for a plain request from a logged-in player of the server at `baseURL`. */
export async function tokenCookieHeader(baseURL: string = servers.staging): Promise<{ cookie: string }> {
  return { cookie: `token=${(await loginToken(baseURL)).token}` };
}

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
