import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from './schema.ts';
import { linkContaining, mailsTo, uniqueEmail, validRegistration } from './testing.ts';

const t = useTestApp();

let lastIp = 0;
const newIp = () => `10.60.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const NEW_PASSWORD = 'Brand#New2026';

function request(method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: newIp(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
async function login(email: string, password: string) {
  const response = await request('POST', '/api/login', undefined, { email, password });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}
/** A registered player, activated unless told otherwise, with a session token. */
async function newPlayer({ active = true } = {}) {
  const form = validRegistration();
  const registered = await request('POST', '/api/register', undefined, form);
  expect(registered.statusCode).toBe(201);
  const id = Number(registered.json().data.id);
  if (active) await t.services.database.db.update(players).set({ active: true }).where(eq(players.id, id));
  return { ...form, id, token: await login(form.email, form.password) };
}

describe('PATCH /api/player', () => {
  it('changes any of the profile fields and answers the player', async () => {
    const player = await newPlayer();
    const response = await request('PATCH', '/api/player', player.token, { city: 'Sliema', postcode: 'SLM 1000', newsletter: false, phone: '+35679123456' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Sliema', postcode: 'SLM 1000', newsletter: false, phone: '+35679123456', name: 'Ada', email: player.email });
    expect((await request('GET', '/api/player', player.token)).json()).toMatchObject({ city: 'Sliema', newsletter: false });
  });

  it('refuses invalid values with Laravel-shaped errors and changes nothing', async () => {
    const player = await newPlayer();
    const response = await request('PATCH', '/api/player', player.token, { city: 'Mdina', birthdate: '2020-01-01', gender: 'x', country: 'ZZ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      birthdate: ['You must be at least 18 years old to register.'],
      gender: ['The selected gender is invalid.'],
      country: ['The selected country is invalid.'],
    });
    expect((await request('PATCH', '/api/player', player.token, { newsletter: 'sometimes' })).statusCode).toBe(422);
    expect((await request('PATCH', '/api/player', player.token, { city: 'x'.repeat(10_000) })).statusCode).toBe(422);
    expect((await request('PATCH', '/api/player', player.token, [1, 2])).statusCode).toBe(422);
    expect((await request('GET', '/api/player', player.token)).json().city).toBe('Valletta');
  });

  it('ignores fields that are not part of the profile, such as the e-mail or the KYC status', async () => {
    const player = await newPlayer();
    const response = await request('PATCH', '/api/player', player.token, { email: 'mine@example.com', kyc_status: 'verified', active: true, city: 'Gozo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: player.email, kyc_status: 'unverified', city: 'Gozo' });
  });

  it('keeps the identity fields once KYC has verified them', async () => {
    const player = await newPlayer();
    await t.services.database.db.update(players).set({ kycStatus: 'verified' }).where(eq(players.id, player.id));
    const response = await request('PATCH', '/api/player', player.token, { name: 'Eve', city: 'Rabat' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['The name cannot be changed after your identity was verified. Please contact support.'] });
    expect((await request('PATCH', '/api/player', player.token, { name: 'Ada', city: 'Rabat' })).statusCode).toBe(200);
  });

  it('is for signed-in, activated players who are not blocked (401, 403, 423)', async () => {
    expect((await request('PATCH', '/api/player', undefined, { city: 'x' })).statusCode).toBe(401);
    const inactive = await newPlayer({ active: false });
    const refused = await request('PATCH', '/api/player', inactive.token, { city: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account is not activated.', type: 'inactive' });
    const blocked = await newPlayer();
    await t.services.accounts.setBlocked(blocked.id, true);
    const locked = await request('PATCH', '/api/player', blocked.token, { city: 'x' });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ message: 'Your account is blocked.', type: 'blocked' });
  });
});

describe('POST /api/player/password', () => {
  it('needs the current password, then signs out every other session and mails a notice', async () => {
    const player = await newPlayer();
    const other = await login(player.email, player.password);
    const wrong = await request('POST', '/api/player/password', player.token, {
      current_password: 'Not#Mine123',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The password is incorrect.'] });

    const response = await request('POST', '/api/player/password', player.token, {
      current_password: player.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed. Your other sessions were signed out.', status: 'password-changed' });
    expect((await request('GET', '/api/player', player.token)).statusCode).toBe(200);
    expect((await request('GET', '/api/player', other)).statusCode).toBe(401);
    await login(player.email, NEW_PASSWORD);
    await t.services.outbox.drain();
    expect((await mailsTo(t.config.dataDir, player.email)).at(-1)?.subject).toBe('Your Croupier password was changed');
  });

  it('applies the password rules to the new one', async () => {
    const player = await newPlayer();
    const cases: [object, Record<string, string[]>][] = [
      [
        { current_password: player.password, password: 'password1!', password_confirmation: 'password1!' },
        { password: ['This password is too common. Please choose a different one.'] },
      ],
      [{ current_password: player.password, password: NEW_PASSWORD, password_confirmation: 'x' }, { password: ['The password confirmation does not match.'] }],
      [
        { current_password: player.password, password: player.password, password_confirmation: player.password },
        { password: ['The new password must be different from the current one.'] },
      ],
      [{ current_password: player.password }, { password: ['The password field is required.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await request('POST', '/api/player/password', player.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    await login(player.email, player.password);
  });
});

describe('e-mail change (POST /api/player/email, POST /api/player/email/confirm)', () => {
  it('keeps the old address until the new one confirms by link, telling the old one', async () => {
    const player = await newPlayer();
    const newEmail = uniqueEmail('moved');
    const response = await request('POST', '/api/player/email', player.token, { email: newEmail, password: player.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: player.email, pending_email: newEmail });
    await t.services.outbox.drain();
    expect((await mailsTo(t.config.dataDir, player.email)).at(-1)?.subject).toBe('Your Croupier e-mail address is being changed');
    const confirmation = (await mailsTo(t.config.dataDir, newEmail)).at(-1)!;
    expect(confirmation.subject).toBe('Confirm your new Croupier e-mail address');
    const link = linkContaining(confirmation.text, 'email-token=');
    expect(link.pathname).toBe('/account/profile');

    const confirmed = await request('POST', '/api/player/email/confirm', undefined, { token: link.searchParams.get('email-token') });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your e-mail address has been changed.', status: 'email-changed' });
    expect((await request('GET', '/api/player', player.token)).json()).toMatchObject({ email: newEmail, pending_email: null });
    await login(newEmail, player.password);
    expect((await request('POST', '/api/login', undefined, { email: player.email, password: player.password })).statusCode).toBe(422);
    expect((await request('POST', '/api/player/email/confirm', undefined, { token: link.searchParams.get('email-token') })).statusCode).toBe(422);
  });

  it('needs the password and a free, new, valid address', async () => {
    const player = await newPlayer();
    const someoneElse = await newPlayer();
    const cases: [object, Record<string, string[]>][] = [
      [{ email: uniqueEmail(), password: 'Wrong#Pass1' }, { password: ['The password is incorrect.'] }],
      [{ email: someoneElse.email.toUpperCase(), password: player.password }, { email: ['The email has already been taken.'] }],
      [{ email: player.email, password: player.password }, { email: ['This is already your e-mail address.'] }],
      [{ email: 'not-an-address', password: player.password }, { email: ['The email field must be a valid email address.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await request('POST', '/api/player/email', player.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect((await request('POST', '/api/player/email/confirm', undefined, { token: 'x'.repeat(43) })).json()).toEqual({
      message: 'This confirmation link is invalid or has expired.',
      errors: { token: ['This confirmation link is invalid or has expired.'] },
    });
    expect((await request('GET', '/api/player', player.token)).json().pending_email).toBeNull();
  });

  it('refuses the confirmation when the address was taken meanwhile', async () => {
    const player = await newPlayer();
    const contested = uniqueEmail('contested');
    await request('POST', '/api/player/email', player.token, { email: contested, password: player.password });
    await t.services.outbox.drain();
    const link = linkContaining((await mailsTo(t.config.dataDir, contested)).at(-1)!.text, 'email-token=');
    expect((await request('POST', '/api/register', undefined, validRegistration({ email: contested }))).statusCode).toBe(201);
    const response = await request('POST', '/api/player/email/confirm', undefined, { token: link.searchParams.get('email-token') });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
    expect((await request('GET', '/api/player', player.token)).json().email).toBe(player.email);
  });
});

describe('wrong current passwords are limited per account', () => {
  it('refuses with 429 after 5 wrong passwords in 15 minutes, even the right one', async () => {
    const player = await newPlayer();
    for (let i = 0; i < 5; i++) {
      expect((await request('POST', '/api/player/email', player.token, { email: uniqueEmail(), password: 'Wrong#Pass1' })).statusCode).toBe(422);
    }
    const response = await request('POST', '/api/player/password', player.token, {
      current_password: player.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: 'Too many wrong passwords. Please try again in 15 minutes.', type: 'throttled' });
  });
});
