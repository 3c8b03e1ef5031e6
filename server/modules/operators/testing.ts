// Test support for the operator API: staff of each role signed in over HTTP, TOTP codes for a secret.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from '../../test-app.ts';
import { uniqueEmail } from '../accounts/testing.ts';
import type { StaffRole } from './permissions.ts';
import { operators } from './schema.ts';

export const STAFF_PASSWORD = 'a long staff secret';
export const OPERATOR = { email: 'ops@casino.example', password: 'a long operator secret' };
export const OPERATOR_ENV = { OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password };

/** The TOTP code of `secret` at now + `steps` × 30 s (one step either side is accepted). */
export const totpCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function staffKit(t: TestApp, ipPrefix = '10.70') {
  let lastIp = 0;
  function call(method: Method, url: string, { token, payload }: { token?: string; payload?: unknown } = {}) {
    lastIp += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `${ipPrefix}.${Math.floor(lastIp / 250) % 250}.${(lastIp % 250) + 1}`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  async function login(email: string, password: string): Promise<string> {
    const response = await call('POST', '/api/admin/login', { payload: { email, password } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  }

  const adminToken = () => login(OPERATOR.email, OPERATOR.password);

  async function adminId(): Promise<number> {
    const [row] = await t.services.database.db.select({ id: operators.id }).from(operators).where(eq(operators.email, OPERATOR.email));
    return row!.id;
  }

  /** A new staff member of `role`, signed in (no 2FA outside production until enrolled). */
  async function staff(role: StaffRole) {
    const email = uniqueEmail(role);
    const member = await t.services.operators.staff.create(await adminId(), { email, password: STAFF_PASSWORD, role });
    return { id: Number(member!.id), email, token: await login(email, STAFF_PASSWORD) };
  }

  /** Enrols the signed-in staff member: answers the secret and the ten recovery codes. */
  async function enrol(token: string) {
    const setup = await call('POST', '/api/admin/two-factor/setup', { token });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().data.secret as string;
    const confirmed = await call('POST', '/api/admin/two-factor/confirm', { token, payload: { code: await totpCode(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  }

  return { call, login, adminToken, adminId, staff, enrol };
}
