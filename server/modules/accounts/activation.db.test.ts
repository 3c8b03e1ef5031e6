import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players, playerSecrets } from './schema.ts';
import { SMS_CODE_ATTEMPTS } from './service.ts';
import { linkContaining, mailsTo, smsTo, validRegistration } from './testing.ts';

const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.40.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
let lastPhone = 0;

async function newPlayer() {
  const form = validRegistration({ phone: `+3567${String(Date.now() + ++lastPhone).slice(-7)}` });
  const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: form, remoteAddress: newIp() });
  expect(registered.statusCode).toBe(201);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: form.email, password: form.password }, remoteAddress: newIp() });
  await t.services.outbox.drain();
  return { ...form, id: Number(registered.json().data.id), token: login.json().token as string };
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers, remoteAddress: newIp() });
const activate = (activate_token: unknown) => post('/api/activate', { activate_token } as object);
const isActive = async (id: number) => (await t.services.database.db.select({ active: players.active }).from(players).where(eq(players.id, id)))[0]!.active;

async function activationIdOf(email: string, nth = -1) {
  const mails = await mailsTo(t.config.dataDir, email);
  return linkContaining(mails.at(nth)!.text, '/player/activate/').pathname.split('/').pop()!;
}
async function lastCode(phone: string) {
  const messages = await smsTo(t.config.dataDir, phone);
  return /^(\d{6})/.exec(messages.at(-1)!.body)![1]!;
}
async function withSmsActivation(run: () => Promise<void>) {
  await t.services.settings.setRegistrationActivationType('sms');
  try {
    await run();
  } finally {
    await t.services.settings.setRegistrationActivationType('email');
  }
}

describe('activation by e-mail link (POST /api/activate)', () => {
  it('activates the account with the uuid of the mailed link; using it again says so harmlessly', async () => {
    const player = await newPlayer();
    const id = await activationIdOf(player.email);
    const response = await activate(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been activated.', status: 'activated' });
    expect(await isActive(player.id)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/player', headers: auth(player.token) });
    expect(me.json().active).toBe(true);
    expect(await activate(id)).toMatchObject({ statusCode: 200 });
    expect((await activate(id)).json().status).toBe('already-active');
  });

  it('refuses an unknown, malformed or expired link with a 422 on activate_token', async () => {
    const player = await newPlayer();
    const expected = {
      message: 'This activation link is invalid or has expired.',
      errors: { activate_token: ['This activation link is invalid or has expired.'] },
    };
    for (const bad of ['0f8fad5b-d9cb-469f-a165-70867728950e', 'not-a-uuid', '']) {
      const response = await activate(bad);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(expected);
    }
    await t.services.database.db
      .update(playerSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(playerSecrets.playerId, player.id), eq(playerSecrets.purpose, 'activation-email')));
    const expired = await activate(await activationIdOf(player.email));
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual(expected);
    expect(await isActive(player.id)).toBe(false);
  });

  it('refuses malformed bodies with a 4xx', async () => {
    expect((await post('/api/activate')).statusCode).toBe(422);
    expect((await post('/api/activate', {})).json()).toEqual({
      message: 'The activate token field is required.',
      errors: { activate_token: ['The activate token field is required.'] },
    });
    expect((await post('/api/activate', { activate_token: { uuid: 1 } })).statusCode).toBe(422);
    expect((await post('/api/activate', { activate_token: 'x'.repeat(10_000) })).statusCode).toBe(422);
  });
});

describe('POST /api/resend-activation', () => {
  it('mails a new link that works while the old one no longer does', async () => {
    const player = await newPlayer();
    const old = await activationIdOf(player.email);
    const response = await post('/api/resend-activation', undefined, auth(player.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Please check your e-mail.', status: 'sent', activation_type: 'email' });
    await t.services.outbox.drain();
    expect(await mailsTo(t.config.dataDir, player.email)).toHaveLength(2);
    expect((await activate(old)).statusCode).toBe(422);
    expect((await activate(await activationIdOf(player.email))).statusCode).toBe(200);
    const again = await post('/api/resend-activation', undefined, auth(player.token));
    expect(again.json()).toMatchObject({ status: 'already-active' });
  });

  it('needs a signed-in player who is not blocked', async () => {
    expect((await post('/api/resend-activation')).statusCode).toBe(401);
    const player = await newPlayer();
    await t.services.accounts.setBlocked(player.id, true);
    const blocked = await post('/api/resend-activation', undefined, auth(player.token));
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json()).toEqual({ message: 'Your account is blocked.', type: 'blocked' });
  });
});

describe('activation by SMS code (POST /api/sms-activation)', () => {
  it('activates with the code sent to the phone', async () => {
    await withSmsActivation(async () => {
      const player = await newPlayer();
      const code = await lastCode(player.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const miss = await post('/api/sms-activation', { code: wrong }, auth(player.token));
      expect(miss.statusCode).toBe(422);
      expect(miss.json().errors.code).toEqual([`The code is incorrect. ${SMS_CODE_ATTEMPTS - 1} tries left.`]);
      const hit = await post('/api/sms-activation', { code }, auth(player.token));
      expect(hit.statusCode).toBe(200);
      expect(hit.json()).toEqual({ message: 'Your account has been activated.', status: 'activated' });
      expect(await isActive(player.id)).toBe(true);
      expect((await post('/api/sms-activation', { code }, auth(player.token))).json().status).toBe('already-active');
    });
  });

  it(`allows ${SMS_CODE_ATTEMPTS} wrong codes, then not even the right one until a new code is sent`, async () => {
    await withSmsActivation(async () => {
      const player = await newPlayer();
      const code = await lastCode(player.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < SMS_CODE_ATTEMPTS; i++) expect((await post('/api/sms-activation', { code: wrong }, auth(player.token))).statusCode).toBe(422);
      const locked = await post('/api/sms-activation', { code }, auth(player.token));
      expect(locked.statusCode).toBe(422);
      expect(locked.json().errors.code).toEqual(['Too many wrong codes. Please ask for a new one.']);
      expect(await isActive(player.id)).toBe(false);

      const resent = await post('/api/resend-activation', undefined, auth(player.token));
      expect(resent.json()).toEqual({ message: 'We have sent a new code to your phone.', status: 'sent', activation_type: 'sms' });
      await t.services.outbox.drain();
      expect((await post('/api/sms-activation', { code: await lastCode(player.phone) }, auth(player.token))).statusCode).toBe(200);
    });
  });

  it('refuses an expired code', async () => {
    await withSmsActivation(async () => {
      const player = await newPlayer();
      await t.services.database.db
        .update(playerSecrets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(playerSecrets.playerId, player.id), eq(playerSecrets.purpose, 'activation-sms')));
      const response = await post('/api/sms-activation', { code: await lastCode(player.phone) }, auth(player.token));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.code).toEqual(['This code has expired. Please ask for a new one.']);
    });
  });

  it('stores the code only as a hash', async () => {
    await withSmsActivation(async () => {
      const player = await newPlayer();
      const code = await lastCode(player.phone);
      const rows = await t.services.database.db.select().from(playerSecrets).where(eq(playerSecrets.playerId, player.id));
      expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
      expect(rows.find((row) => row.purpose === 'activation-sms')?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it('needs a token, a player who is not blocked and a code of digits', async () => {
    expect((await post('/api/sms-activation', { code: '123456' })).statusCode).toBe(401);
    const player = await newPlayer();
    expect((await post('/api/sms-activation', {}, auth(player.token))).json()).toEqual({
      message: 'The code field is required.',
      errors: { code: ['The code field is required.'] },
    });
    expect((await post('/api/sms-activation', { code: 'abc' }, auth(player.token))).json().errors.code).toEqual(['The code must be the digits we sent you.']);
    expect((await post('/api/sms-activation', { code: '1'.repeat(100) }, auth(player.token))).statusCode).toBe(422);
    await t.services.accounts.setBlocked(player.id, true);
    expect((await post('/api/sms-activation', { code: '123456' }, auth(player.token))).statusCode).toBe(423);
  });
});
