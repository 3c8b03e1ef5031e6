import { Writable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOrCreateLocalSecret } from '../../local-secret.ts';
import { createTestApp } from '../../test-app.ts';
import { createPasswordHasher } from '../accounts/passwords.ts';
import { validRegistration } from '../accounts/testing.ts';
import { auditLog, secondFactorBudgets } from './schema.ts';
import { SECOND_FACTOR_BUDGET } from './second-factor-budget.ts';
import { createOperatorsService } from './service.ts';
import { STAFF_PASSWORD, staffKit, totpCode } from './testing.ts';

// Operator login budgets and device cookies (docs/decisions/0012-abuse-limits.md), with
// every argon2 verification counted so a test can say how many guesses reached the password check; and the
// second-factor budget per staff account (docs/decisions/0099), with every TOTP check (otplib's verify) counted.
const otpCalls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('otplib', async (importOriginal) => {
  const real = await importOriginal<typeof import('otplib')>();
  const verify: typeof real.verify = (...args) => {
    otpCalls.verify++;
    return real.verify(...args);
  };
  return { ...real, verify };
});
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

type LogLine = { level: number; msg: string; [key: string]: unknown };
const logs: LogLine[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  t = await createTestApp({ OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password }, { logger: pino({ level: 'info' }, stream) });
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

describe('POST /api/admin/login/two-factor: one budget of wrong codes per staff account', () => {
  const kit = staffKit(
    {
      get app() {
        return t.app;
      },
      get services() {
        return t.services;
      },
      get config() {
        return t.config;
      },
    } as typeof t,
    '10.86',
  );
  const { maxWrong } = SECOND_FACTOR_BUDGET;
  const LOCKED =
    /^Too many wrong codes were entered for this account, so its two-factor sign-in is locked and no code is checked\. Please try again in 15 minutes/;

  /** An enrolled staff member: their id, e-mail, TOTP secret and a fresh code (a step not used yet). */
  async function enrolled() {
    const member = await kit.staff('support');
    const { secret, recoveryCodes } = await kit.enrol(member.token);
    return { ...member, secret, recoveryCodes, rightCode: () => totpCode(secret, 1) };
  }
  /** Opened one after another: the password step's own budget counts logins in flight. */
  async function challenge(email: string) {
    const response = await kit.call('POST', '/api/admin/login', { payload: { email, password: STAFF_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().challenge as string;
  }
  const finish = (challengeToken: string, code: string) => kit.call('POST', '/api/admin/login/two-factor', { payload: { challenge: challengeToken, code } });
  /** A 6-digit code that is not the member's code now (nor one step either side). */
  async function wrongCode(secret: string, i: number) {
    const near = new Set(await Promise.all([-1, 0, 1].map((steps) => totpCode(secret, steps))));
    let code = String((i * 7919 + 123_456) % 1_000_000).padStart(6, '0');
    while (near.has(code)) code = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    return code;
  }
  const locksOf = async (id: number) =>
    t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.two_factor_locked'), eq(auditLog.subject, `staff:${id}`)))
      .orderBy(desc(auditLog.id));

  it('100 wrong codes over 20 challenges from 100 addresses: only the budget (10) is checked, then even the right code is refused', async () => {
    const member = await enrolled();
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++) challenges.push(await challenge(member.email));
    const before = otpCalls.verify;
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await finish(challenges[i % 20]!, await wrongCode(member.secret, i))).statusCode);
    expect(otpCalls.verify - before).toBe(maxWrong);
    expect(statuses.slice(0, maxWrong)).toEqual(Array(maxWrong).fill(422));
    expect(statuses.slice(maxWrong)).toEqual(Array(100 - maxWrong).fill(429));

    // Locked: the right code on a fresh challenge gets the very answer a wrong one gets, and nothing is checked.
    const checked = otpCalls.verify;
    const [right, wrong] = [await finish(await challenge(member.email), await member.rightCode()), await finish(await challenge(member.email), '000000')];
    expect(otpCalls.verify).toBe(checked);
    for (const answer of [right, wrong]) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual({ message: expect.stringMatching(LOCKED), type: 'two_factor_locked' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    expect(right.body).toBe(wrong.body);
    // A recovery code is a second factor too: refused unread while locked.
    expect((await finish(await challenge(member.email), 'AAAAA-AAAAA')).statusCode).toBe(429);
  });

  it('the lock alerts admins: one audit row, a warning in the log with the staff id and no code or secret, a badge on the staff list', async () => {
    const member = await enrolled();
    for (let i = 0; i < maxWrong + 3; i++) await finish(await challenge(member.email), await wrongCode(member.secret, i));
    const rows = await locksOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: member.id,
      playerId: null,
      after: { wrong_codes: maxWrong, window_minutes: 15, locked_until: expect.any(String) },
    });
    const until = new Date(rows[0]!.after!.locked_until as string).getTime();
    expect(until - rows[0]!.at.getTime()).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(until - rows[0]!.at.getTime()).toBeLessThanOrEqual(15 * 60_000);
    const warnings = logs.filter((line) => line.event === 'staff_two_factor_locked' && line.staff_id === member.id);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(JSON.stringify(warnings[0])).not.toContain(member.secret);
    expect(Object.keys(warnings[0]!).sort()).toEqual(['event', 'hostname', 'level', 'locked_until', 'msg', 'pid', 'staff_id', 'time']);
    // The bootstrap operator spent its password budget above: another admin reads the list.
    const admin = (await kit.staff('admin')).token;
    const list = (await kit.call('GET', '/api/admin/staff', { token: admin })).json().data as { id: string; two_factor_locked_until: string | null }[];
    expect(list.find((row) => row.id === String(member.id))!.two_factor_locked_until).toBe(new Date(until).toISOString());
    expect(list.filter((row) => row.two_factor_locked_until === null).length).toBeGreaterThan(0);
    // The audit log verifies with the lock in it.
    expect((await kit.call('GET', '/api/admin/audit/verify', { token: admin })).json().data.intact).toBe(true);
  });

  it('parallel wrong codes over many challenges and two nodes never overspend: exactly the budget is checked, one lock', async () => {
    const member = await enrolled();
    const challenges: string[] = [];
    for (let i = 0; i < 12; i++) challenges.push(await challenge(member.email));
    // A second node: another operators service over the same database, nothing shared in memory.
    const otherNode = createOperatorsService({
      db: t.services.database.db,
      passwords: createPasswordHasher(t.config.argon2),
      totpKey: t.config.totpEncryptionKey ?? loadOrCreateLocalSecret(t.config.dataDir, 'totp-encryption-key'),
    });
    const codes = await Promise.all(Array.from({ length: 60 }, (_, i) => wrongCode(member.secret, i)));
    const before = otpCalls.verify;
    const answers = await Promise.all(
      codes.map(async (code, i) => {
        const challengeToken = challenges[i % challenges.length]!;
        if (i % 2 === 0) return (await finish(challengeToken, code)).statusCode;
        const outcome = await otherNode.completeTwoFactor(challengeToken, code);
        return outcome === null ? 422 : 'locked' in outcome ? 429 : 200;
      }),
    );
    expect(otpCalls.verify - before).toBe(maxWrong);
    expect(answers.filter((status) => status === 422)).toHaveLength(maxWrong);
    expect(answers.filter((status) => status === 429)).toHaveLength(60 - maxWrong);
    expect(await locksOf(member.id)).toHaveLength(1);
    const [budget] = await t.services.database.db.select().from(secondFactorBudgets).where(eq(secondFactorBudgets.subjectId, member.id));
    expect(budget!.checks.filter((check) => check.wrong)).toHaveLength(maxWrong);
    expect(budget!.checks.filter((check) => !check.wrong)).toEqual([]);
  });

  it('the lock ends after 15 minutes: the right code then signs in, and a wrong one counts in a whole new budget', async () => {
    const member = await enrolled();
    for (let i = 0; i < maxWrong; i++) expect((await finish(await challenge(member.email), await wrongCode(member.secret, i))).statusCode).toBe(422);
    expect((await finish(await challenge(member.email), await member.rightCode())).statusCode).toBe(429);
    // Fifteen minutes pass: the lock and every check of the window move back in time.
    const db = t.services.database.db;
    await db
      .update(secondFactorBudgets)
      .set({
        lockedUntil: sql`${secondFactorBudgets.lockedUntil} - interval '15 minutes'`,
        checks: sql`(select coalesce(jsonb_agg(jsonb_set(c, '{at}', to_jsonb((c->>'at')::bigint - 900000))), '[]'::jsonb) from jsonb_array_elements(${secondFactorBudgets.checks}) c)`,
      })
      .where(eq(secondFactorBudgets.subjectId, member.id));
    const before = otpCalls.verify;
    const wrong = await finish(await challenge(member.email), await wrongCode(member.secret, 99));
    expect(wrong.statusCode).toBe(422);
    const signedIn = await finish(await challenge(member.email), await member.rightCode());
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(otpCalls.verify - before).toBe(2);
    expect((await kit.call('GET', '/api/admin/me', { token: signedIn.json().token })).statusCode).toBe(200);
    // The right code gave its check back: one wrong code is on record in the new window.
    const [budget] = await db.select().from(secondFactorBudgets).where(eq(secondFactorBudgets.subjectId, member.id));
    expect(budget!.checks.filter((check) => check.at > Date.now() - 60_000)).toHaveLength(1);
  });

  it('right codes do not use the budget up; another account keeps its own; an admin’s 2FA reset lifts a lock', async () => {
    const [owner, victim] = [await enrolled(), await enrolled()];
    // The owner signs in again and again (a TOTP code is good once per 30 seconds; then recovery codes).
    for (const code of [await owner.rightCode(), ...owner.recoveryCodes]) {
      const signedIn = await finish(await challenge(owner.email), code);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    }
    for (let i = 0; i < maxWrong; i++) await finish(await challenge(victim.email), await wrongCode(victim.secret, i));
    expect((await finish(await challenge(victim.email), await victim.rightCode())).statusCode).toBe(429);
    expect((await finish(await challenge(owner.email), await wrongCode(owner.secret, 1))).statusCode).toBe(422);
    const [ownBudget] = await t.services.database.db.select().from(secondFactorBudgets).where(eq(secondFactorBudgets.subjectId, owner.id));
    expect(ownBudget!.checks.map((check) => check.wrong)).toEqual([true]);
    const admin = (await kit.staff('admin')).token;
    const reset = await kit.call('POST', `/api/admin/staff/${victim.id}/reset-two-factor`, { token: admin });
    expect(reset.json().data).toMatchObject({ two_factor: false, two_factor_locked_until: null });
    const again = await kit.enrol(await kit.login(victim.email, STAFF_PASSWORD));
    const signedIn = await finish(await challenge(victim.email), await totpCode(again.secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});
