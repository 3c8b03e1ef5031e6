import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app.ts';
import { operators } from './schema.ts';
import { OPERATOR, OPERATOR_ENV, STAFF_PASSWORD, staffKit, totpCode } from './testing.ts';
import { newTotpSecret } from './two-factor.ts';
import { totpSecretProblem } from '../../totp-secret.ts';

// A TOTP secret otplib refuses must never lock staff out in silence (docs/decisions/0080): OPERATOR_TOTP_SECRET is
// checked at start (config-totp.test.ts), ensureOperator refuses one from anywhere else, and a secret already
// stored that otplib refuses is logged each time a code is tried against it.

/** The shortest secret otplib takes (16 bytes), in lower case as some authenticator apps show it. */
const SECRET = 'jbswy3dpehpk3pxpjbswy3dpee';
const TOO_SHORT = 'JBSWY3DPEHPK3PXP';

type LogLine = { level: number; msg: string; [key: string]: unknown };
const t = {} as TestApp & { logs: LogLine[] };
beforeAll(async () => {
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  Object.assign(t, await createTestApp({ ...OPERATOR_ENV, OPERATOR_TOTP_SECRET: SECRET }, { logger: pino({ level: 'info' }, stream) }), { logs });
});
afterAll(() => t.close());
const kit = staffKit(t, '10.73');
const { call } = kit;

async function challenge(email: string, password: string) {
  const login = await call('POST', '/api/admin/login', { payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().two_factor).toBe(true);
  return login.json().challenge as string;
}

describe('the configured OPERATOR_TOTP_SECRET', () => {
  it('at the shortest otplib takes, lets the bootstrap operator sign in with a code made from it', async () => {
    const done = await call('POST', '/api/admin/login/two-factor', {
      payload: { challenge: await challenge(OPERATOR.email, OPERATOR.password), code: await totpCode(SECRET.toUpperCase()) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('GET', '/api/admin/me', { token: done.json().token })).json().data).toMatchObject({ two_factor: true });
    // The same secret, as config spells it, changes nothing at the next start.
    expect(await t.services.operators.ensureOperator({ ...OPERATOR, totpSecret: SECRET.toUpperCase() })).toBe('unchanged');
  });

  it('ensureOperator refuses a secret otplib refuses, naming what is wrong, and keeps the one in force', async () => {
    await expect(t.services.operators.ensureOperator({ ...OPERATOR, totpSecret: TOO_SHORT })).rejects.toThrow(
      "The operator's TOTP secret must be at least 26 base32 characters (A–Z, 2–7); it has 16.",
    );
    const done = await call('POST', '/api/admin/login/two-factor', {
      payload: { challenge: await challenge(OPERATOR.email, OPERATOR.password), code: await totpCode(SECRET, 1) },
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('a stored secret otplib refuses', () => {
  it('is never one enrolment makes: those are 20 bytes, 32 characters', () => {
    for (let i = 0; i < 20; i++) expect(totpSecretProblem(newTotpSecret())).toBeNull();
  });

  it('refuses the code and logs why, with the staff id and without the secret', async () => {
    const member = await kit.staff('support');
    // As a secret stored before start-up checked it: enrolled with 16 characters.
    await t.services.database.db.update(operators).set({ totpSecret: TOO_SHORT, totpEnabledAt: new Date() }).where(eq(operators.id, member.id));
    const refused = await call('POST', '/api/admin/login/two-factor', {
      payload: { challenge: await challenge(member.email, STAFF_PASSWORD), code: '123456' },
    });
    expect(refused.statusCode).toBe(422);
    const said = t.logs.filter((line) => line.level >= 50 && line.staff_id === member.id);
    expect(said).toEqual([
      expect.objectContaining({
        msg: 'TOTP secret refused by otplib: no code can sign this staff member in until an admin resets their two-factor sign-in',
        otp_error: 'SecretTooShortError',
        reason: 'must be at least 26 base32 characters (A–Z, 2–7); it has 16.',
      }),
    ]);
    expect(JSON.stringify(t.logs)).not.toContain(TOO_SHORT);
  });
});
