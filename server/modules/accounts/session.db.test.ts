import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTemplates } from '../../notify/templates.ts';
import { useTestApp } from '../../test-app.ts';
import { createPasswordHasher } from './passwords.ts';
import { personalAccessTokens, players } from './schema.ts';
import { SESSION, sha256 } from './secrets.ts';
import { createAccountsService } from './service.ts';
import { validRegistration } from './testing.ts';

const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.30.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

async function newPlayer() {
  const form = validRegistration();
  const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: form, remoteAddress: newIp() });
  expect(response.statusCode).toBe(201);
  return { ...form, id: response.json().data.id as string };
}
function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: newIp() });
}
async function tokenFor(player: { email: string; password: string }) {
  const response = await login(player.email, player.password);
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}
const getPlayer = (headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/player', headers, cookies });

describe('POST /api/login', () => {
  it('answers token, expires_at and active, and sets the token cookie with the server expiry', async () => {
    const player = await newPlayer();
    const before = Date.now();
    const response = await login(player.email.toUpperCase(), player.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['active', 'expires_at', 'token']);
    expect(body.active).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = new Date(body.expires_at).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + SESSION.lifetimeMs);
    expect(expiresAt).toBeLessThan(Date.now() + SESSION.lifetimeMs + 1000);

    // The token cookie alone: a login also sets the device cookie (decision 0012).
    const cookie = String([response.headers['set-cookie']].flat().find((header) => header?.startsWith('token=')));
    expect(cookie).toContain(`token=${body.token}`);
    expect(cookie).toContain('Path=/;');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Expires=${new Date(body.expires_at).toUTCString()}`);
  });

  it('stores only the SHA-256 of the token', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    const rows = await t.services.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.playerId, Number(player.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    const dump = JSON.stringify(await t.services.database.db.execute(sql`select * from personal_access_tokens`));
    expect(dump).not.toContain(token);
  });

  it('issues a new token at every login, each valid on its own', async () => {
    const player = await newPlayer();
    const [a, b] = [await tokenFor(player), await tokenFor(player)];
    expect(a).not.toBe(b);
    expect((await getPlayer({ authorization: `Bearer ${a}` })).statusCode).toBe(200);
    expect((await getPlayer({ authorization: `Bearer ${b}` })).statusCode).toBe(200);
  });

  it('says exactly the same for an unknown e-mail and a wrong password', async () => {
    const player = await newPlayer();
    const wrongPassword = await login(player.email, 'Wrong#Password1');
    const unknownEmail = await login('nobody-here@example.com', player.password);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses malformed requests with a 4xx and issues no token', async () => {
    const [before] = await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(personalAccessTokens);
    const cases: [unknown, number, string][] = [
      [{ email: 'a@b.com' }, 422, 'The password field is required.'],
      [{ password: 'x' }, 422, 'The email field is required.'],
      [{ email: { $gt: '' }, password: 'x' }, 422, 'The email field must be a string.'],
      [{ email: 'a@b.com', password: 'x'.repeat(5000) }, 422, 'The password field must not be greater than 1024 characters.'],
      [[], 422, 'The request body must be a JSON object.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress: newIp() });
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{"email"', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    const [after] = await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(personalAccessTokens);
    expect(after!.n).toBe(before!.n);
  });

  it('upgrades a hash made with weaker argon2id parameters at the next login', async () => {
    const player = await newPlayer();
    const weak = await createPasswordHasher({ memoryKib: 1024, timeCost: 1 }).hash(player.password);
    const db = t.services.database.db;
    await db
      .update(players)
      .set({ passwordHash: weak })
      .where(eq(players.id, Number(player.id)));
    const stronger = createAccountsService({
      db,
      settings: t.services.settings,
      outbox: t.services.outbox,
      templates: createTemplates({ siteName: 'Croupier', publicUrl: 'http://localhost' }),
      passwords: createPasswordHasher({ memoryKib: 2048, timeCost: 2 }),
    });
    expect(await stronger.login(player.email, player.password)).not.toBeNull();
    const [row] = await db
      .select({ hash: players.passwordHash })
      .from(players)
      .where(eq(players.id, Number(player.id)));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=2048,p=1,t=2\$/);
    expect(await stronger.login(player.email, player.password)).not.toBeNull();
  });
});

describe('GET /api/player', () => {
  it('answers the player for a bearer token or the token cookie', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    for (const response of [await getPlayer({ authorization: `Bearer ${token}` }), await getPlayer({}, { token })]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: player.id,
        email: player.email,
        active: false,
        blocked: false,
        kyc_status: 'unverified',
        name: player.name,
        surname: player.surname,
        birthdate: player.birthdate,
        gender: player.gender,
        country: player.country,
        city: player.city,
        address1: player.address1,
        postcode: player.postcode,
        phone: player.phone,
        newsletter: true,
      });
      expect(typeof response.json().id).toBe('string');
    }
  });

  it('answers 401 without a valid token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${'a'.repeat(43)}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ];
    for (const headers of attempts) {
      const response = await getPlayer(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect((await getPlayer({}, { token: 'x'.repeat(5000) })).statusCode).toBe(401);
  });

  it('prefers the Authorization header over the cookie', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    expect((await getPlayer({ authorization: 'Bearer nonsense' }, { token })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token on the server and clears the cookie', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    const other = await tokenFor(player);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { token } });
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^token=;/);
    expect(cookie).toContain('Expires=Thu, 01 Jan 1970');
    expect((await getPlayer({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await getPlayer({ authorization: `Bearer ${other}` })).statusCode).toBe(200);
  });

  it('accepts a bearer token too, and answers 204 even with none (errors are ignored by the site)', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(204);
    expect((await getPlayer({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
  });
});

describe('token lifetime (absolute 12 h, idle 30 min) and the viewer', () => {
  function accountsAt(clock: { now: Date }) {
    return createAccountsService({
      db: t.services.database.db,
      settings: t.services.settings,
      outbox: t.services.outbox,
      templates: createTemplates({ siteName: 'Croupier', publicUrl: 'http://localhost' }),
      passwords: createPasswordHasher(t.config.argon2),
      now: () => clock.now,
    });
  }
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

  it('ends a session left idle for 30 minutes, and deletes its token', async () => {
    const player = await newPlayer();
    const clock = { now: new Date() };
    const accounts = accountsAt(clock);
    const { token } = (await accounts.login(player.email, player.password))!;
    const start = clock.now;
    clock.now = later(start, 29 * 60_000);
    expect(await accounts.authenticate(token)).toMatchObject({ id: Number(player.id) });
    clock.now = later(clock.now, 30 * 60_000);
    expect(await accounts.authenticate(token)).toBeNull();
    const rows = await t.services.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.tokenHash, sha256(token)));
    expect(rows).toEqual([]);
  });

  it('ends a busy session 12 hours after login', async () => {
    const player = await newPlayer();
    const clock = { now: new Date() };
    const accounts = accountsAt(clock);
    const { token } = (await accounts.login(player.email, player.password))!;
    const start = clock.now;
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.now = later(start, minutes * 60_000);
      expect(await accounts.authenticate(token), `after ${minutes} min`).not.toBeNull();
    }
    clock.now = later(start, SESSION.lifetimeMs);
    expect(await accounts.authenticate(token)).toBeNull();
  });

  it('keeps at most the 20 newest tokens of a player', async () => {
    const player = await newPlayer();
    const accounts = accountsAt({ now: new Date() });
    const first = (await accounts.login(player.email, player.password))!.token;
    for (let i = 0; i < SESSION.maxPerPlayer; i++) await accounts.login(player.email, player.password);
    const rows = await t.services.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.playerId, Number(player.id)));
    expect(rows).toHaveLength(SESSION.maxPerPlayer);
    expect(await accounts.authenticate(first)).toBeNull();
  });

  it('session.viewer(token) is the real lookup the site’s guards use', async () => {
    const player = await newPlayer();
    const token = await tokenFor(player);
    expect(await t.services.site.viewer(token)).toEqual({ id: player.id, email: player.email, active: false, blocked: false });
    expect(await t.services.site.viewer(undefined)).toBeNull();
    expect(await t.services.site.viewer('anything')).toBeNull();
    await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { token } });
    expect(await t.services.site.viewer(token)).toBeNull();
  });
});
