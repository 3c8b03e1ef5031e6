import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR, OPERATOR_ENV, STAFF_PASSWORD, staffKit, totpCode } from './testing.ts';

// APP_ENV=production: every staff member enrols 2FA before anything else; OPERATOR_TOTP_SECRET enrols the
// bootstrap operator so automation can sign in (docs/decisions/0080-staff-two-factor-sign-in.md).
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const t = useTestApp({ ...OPERATOR_ENV, APP_ENV: 'production', ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', OPERATOR_TOTP_SECRET: SECRET });
const kit = staffKit(t, '10.72');
const { call } = kit;

describe('two factors in production', () => {
  it('the bootstrap operator is enrolled with OPERATOR_TOTP_SECRET: its sign-in asks for the code', async () => {
    const login = await call('POST', '/api/admin/login', { payload: OPERATOR });
    expect(login.json().two_factor).toBe(true);
    const done = await call('POST', '/api/admin/login/two-factor', { payload: { challenge: login.json().challenge, code: await totpCode(SECRET, 1) } });
    expect(done.statusCode).toBe(200);
    const token = done.json().token as string;
    expect((await call('GET', '/api/admin/players', { token })).statusCode).toBe(200);
    expect(await t.services.operators.ensureOperator({ ...OPERATOR, totpSecret: SECRET })).toBe('unchanged');
  });

  it('a staff member without 2FA may only enrol: every other route answers 403 until they do', async () => {
    const adminId = await kit.adminId();
    const member = await t.services.operators.staff.create(adminId, { email: 'support@casino.example', password: STAFF_PASSWORD, role: 'support' });
    const token = await kit.login(member!.email, STAFF_PASSWORD);
    const refused = await call('GET', '/api/admin/players', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Set up two-factor sign-in before doing anything else.', type: 'two_factor_enrolment_required' });
    expect((await call('GET', '/api/admin/me', { token })).json().data).toMatchObject({ must_enrol: true, two_factor: false });
    await kit.enrol(token);
    expect((await call('GET', '/api/admin/players', { token })).statusCode).toBe(200);
  });
});
