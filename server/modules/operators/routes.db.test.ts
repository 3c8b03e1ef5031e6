import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { uniqueEmail, validRegistration } from '../accounts/testing.ts';
import { auditLog, operators, operatorTokens } from './schema.ts';

const OPERATOR = { email: 'ops@casino.example', password: 'a long operator secret' };

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
});
afterAll(async () => {
  await t.close();
});

let lastIp = 0;
const newIp = () => `10.80.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  { token, payload, cookies }: { token?: string; payload?: unknown; cookies?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: newIp(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(cookies ? { cookies } : {}),
  });
}
async function adminToken() {
  const response = await call('POST', '/api/admin/login', { payload: OPERATOR });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}
async function newPlayer() {
  const form = validRegistration();
  const registered = await call('POST', '/api/register', { payload: form });
  const token = (await call('POST', '/api/login', { payload: { email: form.email, password: form.password } })).json().token as string;
  return { ...form, id: registered.json().data.id as string, token };
}

describe('operator accounts', () => {
  it('OPERATOR_EMAIL and OPERATOR_PASSWORD make sure the operator exists at start, in its own table', async () => {
    const rows = await t.services.database.db.select().from(operators);
    expect(rows.map((row) => row.email)).toEqual([OPERATOR.email]);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    const asPlayer = await t.services.database.db.select().from(players).where(eq(players.email, OPERATOR.email));
    expect(asPlayer).toEqual([]);
    expect(await t.services.operators.ensureOperator(OPERATOR)).toBe('unchanged');
  });

  it('a changed OPERATOR_PASSWORD replaces the old one and signs the operator out', async () => {
    const token = await adminToken();
    expect(await t.services.operators.ensureOperator({ email: OPERATOR.email, password: 'the rotated operator secret' })).toBe('updated');
    expect((await call('GET', '/api/admin/players', { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/login', { payload: OPERATOR })).statusCode).toBe(422);
    expect(await t.services.operators.ensureOperator(OPERATOR)).toBe('updated');
    await adminToken();
  });
});

describe('staff sign-ins in the audit log (issue 32 §5)', () => {
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
  const signIn = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, headers: { 'user-agent': BROWSER }, payload: { email, password } });
  const newest = async (action: string) =>
    (await t.services.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it('records each sign-in and each failed one with the address and the browser, never the typed e-mail or password', async () => {
    expect((await signIn(OPERATOR.email, OPERATOR.password, '10.90.0.1')).statusCode).toBe(200);
    const [operator] = await t.services.database.db.select().from(operators).where(eq(operators.email, OPERATOR.email));
    expect(await newest('staff.login')).toMatchObject({ staffId: operator!.id, after: { ip: '10.90.0.1', user_agent: BROWSER } });

    expect((await signIn(OPERATOR.email, 'not the password', '10.90.0.2')).statusCode).toBe(422);
    expect(await newest('staff.login_failed')).toMatchObject({
      staffId: operator!.id,
      subject: `staff:${operator!.id}`,
      after: { reason: 'password', ip: '10.90.0.2', user_agent: BROWSER },
    });

    expect((await signIn('who-is-this@casino.example', 'typed secret here', '10.90.0.3')).statusCode).toBe(422);
    const unknown = await newest('staff.login_failed');
    expect(unknown).toMatchObject({ staffId: null, subject: null, after: { reason: 'unknown_email', ip: '10.90.0.3', user_agent: BROWSER } });
    expect(JSON.stringify(unknown)).not.toMatch(/who-is-this|typed secret/);
  });
});

describe('POST /api/admin/login', () => {
  it('answers {token, expires_at} and keeps only its SHA-256', async () => {
    const response = await call('POST', '/api/admin/login', { payload: { email: OPERATOR.email.toUpperCase(), password: OPERATOR.password } });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['expires_at', 'token']);
    // The login device cookie (decision 0012) and the console's session, sent only to the console and its API.
    expect(response.cookies.map((cookie) => [cookie.name, cookie.path]).sort()).toEqual([
      ['operator_device', '/api/admin/login'],
      ['staff_token', '/admin'],
      ['staff_token', '/api/admin'],
    ]);
    for (const cookie of response.cookies.filter((c) => c.name === 'staff_token')) {
      expect(cookie).toMatchObject({ value: response.json().token, httpOnly: true, secure: true, sameSite: 'Strict' });
      // Cookie dates have whole seconds.
      expect(Math.floor(new Date(response.json().expires_at).getTime() / 1000) - new Date(cookie.expires!).getTime() / 1000).toBe(0);
    }
    const stored = JSON.stringify(await t.services.database.db.select().from(operatorTokens));
    expect(stored).not.toContain(response.json().token);
  });

  it('says the same for an unknown e-mail and a wrong password, and refuses malformed bodies', async () => {
    const wrong = await call('POST', '/api/admin/login', { payload: { email: OPERATOR.email, password: 'nope' } });
    const unknown = await call('POST', '/api/admin/login', { payload: { email: 'who@casino.example', password: OPERATOR.password } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    }
    expect((await call('POST', '/api/admin/login', { payload: {} })).statusCode).toBe(422);
    expect((await call('POST', '/api/admin/login', { payload: { email: 'x', password: 'y'.repeat(2000) } })).statusCode).toBe(422);
  });

  it('a player’s credentials are not an operator’s', async () => {
    const player = await newPlayer();
    expect((await call('POST', '/api/admin/login', { payload: { email: player.email, password: player.password } })).statusCode).toBe(422);
  });
});

describe('admin routes take an operator’s bearer token or the console’s cookie, and nothing else', () => {
  it('refuses no token, a player’s token (header or cookie) and an operator token on player routes', async () => {
    const player = await newPlayer();
    const admin = await adminToken();
    expect((await call('GET', '/api/admin/players')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/players', { token: player.token })).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await call('GET', '/api/admin/players', { cookies: { token: player.token } })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/players', { cookies: { token: admin } })).statusCode).toBe(401);
    expect((await call('GET', '/api/player', { token: admin })).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/players/${player.id}/block`, { token: player.token })).statusCode).toBe(401);
  });

  it('POST /api/admin/logout ends the operator session', async () => {
    const admin = await adminToken();
    expect((await call('POST', '/api/admin/logout', { token: admin })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/players', { token: admin })).statusCode).toBe(401);
  });

  it('one console session per browser: the cookie alone signs every tab in, until sign-out clears it and ends it', async () => {
    const admin = await adminToken();
    const cookies = { staff_token: admin };
    expect((await call('GET', '/api/admin/me', { cookies })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/players', { cookies })).statusCode).toBe(200);
    // Not a player's session, on player routes.
    expect((await call('GET', '/api/player', { cookies })).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', remoteAddress: newIp(), cookies, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.filter((cookie) => cookie.name === 'staff_token').map((cookie) => [cookie.path, cookie.value])).toEqual([
      ['/admin', ''],
      ['/api/admin', ''],
    ]);
    expect((await call('GET', '/api/admin/me', { cookies })).statusCode).toBe(401);
  });

  it('refuses a state change carried by the console’s cookie from another site, or as a form', async () => {
    const admin = await adminToken();
    const player = await newPlayer();
    const block = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/players/${player.id}/block`, remoteAddress: newIp(), cookies: { staff_token: admin }, headers, payload });
    const crossSite = await block({ origin: 'https://evil.example', 'content-type': 'application/json' }, JSON.stringify({ reason: 'Cross-site attempt' }));
    expect(crossSite.statusCode).toBe(403);
    const form = await block({ 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }, 'reason=Form+attempt');
    expect(form.statusCode).toBe(415);
    const [row] = await t.services.database.db
      .select({ blocked: players.blocked })
      .from(players)
      .where(eq(players.id, Number(player.id)));
    expect(row!.blocked).toBe(false);
    const same = await block({ 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, JSON.stringify({ reason: 'Same-site block' }));
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('GET /api/admin/players?email=', () => {
  it('finds players by e-mail (any part, any case) with id, email, active, blocked and kyc_status', async () => {
    const tag = `needle${Date.now()}`;
    const player = await newPlayer();
    const found = await call('POST', '/api/register', { payload: validRegistration({ email: `${tag}@example.com` }) });
    const admin = await adminToken();
    const response = await call('GET', `/api/admin/players?email=${tag.toUpperCase()}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [{ id: found.json().data.id, email: `${tag}@example.com`, active: false, blocked: false, kyc_status: 'unverified' }],
    });
    expect((await call('GET', `/api/admin/players?email=${encodeURIComponent(player.email)}`, { token: admin })).json().data).toHaveLength(1);
    expect((await call('GET', '/api/admin/players?email=%25', { token: admin })).json()).toEqual({ data: [] });
    expect((await call('GET', '/api/admin/players', { token: admin })).json().data.length).toBeGreaterThan(1);
    expect((await call('GET', `/api/admin/players?email=${'x'.repeat(300)}`, { token: admin })).statusCode).toBe(422);
  });
});

describe('blocking', () => {
  it('takes effect at once: the player’s next request sees blocked, and unblocking undoes it', async () => {
    const player = await newPlayer();
    const admin = await adminToken();
    const blocked = await call('POST', `/api/admin/players/${player.id}/block`, { token: admin, payload: { reason: 'Chargeback on the last deposit' } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ data: { id: player.id, email: player.email, active: false, blocked: true, kyc_status: 'unverified' } });
    expect((await call('GET', '/api/player', { token: player.token })).json().blocked).toBe(true);
    expect(await t.services.site.viewer(player.token)).toMatchObject({ blocked: true });
    expect((await call('PATCH', '/api/player', { token: player.token, payload: { city: 'x' } })).statusCode).toBe(423);

    const unblocked = await call('POST', `/api/admin/players/${player.id}/unblock`, { token: admin, payload: { reason: 'The bank withdrew the chargeback' } });
    expect(unblocked.json().data.blocked).toBe(false);
    expect((await call('GET', '/api/player', { token: player.token })).json().blocked).toBe(false);
    const trail = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(trail.map((entry) => entry.action)).toEqual(['player.block', 'player.unblock']);
    expect(trail.map((entry) => entry.after?.reason)).toEqual(['Chargeback on the last deposit', 'The bank withdrew the chargeback']);
  });

  it('answers 404 for an unknown player and 422 for an id that is not one', async () => {
    const admin = await adminToken();
    const payload = { reason: 'Suspected account sharing' };
    expect((await call('POST', '/api/admin/players/999999999/block', { token: admin, payload })).json()).toEqual({ message: 'No player with that id.' });
    expect((await call('POST', '/api/admin/players/999999999/block', { token: admin, payload })).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(30)])
      expect((await call('POST', `/api/admin/players/${id}/block`, { token: admin, payload })).statusCode, id).toBe(422);
  });
});

describe('PUT /api/admin/settings', () => {
  it('sets registration_activation_type, which the public settings and new registrations follow', async () => {
    const admin = await adminToken();
    try {
      const response = await call('PUT', '/api/admin/settings', { token: admin, payload: { registration_activation_type: 'sms' } });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.registration_activation_type).toBe('sms');
      expect((await call('GET', '/api/settings/get')).json().data.registration_activation_type).toBe('sms');
      expect((await call('POST', '/api/register', { payload: validRegistration({ email: uniqueEmail() }) })).json().activation_type).toBe('sms');
    } finally {
      await call('PUT', '/api/admin/settings', { token: admin, payload: { registration_activation_type: 'email' } });
    }
    expect((await call('GET', '/api/settings/get')).json().data.registration_activation_type).toBe('email');
  });

  it('refuses other values and bodies with a 422, changing nothing', async () => {
    const admin = await adminToken();
    for (const payload of [{ registration_activation_type: 'pigeon' }, {}, { registration_activation_type: ['sms'] }]) {
      expect((await call('PUT', '/api/admin/settings', { token: admin, payload })).statusCode).toBe(422);
    }
    expect((await call('PUT', '/api/admin/settings', { payload: { registration_activation_type: 'sms' } })).statusCode).toBe(401);
    expect((await call('GET', '/api/settings/get')).json().data.registration_activation_type).toBe('email');
  });
});

describe('operator login limits', () => {
  it('refuses an operator account after 10 failed logins in 15 minutes', async () => {
    const email = uniqueEmail('operator');
    for (let i = 0; i < 10; i++) await call('POST', '/api/admin/login', { payload: { email, password: 'wrong' } });
    const response = await call('POST', '/api/admin/login', { payload: { email, password: 'wrong' } });
    expect(response.statusCode).toBe(429);
    expect(response.json().type).toBe('throttled');
  });
});
