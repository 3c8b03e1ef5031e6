// Walks every player, public and partner route with hostile input (server/http/hostile-walk.ts) and expects no 5xx;
// the operator routes are walked by bad-input-admin.db.test.ts beside it. Then the NUL-byte rule's own answers.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OPERATOR_ENV, paymentsKit } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';
import { fieldsOf, walkHostileInput } from './hostile-walk.ts';

const t = useTestApp({ ...OPERATOR_ENV, RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
const kit = paymentsKit(t);

describe("hostile input on every route but the operators'", () => {
  it('never answers 5xx', async () => {
    const all = t.app.registeredRoutes;
    // The walk reads each route's own zod schemas: a body or query it cannot see would go unwalked.
    const schemaOf = (method: string, url: string) => all.find((route) => route.method === method && route.url === url)?.schema;
    expect(fieldsOf(schemaOf('POST', '/api/register')?.body)).toEqual(expect.arrayContaining(['email', 'password', 'referrer']));
    expect(fieldsOf(schemaOf('GET', '/api/player/transactions')?.querystring)).toEqual(expect.arrayContaining(['type', 'from', 'page']));
    expect(fieldsOf(schemaOf('POST', '/api/admin/withdrawals/:id/reject')?.body)).toEqual(['reason']);
    const { failures, requests, routes } = await walkHostileInput(t, kit, (route) => !route.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(40);
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 900_000); // a hang detector only: alone it takes about a minute, and beside other work it once passed 300 s
});

describe('the NUL-byte rule', () => {
  it('names the field of the body, the query and the path, and changes nothing', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada\u0000@example.com', password: 'x' } });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({
      message: 'The email field contains a character that is not allowed.',
      errors: { email: ['The email field contains a character that is not allowed.'] },
    });

    const search = await t.app.inject({ method: 'GET', url: '/api/games?q=%00' });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors).toHaveProperty('q');

    const player = await kit.player();
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { authorization: `Bearer ${player.token}` },
      payload: { city: 'Val\u0000letta' },
    });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toHaveProperty('city');
    const after = await t.app.inject({ method: 'GET', url: '/api/player', headers: { authorization: `Bearer ${player.token}` } });
    expect(after.json().city).not.toContain('\u0000');

    const nested = await t.app.inject({ method: 'POST', url: '/api/magic-link', payload: { email: 'ada@example.com', redirect: '/deposit\u0000' } });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toHaveProperty('redirect');
  });

  it('answers a known and an unknown e-mail alike', async () => {
    const player = await kit.player();
    const known = await t.app.inject({ method: 'POST', url: '/api/magic-link', payload: { email: player.email, redirect: '\u0000' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/magic-link',
      payload: { email: `nobody-${randomUUID()}@example.com`, redirect: '\u0000' },
    });
    expect(known.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses transaction dates outside 1900–2100', async () => {
    const player = await kit.player();
    for (const date of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/player/transactions?from=${date}`,
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('from');
    }
    const fine = await t.app.inject({
      method: 'GET',
      url: '/api/player/transactions?from=1900-01-01&to=2100-12-31',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(fine.statusCode).toBe(200);
  });
});
