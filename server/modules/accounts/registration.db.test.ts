import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { outboxMessages } from '../outbox/schema.ts';
import { players } from './schema.ts';
import { mailsTo, smsTo, STRONG_PASSWORD, uniqueEmail, validRegistration } from './testing.ts';

const t = useTestApp();

// Each test registers from its own address, so the per-IP registration limit is never in the way.
let lastIp = 0;
const newIp = () => `10.20.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

function register(payload: unknown, headers: Record<string, string> = {}, remoteAddress = newIp()) {
  return t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object, headers, remoteAddress });
}
function dryRun(payload: unknown, only?: string) {
  return register(payload, { precognition: 'true', ...(only ? { 'precognition-validate-only': only } : {}) });
}

async function counts() {
  const [p] = await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(players);
  const [o] = await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
  return { players: p!.n, outbox: o!.n };
}

async function playerRow(email: string) {
  const [row] = await t.services.database.db
    .select()
    .from(players)
    .where(eq(sql`lower(${players.email})`, email.toLowerCase()));
  return row;
}

describe('POST /api/register with Precognition (the wizard’s dry runs)', () => {
  it('answers 204 with Precognition-Success for a valid step and creates nothing', async () => {
    const before = await counts();
    const form = validRegistration();
    const response = await dryRun({ email: form.email, password: form.password }, 'email,password');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers.precognition).toBe('true');
    expect(response.headers['precognition-success']).toBe('true');
    expect(response.headers.vary).toContain('Precognition');
    expect(await counts()).toEqual(before);
  });

  it('answers 422 with only the listed fields’ errors, Laravel-shaped, and creates nothing', async () => {
    const before = await counts();
    const response = await dryRun({ email: 'not-an-email', password: 'short', name: '' }, 'email,password');
    expect(response.statusCode).toBe(422);
    expect(response.headers.precognition).toBe('true');
    expect(response.headers['precognition-success']).toBeUndefined();
    expect(response.headers.vary).toContain('Precognition');
    const body = response.json();
    expect(Object.keys(body.errors)).toEqual(['email', 'password']);
    const more = Object.values(body.errors as Record<string, string[]>).flat().length - 1;
    expect(body.message).toBe(`The email field must be a valid email address. (and ${more} more ${more === 1 ? 'error' : 'errors'})`);
    expect(body.errors.password).toContain('The password field must be at least 8 characters.');
    expect(await counts()).toEqual(before);
  });

  it('checks each step’s fields: step 2 identity, step 3 address with the composed phone', async () => {
    expect((await dryRun({ name: 'Ada', surname: 'Lovelace', birthdate: '1990-12-10', gender: 'female' }, 'name,surname,birthdate,gender')).statusCode).toBe(
      204,
    );
    const young = await dryRun(
      { name: 'Ada', surname: 'Lovelace', birthdate: `${new Date().getUTCFullYear() - 10}-01-01`, gender: 'robot' },
      'name,surname,birthdate,gender',
    );
    expect(young.statusCode).toBe(422);
    expect(young.json().errors).toEqual({
      birthdate: ['You must be at least 18 years old to register.'],
      gender: ['The selected gender is invalid.'],
    });

    const step3 = {
      country: 'MT',
      city: 'Valletta',
      address1: '1 Street',
      postcode: 'VLT 1117',
      phoneNumber: '99123456',
      agreement: true,
      phone: '+35699123456',
    };
    const only = 'country,city,address1,postcode,phoneNumber,agreement';
    expect((await dryRun(step3, only)).statusCode).toBe(204);
    const badPhone = await dryRun({ ...step3, phone: '+0999', agreement: false }, only);
    expect(badPhone.statusCode).toBe(422);
    // The phone rule answers on phoneNumber, the field that was asked about; never on `phone`.
    expect(Object.keys(badPhone.json().errors).sort()).toEqual(['agreement', 'phoneNumber']);
    // Asked by name, `phone` answers for itself; the full submit still reports it as `phone`.
    expect(Object.keys((await dryRun({ ...step3, phone: '+0999' }, `${only},phone`)).json().errors)).toEqual(['phone']);
    expect(Object.keys((await register({ ...validRegistration(), phone: '+0999' })).json().errors)).toEqual(['phone']);
  });

  it('tells step 1 when the e-mail is taken (any case) or the password is too common', async () => {
    const form = validRegistration();
    expect((await register(form)).statusCode).toBe(201);
    const taken = await dryRun({ email: form.email.toUpperCase(), password: 'P@ssw0rd' }, 'email,password');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      email: ['The email has already been taken.'],
      password: ['This password is too common. Please choose a different one.'],
    });
  });

  it('validates the whole form when no fields are listed, ignoring unknown field names', async () => {
    const all = await dryRun({});
    expect(all.statusCode).toBe(422);
    expect(Object.keys(all.json().errors)).toEqual(expect.arrayContaining(['email', 'password', 'name', 'agreement', 'phone']));
    expect((await dryRun(validRegistration())).statusCode).toBe(204);
    expect((await dryRun({ email: uniqueEmail() }, 'email,no-such-field')).statusCode).toBe(204);
  });
});

describe('POST /api/register', () => {
  it('creates an inactive player, answers 201 with the player and mails the activation link', async () => {
    const before = await counts();
    const form = validRegistration({ email: `Mixed.Case-${Date.now()}@Example.com`, ma_token: 'aff-42', promo: 'SPRING' });
    const response = await register(form);
    expect(response.statusCode).toBe(201);
    expect(response.headers.vary).toContain('Precognition');
    const body = response.json();
    expect(body.message).toBe('Your account has been created. Please check your e-mail to activate it.');
    expect(body.activation_type).toBe('email');
    expect(body.data).toMatchObject({
      email: form.email.toLowerCase(),
      active: false,
      blocked: false,
      kyc_status: 'unverified',
      name: 'Ada',
      surname: 'Lovelace',
      birthdate: '1990-12-10',
      country: 'MT',
      phone: '+35699123456',
      newsletter: true,
      pending_email: null,
    });
    expect(body.data.id).toMatch(/^\d+$/);
    expect(body.data).not.toHaveProperty('password_hash');

    const row = (await playerRow(form.email))!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(row).toMatchObject({ maToken: 'aff-42', promo: 'SPRING', active: false });
    expect(await counts()).toEqual({ players: before.players + 1, outbox: before.outbox + 1 });

    await t.services.outbox.drain();
    const [mail] = await mailsTo(t.config.dataDir, form.email.toLowerCase());
    expect(mail?.subject).toBe('Activate your Croupier account');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/player\/activate\/[0-9a-f-]{36}/);
    expect(mail?.html).toContain('/player/activate/');
  });

  it('keeps marketing consent opt-in: a registration that omits the newsletter is not subscribed (issue 34 §3)', async () => {
    const { newsletter: _omitted, ...form } = validRegistration();
    const response = await register(form);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.newsletter).toBe(false);
    expect((await playerRow(form.email))!.newsletter).toBe(false);
    const optedIn = validRegistration({ newsletter: true });
    expect((await register(optedIn)).statusCode).toBe(201);
    expect((await playerRow(optedIn.email))!.newsletter).toBe(true);
  });

  it('sends an SMS code instead when the operator chose SMS activation', async () => {
    await t.services.settings.setRegistrationActivationType('sms');
    try {
      const phone = `+3567${String(Date.now()).slice(-7)}`;
      const response = await register(validRegistration({ phone }));
      expect(response.statusCode).toBe(201);
      expect(response.json().activation_type).toBe('sms');
      expect(response.json().message).toContain('code we sent to your phone');
      await t.services.outbox.drain();
      const [sms] = await smsTo(t.config.dataDir, phone);
      expect(sms?.body).toMatch(/^\d{6} is your Croupier activation code\. It expires in 10 minutes\./);
    } finally {
      await t.services.settings.setRegistrationActivationType('email');
    }
  });

  it('refuses an e-mail that is taken in any case, and keeps one account', async () => {
    const form = validRegistration();
    expect((await register(form)).statusCode).toBe(201);
    const again = await register({ ...form, email: form.email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    const [row] = await t.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(players)
      .where(eq(sql`lower(${players.email})`, form.email));
    expect(row!.n).toBe(1);
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const form = validRegistration();
    const answers = await Promise.all([register(form), register(form)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
  });

  it('records the referrer of /refer-a-friend/{uuid}, and ignores an unknown one', async () => {
    const referrer = (await register(validRegistration())).json().data;
    const friend = validRegistration({ referrer: referrer.uuid });
    expect((await register(friend)).statusCode).toBe(201);
    expect((await playerRow(friend.email))!.referredBy).toBe(Number(referrer.id));

    const stranger = validRegistration({ referrer: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect((await register(stranger)).statusCode).toBe(201);
    expect((await playerRow(stranger.email))!.referredBy).toBeNull();
  });

  it('refuses every broken form with a 4xx that says why, and changes nothing', async () => {
    const before = await counts();
    const cases: [string, { payload?: unknown; raw?: string; headers?: Record<string, string> }, number, Record<string, unknown>][] = [
      ['malformed JSON', { raw: '{"email":', headers: { 'content-type': 'application/json' } }, 400, { message: 'The request body is not valid JSON.' }],
      ['an array', { payload: [validRegistration()] }, 422, { errors: { body: ['The request body must be a JSON object.'] } }],
      ['a string', { raw: '"hello"', headers: { 'content-type': 'application/json' } }, 422, { errors: { body: ['The request body must be a JSON object.'] } }],
      [
        'text/plain (what a cross-site form can send)',
        { raw: 'email=a', headers: { 'content-type': 'text/plain' } },
        422,
        { errors: { body: ['The request body must be a JSON object.'] } },
      ],
      ['an XML body', { raw: '<email/>', headers: { 'content-type': 'application/xml' } }, 415, { message: 'Unsupported content type.' }],
      ['no body', {}, 422, { errors: { body: ['The request body must be a JSON object.'] } }],
      [
        'missing fields',
        { payload: { email: uniqueEmail() } },
        422,
        { message: expect.stringMatching(/^The password field is required\. \(and \d+ more errors\)$/) },
      ],
      [
        'an object for the email',
        { payload: validRegistration({ email: { $ne: '' } as never }) },
        422,
        { errors: { email: ['The email field must be a string.'] } },
      ],
      ['a number for the email', { payload: validRegistration({ email: 42 as never }) }, 422, { errors: { email: ['The email field must be a string.'] } }],
      [
        'a string for the newsletter',
        { payload: validRegistration({ newsletter: 'true' as never }) },
        422,
        { errors: { newsletter: ['The newsletter field must be true or false.'] } },
      ],
      [
        'a word for the agreement',
        { payload: validRegistration({ agreement: 'maybe' as never }) },
        422,
        { errors: { agreement: ['The agreement field must be true or false.'] } },
      ],
      ['agreement refused', { payload: validRegistration({ agreement: false }) }, 422, { errors: { agreement: ['The agreement field must be accepted.'] } }],
      [
        'a huge name',
        { payload: validRegistration({ name: 'A'.repeat(100_000) }) },
        422,
        { errors: { name: ['The name field must not be greater than 100 characters.'] } },
      ],
      [
        'a huge password',
        { payload: validRegistration({ password: `Aa1#${'x'.repeat(5000)}` }) },
        422,
        { errors: { password: ['The password field must not be greater than 1024 characters.'] } },
      ],
      ['a body over 1 MiB', { payload: validRegistration({ city: 'x'.repeat(1_100_000) }) }, 413, { message: 'The request body is too large.' }],
      [
        'an under-age player',
        { payload: validRegistration({ birthdate: `${new Date().getUTCFullYear() - 17}-01-01` }) },
        422,
        { errors: { birthdate: ['You must be at least 18 years old to register.'] } },
      ],
      ['an unknown country', { payload: validRegistration({ country: 'XX' }) }, 422, { errors: { country: ['The selected country is invalid.'] } }],
      [
        'a common password',
        { payload: validRegistration({ password: 'password1!' }) },
        422,
        { errors: { password: ['This password is too common. Please choose a different one.'] } },
      ],
      [
        'a bad phone',
        { payload: validRegistration({ phone: '12345' }) },
        422,
        { errors: { phone: ['The phone field must be a valid international number (+ country code and number).'] } },
      ],
      ['a bad referrer', { payload: validRegistration({ referrer: 'me' }) }, 422, { errors: { referrer: ['The referrer field format is invalid.'] } }],
    ];
    for (const [label, request, status, expected] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: newIp(),
        ...(request.raw !== undefined ? { payload: request.raw } : request.payload !== undefined ? { payload: request.payload as object } : {}),
        headers: request.headers ?? {},
      });
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject(expected);
    }
    expect(await counts()).toEqual(before);
  });
});
