import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { auditLog, operators, operatorTokens } from './schema.ts';
import { OPERATOR_ENV, STAFF_PASSWORD, staffKit, totpCode } from './testing.ts';

// Staff sign-in with a second factor (docs/decisions/0080-staff-two-factor-sign-in.md).
const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.71');
const { call } = kit;

async function challengeFor(email: string) {
  const response = await call('POST', '/api/admin/login', { payload: { email, password: STAFF_PASSWORD } });
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json()).sort()).toEqual(['challenge', 'two_factor']);
  expect(response.json().two_factor).toBe(true);
  return response.json().challenge as string;
}
const finish = (challenge: string, code: string) => call('POST', '/api/admin/login/two-factor', { payload: { challenge, code } });

describe('enrolment', () => {
  it('shows a secret and its otpauth:// URL, takes a code from the app, and answers ten one-time recovery codes', async () => {
    const member = await kit.staff('support');
    const setup = await call('POST', '/api/admin/two-factor/setup', { token: member.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect((await call('POST', '/api/admin/two-factor/confirm', { token: member.token, payload: { code: '12345' } })).statusCode).toBe(422);
    const confirmed = await call('POST', '/api/admin/two-factor/confirm', { token: member.token, payload: { code: await totpCode(secret) } });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.services.database.db.select().from(operators).where(eq(operators.id, member.id));
    expect(JSON.stringify(row!.recoveryCodes)).not.toContain(codes[0]!);
    expect((await call('GET', '/api/admin/me', { token: member.token })).json().data).toMatchObject({ two_factor: true, must_enrol: false, role: 'support' });
    // Enrolled once: a second set-up is refused until an admin resets it.
    expect((await call('POST', '/api/admin/two-factor/setup', { token: member.token })).statusCode).toBe(409);
  });
});

describe('POST /api/admin/login with two factors', () => {
  it('a wrong code is refused with a 422 and gives no session; the right code gives {token, expires_at}', async () => {
    const member = await kit.staff('finance');
    const { secret } = await kit.enrol(member.token);
    const challenge = await challengeFor(member.email);
    // The challenge is not a session.
    expect((await call('GET', '/api/admin/me', { token: challenge })).statusCode).toBe(401);
    const right = await totpCode(secret, 1);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await finish(challenge, wrong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The code is not valid, or was already used.',
      errors: { code: ['The code is not valid, or was already used.'] },
    });
    // The wrong code is a failed sign-in in the audit log, against the member, with where it came from.
    const failed = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.login_failed'), eq(auditLog.staffId, member.id)));
    expect(failed.map((row) => (row.after as { reason: string }).reason)).toEqual(['code']);
    expect(failed[0]!.after).toHaveProperty('ip');
    const answered = await finish(challenge, right);
    expect(answered.statusCode).toBe(200);
    expect(Object.keys(answered.json()).sort()).toEqual(['expires_at', 'token']);
    expect((await call('GET', '/api/admin/me', { token: answered.json().token })).statusCode).toBe(200);
    // A challenge serves one sign-in.
    expect((await finish(challenge, await totpCode(secret, 1))).statusCode).toBe(422);
  });

  it('a code already used (a replay) is refused, even on a new challenge', async () => {
    const member = await kit.staff('compliance');
    const { secret } = await kit.enrol(member.token);
    const code = await totpCode(secret, 1);
    expect((await finish(await challengeFor(member.email), code)).statusCode).toBe(200);
    expect((await finish(await challengeFor(member.email), code)).statusCode).toBe(422);
    // The enrolment code (this step) is spent too: only a later step's code opens a session.
    expect((await finish(await challengeFor(member.email), await totpCode(secret))).statusCode).toBe(422);
  });

  it('a recovery code works once, in any case and without its dash', async () => {
    const member = await kit.staff('marketing');
    const { recoveryCodes } = await kit.enrol(member.token);
    const code = recoveryCodes[3]!;
    expect((await finish(await challengeFor(member.email), code.replace('-', '').toLowerCase())).statusCode).toBe(200);
    expect((await finish(await challengeFor(member.email), code)).statusCode).toBe(422);
    expect((await finish(await challengeFor(member.email), recoveryCodes[4]!)).statusCode).toBe(200);
    const [row] = await t.services.database.db.select().from(operators).where(eq(operators.id, member.id));
    expect(row!.recoveryCodes).toHaveLength(8);
  });

  it('keeps the secret sealed at rest: the column never holds it, and a sealed secret copied to another member opens nothing', async () => {
    const [first, second] = [await kit.staff('support'), await kit.staff('support')];
    const { secret } = await kit.enrol(first.token);
    await kit.enrol(second.token);
    const db = t.services.database.db;
    const [row] = await db.select().from(operators).where(eq(operators.id, first.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(secret);
    expect(Buffer.from(row!.totpSecret!.slice(3), 'base64').toString('latin1')).not.toContain(secret);
    // The first member's sealed secret on the second's row: the second's sign-in accepts no code of that secret.
    await db.update(operators).set({ totpSecret: row!.totpSecret }).where(eq(operators.id, second.id));
    expect((await finish(await challengeFor(second.email), await totpCode(secret, 1))).statusCode).toBe(422);
    expect((await finish(await challengeFor(first.email), await totpCode(secret, 1))).statusCode).toBe(200);
  });

  it('five wrong codes end the challenge: even the right code is then refused', async () => {
    const member = await kit.staff('support');
    const { secret } = await kit.enrol(member.token);
    const challenge = await challengeFor(member.email);
    for (let i = 0; i < 5; i++) expect((await finish(challenge, 'AAAAA-AAAAA')).statusCode).toBe(422);
    expect((await finish(challenge, await totpCode(secret, 1))).statusCode).toBe(422);
    expect((await finish('not-a-challenge', '123456')).statusCode).toBe(422);
  });

  it('an admin resets a member’s 2FA: the member is signed out and signs in with the password alone until enrolling again', async () => {
    const member = await kit.staff('finance');
    await kit.enrol(member.token);
    const admin = await kit.adminToken();
    const reset = await call('POST', `/api/admin/staff/${member.id}/reset-two-factor`, { token: admin });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.two_factor).toBe(false);
    expect((await call('GET', '/api/admin/me', { token: member.token })).statusCode).toBe(401);
    await kit.login(member.email, STAFF_PASSWORD);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes idle and 12 hours at most', async () => {
    const member = await kit.staff('support');
    const db = t.services.database.db;
    const [token] = await db.select().from(operatorTokens).where(eq(operatorTokens.operatorId, member.id));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(12 * 60 * 60 * 1000);
    await db
      .update(operatorTokens)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(operatorTokens.id, token!.id));
    expect((await call('GET', '/api/admin/me', { token: member.token })).statusCode).toBe(401);
  });
});
