import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test-app.ts';
import { validRegistration } from '../accounts/testing.ts';

// Operator login budgets and device cookies (docs/decisions/0015-login-budgets-and-device-cookies.md), with
// every argon2 verification counted so a test can say how many guesses reached the password check.
const argon2Calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  const verify: typeof real.verify = (...args) => {
    argon2Calls.verify++;
    return real.verify(...args);
  };
  return { default: { ...real, verify } };
});

const OPERATOR = { email: 'ops@casino.example', password: 'a long operator secret' };

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
});
afterAll(async () => {
  await t.close();
});

let lastIp = 0;
const newIp = () => `10.85.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
type Answer = Awaited<ReturnType<typeof t.app.inject>>;
const login = (password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: OPERATOR.email, password }, remoteAddress: newIp(), headers });
const deviceCookieOf = (response: Answer) => response.cookies.find((cookie) => cookie.name === 'operator_device');

async function burst(count: number, headers: Record<string, string> = {}) {
  const before = argon2Calls.verify;
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => login(`wrong guess ${i}`, headers)));
  const statuses = answers.map((answer) => answer.statusCode);
  return { verified: argon2Calls.verify - before, refused: statuses.filter((s) => s === 429).length, wrong: statuses.filter((s) => s === 422).length };
}

describe('POST /api/admin/login under attack', () => {
  // In order: the API client logs in once and keeps its device cookie, as a browser would.
  let device = '';

  it('a successful login issues an HttpOnly, Secure, SameSite=Strict device cookie for the admin login path', async () => {
    const response = await login(OPERATOR.password);
    expect(response.statusCode).toBe(200);
    const cookie = deviceCookieOf(response)!;
    expect(cookie).toMatchObject({ path: '/api/admin/login', httpOnly: true, secure: true, sameSite: 'Strict' });
    device = cookie.value;
  });

  it('100 wrong passwords at once: 10 reach the password check; then even the right password without the cookie is refused', async () => {
    expect(await burst(100)).toEqual({ verified: 10, wrong: 10, refused: 90 });
    const locked = await login(OPERATOR.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ type: 'throttled', message: expect.stringMatching(/^Too many failed login attempts for this account\./) });
  });

  it('the operator’s client with its device cookie still logs in', async () => {
    const response = await login(OPERATOR.password, { cookie: `operator_device=${device}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('a player’s device cookie for the same address, or an altered one, gets no budget of its own', async () => {
    const twin = validRegistration({ email: OPERATOR.email });
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: twin, remoteAddress: newIp() })).statusCode).toBe(201);
    const playerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: twin.email, password: twin.password },
      remoteAddress: newIp(),
    });
    const playersDevice = playerLogin.cookies.find((cookie) => cookie.name === 'device')!.value;
    const altered = device.replace(/^\d+/, (issuedAt) => String(Number(issuedAt) + 1));
    for (const cookie of [`operator_device=${playersDevice}`, `device=${device}`, `operator_device=${altered}`]) {
      expect((await login(OPERATOR.password, { cookie })).statusCode, cookie).toBe(429);
    }
  });

  it('100 wrong passwords at once with the device cookie: 10 reach the check, then that device is locked too', async () => {
    expect(await burst(100, { cookie: `operator_device=${device}` })).toEqual({ verified: 10, wrong: 10, refused: 90 });
    const locked = await login(OPERATOR.password, { cookie: `operator_device=${device}` });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed login attempts on this device\./);
  });
});
