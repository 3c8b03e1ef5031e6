import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../http/app.ts';
import { createTestApp, useTestApp } from '../../test-app.ts';
import { REGISTRATION_EMAIL_CHECKS } from './routes.ts';
import { uniqueEmail, validRegistration } from './testing.ts';

// Abuse limits (issue 4 §4). Every other suite spreads its requests over many addresses; this one
// sends them from one on purpose.
const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.70.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const post = (url: string, payload: unknown, remoteAddress = newIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });

async function newPlayer() {
  const form = validRegistration();
  expect((await post('/api/register', form)).statusCode).toBe(201);
  return form;
}

function expectThrottled(response: Awaited<ReturnType<typeof post>>, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(response.json().type).toBe('throttled');
  expect(response.json().message).toMatch(message);
  expect(response.json().message).toMatch(/Please try again in \d+ minutes?\.$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('login', () => {
  it('allows 10 failed logins per account in 15 minutes, from any addresses; then not even the right password', async () => {
    const victim = await newPlayer();
    for (let i = 0; i < 10; i++) expect((await post('/api/login', { email: victim.email, password: `Guess#${i}xx` })).statusCode).toBe(422);
    const right = await post('/api/login', { email: victim.email.toUpperCase(), password: victim.password });
    expectThrottled(right, /^Too many failed login attempts for this account\./);
    const bystander = await newPlayer();
    expect((await post('/api/login', { email: bystander.email, password: bystander.password })).statusCode).toBe(200);
  });

  it('counts only failures against the account', async () => {
    const player = await newPlayer();
    for (let i = 0; i < 12; i++) expect((await post('/api/login', { email: player.email, password: player.password })).statusCode).toBe(200);
  });

  it('limits unknown accounts the same way, so the answer tells nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await post('/api/login', { email: ghost, password: 'Guess#1xx' })).statusCode).toBe(422);
    expectThrottled(await post('/api/login', { email: ghost, password: 'Guess#1xx' }), /for this account/);
  });

  it('allows 100 logins per address in 15 minutes (players behind one shared address), then 429', async () => {
    const player = await newPlayer();
    const ip = newIp();
    for (let i = 0; i < 100; i++) {
      const response = await post('/api/login', { email: i % 2 ? player.email : uniqueEmail(), password: player.password }, ip);
      expect(response.statusCode, `login ${i + 1}`).not.toBe(429);
    }
    expectThrottled(await post('/api/login', { email: player.email, password: player.password }, ip), /^Too many login attempts from your network\./);
    expect((await post('/api/login', { email: player.email, password: player.password })).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('allows 20 registrations per address in 15 minutes, then 429; dry runs are counted apart', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await post('/api/register', validRegistration(), ip)).statusCode, `registration ${i + 1}`).toBe(201);
    expectThrottled(await post('/api/register', validRegistration(), ip), /^Too many registrations from your network\./);
    const dryRun = await post('/api/register', { email: uniqueEmail() }, ip, { precognition: 'true', 'precognition-validate-only': 'email' });
    expect(dryRun.statusCode).toBe(204);
  });

  it('answers 30 e-mail checks per address in 15 minutes, then 429; dry runs of other fields go on', async () => {
    const ip = newIp();
    const dryRun = (body: object, fields?: string) =>
      post('/api/register', body, ip, { precognition: 'true', ...(fields ? { 'precognition-validate-only': fields } : {}) });
    const taken = (await newPlayer()).email;
    const first = await dryRun({ email: taken }, 'email');
    expect(first.statusCode).toBe(422);
    expect(first.json().errors.email).toEqual(['The email has already been taken.']);
    // Every check of an e-mail counts: one field at a time as the wizard asks, or the whole form.
    for (let i = 1; i < REGISTRATION_EMAIL_CHECKS; i++) {
      const answer = i % 2 ? await dryRun({ email: uniqueEmail() }, 'email') : await dryRun(validRegistration());
      expect(answer.statusCode, `check ${i + 1}`).toBe(204);
    }
    const refused = await dryRun({ email: taken }, 'email');
    expectThrottled(refused, /^Too many e-mail address checks from your network\./);
    expect(refused.body).not.toContain('taken');
    expect((await dryRun({ firstName: 'Ada' }, 'firstName')).statusCode).toBe(204);
    expect((await post('/api/register', { email: taken }, newIp(), { precognition: 'true', 'precognition-validate-only': 'email' })).statusCode).toBe(422);
  });

  it('allows 5 registration attempts per e-mail address in 15 minutes', async () => {
    const form = validRegistration();
    expect((await post('/api/register', form)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await post('/api/register', form)).statusCode).toBe(422);
    expectThrottled(await post('/api/register', form), /for this e-mail address/);
  });
});

describe('password reset and magic-link requests', () => {
  for (const [url, message] of [
    ['/api/password/create', /^Too many password reset requests for this e-mail address\./],
    ['/api/magic-link', /^Too many sign-in link requests for this e-mail address\./],
  ] as const) {
    it(`${url}: 3 per e-mail in 15 minutes, the same for known and unknown addresses`, async () => {
      const known = (await newPlayer()).email;
      const unknown = uniqueEmail('unknown');
      for (const email of [known, unknown]) {
        for (let i = 0; i < 3; i++) expect((await post(url, { email })).statusCode).toBe(200);
        expectThrottled(await post(url, { email: email.toUpperCase() }), message);
      }
    });

    it(`${url}: 20 per address in 15 minutes`, async () => {
      const ip = newIp();
      for (let i = 0; i < 20; i++) expect((await post(url, { email: uniqueEmail() }, ip)).statusCode).toBe(200);
      expectThrottled(await post(url, { email: uniqueEmail() }, ip), /from your network/);
    });
  }
});

describe('activation', () => {
  async function signedIn() {
    const form = await newPlayer();
    const token = (await post('/api/login', { email: form.email, password: form.password })).json().token as string;
    return { authorization: `Bearer ${token}` };
  }

  it('resend: 3 per account in 15 minutes', async () => {
    const auth = await signedIn();
    for (let i = 0; i < 3; i++) expect((await post('/api/resend-activation', undefined, newIp(), auth)).statusCode).toBe(200);
    expectThrottled(await post('/api/resend-activation', undefined, newIp(), auth), /^Too many requests for a new activation\./);
  });

  it('SMS codes: 10 tries per account in 15 minutes, across new codes', async () => {
    const auth = await signedIn();
    for (let i = 0; i < 10; i++) expect((await post('/api/sms-activation', { code: '000000' }, newIp(), auth)).statusCode).toBe(422);
    expectThrottled(await post('/api/sms-activation', { code: '000000' }, newIp(), auth), /^Too many activation attempts\./);
  });
});

describe('the allowlist and the shared store', () => {
  it('RATE_LIMIT_ALLOWLIST exempts an address from per-IP limits, never from per-account ones', async () => {
    const trusted = await createTestApp({ RATE_LIMIT_ALLOWLIST: '10.99.0.1' });
    try {
      const form = validRegistration();
      expect((await trusted.app.inject({ method: 'POST', url: '/api/register', payload: form, remoteAddress: '10.99.0.1' })).statusCode).toBe(201);
      for (let i = 0; i < 105; i++) {
        const response = await trusted.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: form.email, password: form.password },
          remoteAddress: '10.99.0.1',
        });
        expect(response.statusCode).toBe(200);
      }
      for (let i = 0; i < 10; i++)
        await trusted.app.inject({ method: 'POST', url: '/api/login', payload: { email: form.email, password: 'Wrong#Pass1' }, remoteAddress: '10.99.0.1' });
      const locked = await trusted.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: form.email, password: form.password },
        remoteAddress: '10.99.0.1',
      });
      expect(locked.statusCode).toBe(429);
    } finally {
      await trusted.close();
    }
  });

  it('fails closed with a 503 when the shared store is unreachable', async () => {
    const cut = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await cut.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: uniqueEmail(), password: 'Any#Pass1' },
        remoteAddress: newIp(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The service is busy. Please try again in a moment.' });
    } finally {
      await cut.close();
    }
  });

  it(`shares counters between app nodes ${process.env.REDIS_URL ? 'through Redis (REDIS_URL is set)' : 'only through Redis: in memory each node counts alone'}`, async () => {
    const nameSpace = `croupier-test:shared-${randomBytes(4).toString('hex')}:`;
    const nodes = [
      await buildApp({ services: t.services, rateLimitNamespace: nameSpace }),
      await buildApp({ services: t.services, rateLimitNamespace: nameSpace }),
    ];
    try {
      const email = uniqueEmail('shared');
      for (let i = 0; i < 10; i++)
        await nodes[i % 2]!.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong#Pass1' }, remoteAddress: newIp() });
      const answer = await nodes[0]!.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong#Pass1' }, remoteAddress: newIp() });
      if (process.env.REDIS_URL) {
        expect(answer.statusCode).toBe(429);
        const redis = new Redis(process.env.REDIS_URL);
        try {
          expect((await redis.keys(`${nameSpace}*`)).length).toBeGreaterThan(0);
        } finally {
          await redis.quit();
        }
      } else {
        expect(t.services.redis).toBeUndefined();
        expect(answer.statusCode).toBe(422);
      }
    } finally {
      // The last test of the file: closing a node closes the shared services too, which is idempotent.
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
