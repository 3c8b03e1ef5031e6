// The hostile-input walk (issue 13's "no 5xx from input"), shared by the two halves of the walk that run side by side:
// every registered route with NUL bytes, lone surrogates, impossible dates, identifiers of the right length and the
// wrong kind, numbers past any column, as a signed-in player or operator and anonymously. Routes added later are walked
// without anyone adding them here. Returns what answered 5xx.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { validRegistration } from '../modules/accounts/testing.ts';
import { OPERATOR_ENV, type paymentsKit } from '../modules/payments/testing.ts';
import type { TestApp } from '../test-app.ts';

const HOSTILE_STRINGS = [
  '\u0000',
  'ada\u0000@example.com',
  '\ud800',
  '\udfff tail',
  '0000-01-01',
  '9999-12-31',
  '-'.repeat(36),
  '00000000-0000-0000-0000-00000000000g',
  'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
  '9'.repeat(40),
  '-1',
  'NaN',
  '../../etc/passwd',
  "'; drop table players; --",
  'x'.repeat(3000),
];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, 1e308, -1, 2 ** 63, [{ deep: '\u0000' }], { '\u0000': 1 }];

/** The fields of a route's zod object schema (through `.optional()` and `.nullable()`), or none. */
export function fieldsOf(schema: unknown): string[] {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}
const fill = (fields: string[], value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));

/** Percent-encoded as an attacker would send it: a lone surrogate as the bytes of its (invalid) UTF-8 form. */
const encode = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

function pathWith(url: string, value: string): string {
  const encoded = encode(value);
  return url.replace(/:[A-Za-z_]+/g, encoded).replace(/\*$/, encoded);
}

/** A real value for each path parameter, so that a hostile body or query gets past the route's own lookup. */
const VALID_PARAMS: Record<string, string> = { slug: 'european-roulette', gameId: '1', id: '1', roundId: randomUUID() };
const validPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => VALID_PARAMS[name] ?? '1').replace(/\*$/, 'x');

/** Valid bodies for the routes whose deeper paths need one: a hostile value replaces one field at a time. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  '/api/register': () => validRegistration(),
  '/api/player': () => ({ city: 'Valletta', address1: '1 Main Street' }),
  '/api/payments/deposits': () => ({ method: 'sandbox-card', amount: 20_00, bonusId: 'welcome' }),
  '/api/payments/withdrawals': () => ({ method: 'sandbox-crypto', amount: 20_00, address: 'bc1qexample' }),
  '/api/admin/messages': () => ({ player_id: '1', subject: 'Hello', body: 'A message for you' }),
  '/api/games/:slug/rounds': () => ({ mode: 'real', bets: [{ type: 'red', amount: 100 }] }),
  '/api/fairness/client-seed': () => ({ client_seed: 'my-seed' }),
};

type Route = TestApp['app']['registeredRoutes'][number];

/** Walks `routes` (all of the app's but HEAD, filtered by `only`); the 5xx answers and how many requests were sent. */
export async function walkHostileInput(
  t: TestApp,
  kit: ReturnType<typeof paymentsKit>,
  only: (route: Route) => boolean,
): Promise<{ failures: string[]; requests: number; routes: Route[] }> {
  const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && only(route));
  // A fresh player and operator session per route: a walk over logout or a password change must not sign
  // the next route's requests out.
  async function identityFor(url: string) {
    if (!url.startsWith('/api/admin')) return { authorization: `Bearer ${(await kit.player({ kyc: 'verified' })).token}` };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: OPERATOR_ENV.OPERATOR_EMAIL, password: OPERATOR_ENV.OPERATOR_PASSWORD },
    });
    return { authorization: `Bearer ${login.json().token as string}` };
  }

  const failures: string[] = [];
  let requests = 0;
  async function attempt(method: string, url: string, headers: Record<string, string>, payload?: object) {
    requests++;
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 500)
      failures.push(`${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  for (const route of routes) {
    const signedIn = await identityFor(route.url);
    const queryFields = [...new Set([...fieldsOf(route.schema?.querystring), 'q', 'from', 'to', 'page'])];
    const bodyFields = fieldsOf(route.schema?.body);
    const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
    for (const value of HOSTILE_VALUES) {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      for (const headers of [{}, signedIn]) {
        await attempt(route.method, pathWith(route.url, text), headers);
        await attempt(route.method, `${pathWith(route.url, 'x')}?${queryFields.map((field) => `${field}=${encode(text)}`).join('&')}`, headers);
        if (takesBody) await attempt(route.method, pathWith(route.url, '1'), headers, fill(bodyFields.length > 0 ? bodyFields : ['value'], value));
      }
      // One field at a time, so that no other field's validation stops the request before it reaches a query.
      for (const field of queryFields) await attempt(route.method, `${validPath(route.url)}?${field}=${encode(text)}`, signedIn);
      const valid = VALID_BODIES[route.url]?.() ?? {};
      if (takesBody) for (const field of bodyFields) await attempt(route.method, validPath(route.url), signedIn, { ...valid, [field]: value });
    }
  }
  return { failures, requests, routes };
}
