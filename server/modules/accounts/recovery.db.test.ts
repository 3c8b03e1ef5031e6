import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { outboxMessages } from '../outbox/schema.ts';
import { players, playerSecrets } from './schema.ts';
import { linkContaining, mailsTo, uniqueEmail, validRegistration } from './testing.ts';

const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.50.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: newIp() });
const NEW_PASSWORD = 'Brand#New2026';

async function newPlayer() {
  const form = validRegistration();
  expect((await post('/api/register', form)).statusCode).toBe(201);
  return form;
}
const login = (email: string, password: string) => post('/api/login', { email, password });
/** Mail work starts after the answer (decision 0012): wait for it before looking. */
async function outboxCount() {
  await t.services.accounts.settled();
  const [row] = await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
  return row!.n;
}
async function lastMail(email: string) {
  await t.services.accounts.settled();
  await t.services.outbox.drain();
  return (await mailsTo(t.config.dataDir, email)).at(-1)!;
}
async function resetTokenFor(email: string) {
  expect((await post('/api/password/create', { email })).statusCode).toBe(200);
  const mail = await lastMail(email);
  expect(mail.subject).toBe('Reset your Croupier password');
  return linkContaining(mail.text, '/account/reset-password/').pathname.split('/').pop()!;
}

describe('POST /api/password/create', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one a reset link', async () => {
    const player = await newPlayer();
    const before = await outboxCount();
    const known = await post('/api/password/create', { email: player.email });
    const unknown = await post('/api/password/create', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(known.json()).toEqual({ message: 'If that e-mail address belongs to an account, we have sent it a link.', status: 'passwords.sent' });
    expect(await outboxCount()).toBe(before + 1);
    const link = linkContaining((await lastMail(player.email)).text, '/account/reset-password/');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toMatch(/^\/account\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a malformed address with a 422 (that reveals nothing about accounts)', async () => {
    expect((await post('/api/password/create', { email: 'nope' })).json()).toEqual({
      message: 'The email field must be a valid email address.',
      errors: { email: ['The email field must be a valid email address.'] },
    });
    expect((await post('/api/password/create', {})).statusCode).toBe(422);
    expect((await post('/api/password/create', { email: { address: 'a@b.com' } })).statusCode).toBe(422);
  });
});

describe('GET /api/password/find/{token}', () => {
  it('answers the e-mail of a live link, 404 for an unknown or expired one', async () => {
    const player = await newPlayer();
    const token = await resetTokenFor(player.email);
    const found = await t.app.inject({ method: 'GET', url: `/api/password/find/${token}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ email: player.email });
    for (const bad of ['abc', 'x'.repeat(43), `${token}x`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/password/find/${bad}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'This password reset token is invalid or has expired.' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/password/find/${'x'.repeat(500)}` })).statusCode).toBe(404);
    await t.services.database.db
      .update(playerSecrets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(playerSecrets.purpose, 'password-reset'));
    expect((await t.app.inject({ method: 'GET', url: `/api/password/find/${token}` })).statusCode).toBe(404);
  });

  it('keeps only the newest link of a player alive', async () => {
    const player = await newPlayer();
    const first = await resetTokenFor(player.email);
    const second = await resetTokenFor(player.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/password/find/${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/password/find/${second}` })).statusCode).toBe(200);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password once, signs out every session and tells the player by mail', async () => {
    const player = await newPlayer();
    const session = (await login(player.email, player.password)).json().token;
    const token = await resetTokenFor(player.email);
    const reset = { email: player.email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const response = await post('/api/password/reset', reset);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been reset. Please log in with your new password.', status: 'passwords.reset' });

    expect((await t.app.inject({ method: 'GET', url: '/api/player', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
    expect((await login(player.email, player.password)).statusCode).toBe(422);
    expect((await login(player.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await lastMail(player.email)).subject).toBe('Your Croupier password was changed');

    const again = await post('/api/password/reset', { ...reset, password: 'Other#Pass99', password_confirmation: 'Other#Pass99' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This password reset token is invalid or has expired.'] });
    expect((await login(player.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token of another address, a weak, common or unconfirmed password, and an expired link, changing nothing', async () => {
    const player = await newPlayer();
    const token = await resetTokenFor(player.email);
    const [{ hash: before }] = (await t.services.database.db.select({ hash: players.passwordHash }).from(players).where(eq(players.email, player.email))) as [
      { hash: string },
    ];
    const base = { email: player.email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const cases: [object, Record<string, string[]>][] = [
      [{ ...base, email: uniqueEmail() }, { email: ['This password reset token is invalid or has expired.'] }],
      [{ ...base, token: 'x'.repeat(43) }, { email: ['This password reset token is invalid or has expired.'] }],
      [
        { ...base, password: 'weak', password_confirmation: 'weak' },
        {
          password: [
            'The password field must be at least 8 characters.',
            'The password field must contain at least one number.',
            'The password field must contain at least one symbol.',
          ],
        },
      ],
      [{ ...base, password: 'p@ssw0rd', password_confirmation: 'p@ssw0rd' }, { password: ['This password is too common. Please choose a different one.'] }],
      [{ ...base, password_confirmation: 'Different#1' }, { password: ['The password confirmation does not match.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await post('/api/password/reset', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    for (const missing of ['email', 'token', 'password', 'password_confirmation']) {
      const payload: Record<string, string> = { ...base };
      delete payload[missing];
      expect((await post('/api/password/reset', payload)).json().errors).toEqual({ [missing]: [`The ${missing.replace('_', ' ')} field is required.`] });
    }
    await t.services.database.db
      .update(playerSecrets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(playerSecrets.purpose, 'password-reset'));
    expect((await post('/api/password/reset', base)).statusCode).toBe(422);
    const [{ hash: after }] = (await t.services.database.db.select({ hash: players.passwordHash }).from(players).where(eq(players.email, player.email))) as [
      { hash: string },
    ];
    expect(after).toBe(before);
  });
});

describe('magic link (POST /api/magic-link, POST /api/magic-link/consume)', () => {
  async function magicLinkFor(email: string, redirect?: unknown) {
    expect((await post('/api/magic-link', { email, ...(redirect !== undefined ? { redirect } : {}) })).statusCode).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Your Croupier sign-in link');
    return linkContaining(mail.text, 'magic-token=');
  }

  it('answers the same for known and unknown addresses, and mails the link with magic-token and redirect', async () => {
    const player = await newPlayer();
    const before = await outboxCount();
    const known = await post('/api/magic-link', { email: player.email, redirect: '/deposit' });
    const unknown = await post('/api/magic-link', { email: uniqueEmail('ghost'), redirect: '/deposit' });
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(known.json()).toEqual({ message: 'If that e-mail address belongs to an account, we have sent it a link.', status: 'magic-link.sent' });
    expect(await outboxCount()).toBe(before + 1);
    const link = linkContaining((await lastMail(player.email)).text, 'magic-token=');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('magic-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('redirect')).toBe('/deposit');
  });

  it('signs in once with the token: a session like a login, the cookie, and the redirect', async () => {
    const player = await newPlayer();
    const link = await magicLinkFor(player.email, '/account/wallet?tab=1');
    const response = await post('/api/magic-link/consume', { token: link.searchParams.get('magic-token') });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ active: false, redirect: '/account/wallet?tab=1' });
    expect(String(response.headers['set-cookie'])).toContain(`token=${body.token}`);
    const me = await t.app.inject({ method: 'GET', url: '/api/player', cookies: { token: body.token } });
    expect(me.json().email).toBe(player.email);
    const again = await post('/api/magic-link/consume', { token: link.searchParams.get('magic-token') });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This sign-in link is invalid or has expired.',
      errors: { token: ['This sign-in link is invalid or has expired.'] },
    });
  });

  it('never redirects off the site', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/ space', null]) {
      const link = await magicLinkFor((await newPlayer()).email, redirect);
      expect(link.searchParams.get('redirect'), String(redirect)).toBe('/');
    }
    expect((await magicLinkFor((await newPlayer()).email)).searchParams.get('redirect')).toBe('/');
  });

  it('expires after 15 minutes', async () => {
    const player = await newPlayer();
    const link = await magicLinkFor(player.email);
    const [row] = await t.services.database.db
      .select()
      .from(playerSecrets)
      .where(and(eq(playerSecrets.purpose, 'magic-link'), isNull(playerSecrets.usedAt)))
      .orderBy(desc(playerSecrets.id))
      .limit(1);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(Math.round(minutes)).toBe(15);
    await t.services.database.db
      .update(playerSecrets)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(playerSecrets.purpose, 'magic-link'));
    expect((await post('/api/magic-link/consume', { token: link.searchParams.get('magic-token') })).statusCode).toBe(422);
  });

  it('refuses malformed requests with a 4xx', async () => {
    expect((await post('/api/magic-link', {})).statusCode).toBe(422);
    expect((await post('/api/magic-link', { email: 'nope' })).statusCode).toBe(422);
    expect((await post('/api/magic-link', { email: 'a@b.com', redirect: 'x'.repeat(5000) })).statusCode).toBe(422);
    expect((await post('/api/magic-link/consume', {})).statusCode).toBe(422);
    expect((await post('/api/magic-link/consume', { token: 'short' })).statusCode).toBe(422);
  });
});
