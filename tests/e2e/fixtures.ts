// Shared helpers for the end-to-end suite: a logged-in context, hydration waits and route tables.
import { randomBytes } from 'node:crypto';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { operator, operatorTotpSecret, playerUserAgent, servers } from '../../playwright.config.ts';
import { mailedLink } from './outbox.ts';

export { expect, playerUserAgent, servers };

const PASSWORD = 'Lucky#Seven77';
/** The password every player the suites register logs in with. */
export const PLAYER_PASSWORD = PASSWORD;
const json = { 'content-type': 'application/json', accept: 'application/json' };

// One activated player per worker and server: registering is limited per IP, logging in is cheap.
const players = new Map<string, Promise<string>>();

/** Registers a new player through the API without activating it; returns its e-mail. */
export async function registerPlayer(baseURL: string = servers.staging): Promise<string> {
  const address = `e2e-${randomBytes(6).toString('hex')}@example.com`;
  const form = {
    email: address,
    password: PASSWORD,
    name: 'Eve',
    surname: 'Tester',
    birthdate: '1990-01-01',
    gender: 'female',
    country: 'MT',
    city: 'Valletta',
    address1: '1 Test Street',
    postcode: 'VLT 1000',
    phonePrefix: '356',
    phoneNumber: '99123456',
    phone: '+35699123456',
    newsletter: false,
    agreement: true,
  };
  const registered = await fetch(`${baseURL}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(form) });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  return address;
}

/** Registers a new player through the API and activates it through the link in its mail; returns its e-mail. */
export async function registerActivePlayer(baseURL: string = servers.staging): Promise<string> {
  const address = await registerPlayer(baseURL);
  const activated = await fetch(`${baseURL}/api/activate`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ activate_token: (await mailedLink(baseURL, address, /\/player\/activate\//)).split('/').at(-1) }),
  });
  if (!activated.ok) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
  return address;
}

/** The worker's shared active player (made once per server). */
function activePlayer(baseURL: string): Promise<string> {
  let email = players.get(baseURL);
  if (!email) {
    email = registerActivePlayer(baseURL);
    players.set(baseURL, email);
  }
  return email;
}

/** A fresh session token of the player `email`: POST /api/login, as the login popup does. */
export async function sessionOf(email: string, baseURL: string = servers.staging): Promise<{ token: string; expiresAt: Date }> {
  const response = await fetch(`${baseURL}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const { token, expires_at } = (await response.json()) as { token: string; expires_at: string };
  return { token, expiresAt: new Date(expires_at) };
}

/** A fresh session token of the worker's active player. */
export async function loginToken(baseURL: string = servers.staging): Promise<{ token: string; expiresAt: Date }> {
  return sessionOf(await activePlayer(baseURL), baseURL);
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

/** Gives `context` the server's `token` cookie of a session, as login sets it. */
export async function addSessionCookie(context: BrowserContext, session: { token: string; expiresAt: Date }, baseURL: string = servers.staging): Promise<void> {
  await context.addCookies([
    {
      name: 'token',
      value: session.token,
      url: baseURL,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  ]);
}

/** Logs `context` in as a real, activated player. */
export async function logIn(context: BrowserContext, baseURL: string = servers.staging): Promise<void> {
  await addSessionCookie(context, await loginToken(baseURL), baseURL);
}

/** Credits `amount` (minor units) to the player of `token`: a sandbox crypto deposit, confirmed by the simulated network. */
export async function depositFor(token: string, amount: number, baseURL: string = servers.staging): Promise<void> {
  const headers = { ...json, authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() };
  const created = await fetch(`${baseURL}/api/payments/deposits`, { method: 'POST', headers, body: JSON.stringify({ method: 'sandbox-crypto', amount }) });
  if (created.status !== 201) throw new Error(`deposit: ${created.status} ${await created.text()}`);
  const { data } = (await created.json()) as { data: { sandbox_confirm_url: string; sandbox_confirm_signature: string } };
  const confirmed = await fetch(`${baseURL}${data.sandbox_confirm_url}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'sandbox-signature': data.sandbox_confirm_signature },
  });
  if (!confirmed.ok) throw new Error(`confirm deposit: ${confirmed.status} ${await confirmed.text()}`);
}

/**
 * A bearer token of the operator the staging and production servers start with (playwright.config.ts), one per
 * server and test process. Production asks for the TOTP code of OPERATOR_TOTP_SECRET; a code is good once, so if
 * another process just spent this step's code, the next step's (accepted for clock drift) is tried.
 */
const operatorTokens = new Map<string, Promise<string>>();
export function operatorToken(baseURL: string = servers.staging): Promise<string> {
  let token = operatorTokens.get(baseURL);
  if (!token) operatorTokens.set(baseURL, (token = signInOperator(baseURL)));
  return token;
}
async function signInOperator(baseURL: string): Promise<string> {
  const post = (path: string, body: unknown) => fetch(`${baseURL}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const response = await post('/api/admin/login', { email: operator.OPERATOR_EMAIL, password: operator.OPERATOR_PASSWORD });
  if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { token?: string; challenge?: string };
  if (answer.token) return answer.token;
  for (const steps of [0, 1]) {
    const code = await generate({ secret: operatorTotpSecret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const second = await post('/api/admin/login/two-factor', { challenge: answer.challenge, code });
    if (second.ok) return ((await second.json()) as { token: string }).token;
  }
  throw new Error('admin login: the two-factor code was refused');
}

/** Headers for a plain request from a logged-in player of the server at `baseURL`. */
export async function tokenCookieHeader(baseURL: string = servers.staging): Promise<{ cookie: string }> {
  return { cookie: `token=${(await loginToken(baseURL)).token}` };
}

/**
 * Gives `context` cookie consent in the first document of each origin it opens, once, so a test that withdraws it
 * keeps it withdrawn. Playwright's storageState would load every listed origin in a hidden page for each new
 * context (about 0.7 s a test for the five servers); an init script costs nothing until a page loads.
 */
export async function giveCookieConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (window.localStorage.getItem('e2e-consent-given') === null) {
        window.localStorage.setItem('e2e-consent-given', '1');
        window.localStorage.setItem('cookie-consent', 'true');
      }
    } catch {
      // A sandboxed frame (a provider's game) has no storage of its own to give.
    }
  });
}

/**
 * `page` is a guest; `playerPage` is a page whose context carries the token cookie. Every test fails on any
 * Content-Security-Policy violation in any page of its context: Chromium logs each as a console error, and the
 * page's `securitypolicyviolation` events are logged too, so a violation is caught whichever way it shows.
 */
export const test = base.extend<{ playerPage: Page; cspViolations: string[]; consentGiven: boolean; consent: undefined }>({
  /** Cookie consent given before the first page of each origin; the banner's own tests set it to false. */
  consentGiven: [true, { option: true }],
  // Consent is given up front: the banner appears 4.5 s after load and, fixed to the bottom, would cover the buttons
  // of any test that outlasts it on a slow machine.
  consent: [
    async ({ context, consentGiven }, use) => {
      if (consentGiven) await giveCookieConsent(context);
      await use(undefined);
    },
    { auto: true },
  ],
  // A test that provokes a violation on purpose reads this list and empties it.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      context.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && /Content Security Policy|CSP violation/i.test(text)) violations.push(`${message.location().url}: ${text}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
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
    const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps'));
    if (element === null || !hydrated(element)) return false;
    // A popup's content is a lazy chunk: until it loads, its server-rendered fields are not React's yet, and what is
    // typed into them is lost when they hydrate. Every control in an open dialog must be React's.
    return [...document.querySelectorAll(':is(dialog, [role="dialog"]) :is(input, select, textarea, button)')].every(hydrated);
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

export type Answer<T> = { status: number; body: T };

/** Our JSON API called from the test's side (Node), with an optional bearer token, body and Idempotency-Key. */
export async function api<T>(
  path: string,
  {
    method = 'GET',
    token,
    body,
    key,
    headers = {},
    baseURL = servers.staging,
  }: { method?: string; token?: string; body?: unknown; key?: string; headers?: Record<string, string>; baseURL?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

/** A player of the test's own (balances and favourites start empty), signed in in the page's context. */
export type FreshPlayer = { id: string; token: string };

export const playerTest = test.extend<{ player: FreshPlayer }>({
  player: async ({ context }, use) => {
    const session = await sessionOf(await registerActivePlayer());
    await addSessionCookie(context, session);
    const me = await api<{ id: string | number }>('/api/player', { token: session.token });
    expect(me.status).toBe(200);
    await use({ id: String(me.body.id), token: session.token });
  },
});

/**
 * A full-page picture without the first-load badge, which fades by itself after 3 s. It is hidden through the DOM:
 * a screenshot's `style` option injects a <style> element, which the CSP refuses.
 */
export async function screenshotPage(page: Page, path: string): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('[data-first-load-spinner]').forEach((badge) => (badge.style.display = 'none')));
  await page.screenshot({ path, fullPage: true });
}
