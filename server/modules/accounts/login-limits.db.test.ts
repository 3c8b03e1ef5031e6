import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from './schema.ts';
import { uniqueEmail, validRegistration } from './testing.ts';

// Login budgets are reserved before the password is checked (docs/decisions/0012-abuse-limits.md).
// Every argon2 verification is counted, so a test can say how many guesses reached the password check.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  const verify: typeof real.verify = (...args) => {
    argon2Calls.verify++;
    return real.verify(...args);
  };
  return { default: { ...real, verify } };
});

const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.90.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
type Answer = Awaited<ReturnType<typeof t.app.inject>>;
const login = (email: string, password: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: newIp(), cookies });
const deviceCookieOf = (response: Answer) => response.cookies.find((cookie) => cookie.name === 'device');

async function newPlayer() {
  const form = validRegistration();
  const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: form, remoteAddress: newIp() });
  expect(registered.statusCode).toBe(201);
  return { ...form, id: Number(registered.json().data.id) };
}

/** Logs in with the right password and answers the device cookie the server issued. */
async function deviceOf(player: { email: string; password: string }): Promise<string> {
  const response = await login(player.email, player.password);
  expect(response.statusCode).toBe(200);
  return deviceCookieOf(response)!.value;
}

/** Sends `count` wrong passwords at once and answers the status codes and how many reached argon2. */
async function burst(count: number, send: (i: number) => Promise<Answer>) {
  const before = argon2Calls.verify;
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const statuses = answers.map((answer) => answer.statusCode);
  return { verified: argon2Calls.verify - before, refused: statuses.filter((s) => s === 429).length, wrong: statuses.filter((s) => s === 422).length };
}

describe('parallel guesses against one account', () => {
  it('100 wrong passwords at once: 10 reach the password check, 90 are refused before it', async () => {
    const victim = await newPlayer();
    const result = await burst(100, (i) => login(victim.email, `Guess#${i}xx`));
    expect(result).toEqual({ verified: 10, wrong: 10, refused: 90 });
    const locked = await login(victim.email.toUpperCase(), victim.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      type: 'throttled',
      message: expect.stringMatching(/^Too many failed login attempts for this account\. Please try again in 15 minutes\.$/),
    });
  });

  it('the same for an address without an account', async () => {
    const ghost = uniqueEmail('ghost');
    const result = await burst(100, (i) => login(ghost, `Guess#${i}xx`));
    expect(result).toEqual({ verified: 10, wrong: 10, refused: 90 });
  });

  it('100 wrong passwords at once with a device cookie: 10 reach the check, then that device is locked', async () => {
    const player = await newPlayer();
    const device = await deviceOf(player);
    const result = await burst(100, (i) => login(player.email, `Guess#${i}xx`, { device }));
    expect(result).toEqual({ verified: 10, wrong: 10, refused: 90 });
    const locked = await login(player.email, player.password, { device });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed login attempts on this device\./);
  });

  it('a right password gives its reservation back: logins that succeed never lock the account', async () => {
    const player = await newPlayer();
    for (let i = 0; i < 9; i++) expect((await login(player.email, `Guess#${i}xx`)).statusCode).toBe(422);
    for (let i = 0; i < 15; i++) expect((await login(player.email, player.password)).statusCode).toBe(200);
    expect((await login(player.email, 'Guess#last')).statusCode).toBe(422);
    expect((await login(player.email, player.password)).statusCode).toBe(429);
  });
});

describe('device cookies', () => {
  it('a successful login sets an HttpOnly, Secure, SameSite=Strict cookie for the login path only, with no personal data', async () => {
    const player = await newPlayer();
    const response = await login(player.email, player.password);
    const cookie = deviceCookieOf(response)!;
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, secure: true, sameSite: 'Strict', maxAge: 180 * 24 * 60 * 60 });
    expect(cookie.value).toMatch(/^[0-9]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie.value.toLowerCase()).not.toContain(player.email.split('@')[0]);
    expect(deviceCookieOf(await login(player.email, 'Wrong#Pass1'))).toBeUndefined();
  });

  it('the owner with their device cookie still logs in after an attacker used up the budget of unknown devices', async () => {
    const owner = await newPlayer();
    const device = await deviceOf(owner);
    const attack = await burst(30, (i) => login(owner.email, `Guess#${i}xx`));
    expect(attack).toEqual({ verified: 10, wrong: 10, refused: 20 });
    expect((await login(owner.email, owner.password)).statusCode).toBe(429);

    const before = argon2Calls.verify;
    const back = await login(owner.email, owner.password, { device });
    expect(back.statusCode).toBe(200);
    expect(argon2Calls.verify - before).toBe(1);
    // A fresh cookie each time, which works as the old one did.
    const renewed = deviceCookieOf(back)!.value;
    expect(renewed).not.toBe(device);
    expect((await login(owner.email, owner.password, { device: renewed })).statusCode).toBe(200);
  });

  it('a forged or altered cookie, or another account’s, gets no budget of its own', async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const ownDevice = await deviceOf(owner);
    const othersDevice = await deviceOf(other);
    await burst(10, (i) => login(owner.email, `Guess#${i}xx`));
    const [issuedAt, nonce, signature] = ownDevice.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const device of [othersDevice, `${issuedAt}.${nonce}.${flipped}`, `${Number(issuedAt) - 1}.${nonce}.${signature}`, 'x', '', `${ownDevice}.extra`]) {
      const response = await login(owner.email, owner.password, { device });
      expect(response.statusCode, device).toBe(429);
      expect(response.json().message).toMatch(/for this account/);
    }
    expect((await login(owner.email, owner.password, { device: ownDevice })).statusCode).toBe(200);
  });

  it('a device that fails too often is locked on its own; other devices of the account are not', async () => {
    const player = await newPlayer();
    const lost = await deviceOf(player);
    const kept = await deviceOf(player);
    for (let i = 0; i < 10; i++) expect((await login(player.email, `Guess#${i}xx`, { device: lost })).statusCode).toBe(422);
    expect((await login(player.email, player.password, { device: lost })).statusCode).toBe(429);
    expect((await login(player.email, player.password, { device: kept })).statusCode).toBe(200);
    expect((await login(player.email, player.password)).statusCode).toBe(200);
  });
});

describe('current-password checks', () => {
  it('20 wrong current passwords at once: 5 reach the password check', async () => {
    const player = await newPlayer();
    await t.services.database.db.update(players).set({ active: true }).where(eq(players.id, player.id));
    const token = (await login(player.email, player.password)).json().token as string;
    const authorization = `Bearer ${token}`;
    for (const [url, payload] of [
      ['/api/player/password', (i: number) => ({ current_password: `Guess#${i}xx`, password: 'Brand#New2026', password_confirmation: 'Brand#New2026' })],
      ['/api/player/email', (i: number) => ({ email: 'elsewhere@example.com', password: `Guess#${i}xx` })],
    ] as const) {
      const result = await burst(20, (i) => t.app.inject({ method: 'POST', url, payload: payload(i), remoteAddress: newIp(), headers: { authorization } }));
      // The two routes share one budget of 5 per player.
      expect(result, url).toEqual(url === '/api/player/password' ? { verified: 5, wrong: 5, refused: 15 } : { verified: 0, wrong: 0, refused: 20 });
    }
  });

  it('a right current password that fails other rules is not counted as a wrong one', async () => {
    const player = await newPlayer();
    await t.services.database.db.update(players).set({ active: true }).where(eq(players.id, player.id));
    const token = (await login(player.email, player.password)).json().token as string;
    for (let i = 0; i < 8; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/player/password',
        payload: { current_password: player.password, password: 'short', password_confirmation: 'short' },
        remoteAddress: newIp(),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['password']);
    }
  });
});
