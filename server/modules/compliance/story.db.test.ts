// Issue 33's "Done when", on the database and over HTTP: a scripted player on the sample sanctions list who deposits
// in structured amounts, withdraws after no play and shares a device with another account raises exactly the alerts
// the rules describe (sanctions match, structuring, rapid in-out, a device link); a compliance officer works them into
// one case, closes it with a report filed, a second officer confirms, and the held withdrawal can then be paid.
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { STRONG_PASSWORD, validRegistration } from '../accounts/testing.ts';
import { players } from '../accounts/schema.ts';
import { staffKit } from '../operators/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';
import { SANCTIONS_RULE } from '../screening/service.ts';

const t = useTestApp(OPERATOR_ENV);
const pay = paymentsKit(t);
const staff = staffKit(t, '10.134');
const { call } = staff;

/** Registers with contacts of its own (no address or phone link), activated and KYC-verified; signs in on `device`. */
async function registered(overrides: { name?: string; surname?: string; birthdate?: string }, ip: string, device?: string) {
  const digits = String(randomInt(10_000_000, 99_999_999));
  const form = validRegistration({
    ...overrides,
    address1: `${digits} Story Street`,
    postcode: `STR ${digits.slice(0, 4)}`,
    phoneNumber: digits,
    phone: `+356${digits}`,
  });
  const made = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: form });
  expect(made.statusCode, made.body).toBe(201);
  const id = Number(made.json().data.id);
  await t.services.database.db.update(players).set({ active: true, kycStatus: 'verified' }).where(eq(players.id, id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'user-agent': 'Story/1.0', ...(device ? { cookie: `device_id=${device}` } : {}) },
    payload: { email: form.email, password: STRONG_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { id, token: login.json().token as string, device: login.cookies.find((cookie) => cookie.name === 'device_id')!.value };
}

const alertsOf = async (playerIds: number[]) =>
  (await Promise.all(playerIds.map((playerId) => t.services.compliance.alerts.list({ playerId })))).flat().map((alert) => `${alert.player_id} ${alert.rule}`);

describe('issue 33, done when', () => {
  it('the scripted player raises exactly the expected alerts and an officer closes them in a case, four-eyes', async () => {
    const officer = await staff.staff('compliance');
    const second = await staff.staff('compliance');
    const structuring = await call('PUT', '/api/admin/compliance/rules/structuring', {
      token: officer.token,
      payload: { values: { threshold: 100_00, count: 3, hold: true }, reason: 'Structuring at €100 for the story' },
    });
    expect(structuring.statusCode, structuring.body).toBe(200);

    // Listed on the sample EU list (transliterated spelling), then a second account on the same browser.
    const listed = await registered({ name: 'Elena', surname: 'Zhurbenko', birthdate: '1982-07-21' }, '198.51.100.71');
    const other = await registered({}, '198.51.100.72', listed.device);
    await vi.waitFor(async () => expect(await alertsOf([listed.id, other.id])).toHaveLength(2));

    // Three deposits of €95 just under the (lowered) €100 threshold, then a withdrawal with no play in between.
    for (let i = 0; i < 3; i++) await pay.deposit(listed.token, 95_00);
    const withdrawal = await pay.call('POST', '/api/payments/withdrawals', {
      token: listed.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    await t.services.compliance.settled();

    expect((await alertsOf([listed.id, other.id])).sort()).toEqual(
      [`${listed.id} ${SANCTIONS_RULE}`, `${listed.id} structuring`, `${listed.id} rapid-in-out`, `${other.id} linked-device`].sort(),
    );
    const admin = await staff.adminToken();
    const approve = () => call('POST', `/api/admin/withdrawals/${withdrawal.json().data.id}/approve`, { token: admin });
    expect((await approve()).json()).toMatchObject({ type: 'compliance_hold' });

    const alertIds = [
      ...(await t.services.compliance.alerts.list({ playerId: listed.id })),
      ...(await t.services.compliance.alerts.list({ playerId: other.id })),
    ].map((alert) => alert.id);
    const opened = await call('POST', '/api/admin/compliance/cases', {
      token: officer.token,
      payload: { title: 'Listed player, structured deposits', alert_ids: alertIds },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const path = `/api/admin/compliance/cases/${opened.json().data.id}`;
    expect((await call('POST', `${path}/state`, { token: officer.token, payload: { state: 'escalated' } })).statusCode).toBe(200);
    expect(
      (await call('POST', `${path}/close`, { token: officer.token, payload: { outcome: 'report_filed', note: 'SAR filed; listing confirmed.' } })).statusCode,
    ).toBe(202);
    const confirmed = await call('POST', `${path}/confirm-close`, { token: second.token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ state: 'closed', outcome: 'report_filed' });
    expect((confirmed.json().data.alerts as { status: string }[]).map((alert) => alert.status)).toEqual(['closed', 'closed', 'closed', 'closed']);
    expect(await t.services.compliance.withdrawalHold(listed.id)).toBeNull();
    expect((await approve()).statusCode).toBe(200);
  });
});
