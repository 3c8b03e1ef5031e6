import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { paymentsKit } from '../payments/testing.ts';
import { auditLog } from './schema.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

// GET /api/admin/payments, GET /api/admin/payments/{deposits|withdrawals}/{id}, POST …/deposits/{id}/refund and
// …/chargeback (docs/decisions/0104): who may, what bad input gets, and what each does to the money.

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);
const staff = staffKit(t, '10.71');
const reason = 'The player asked for their money back by phone.';

async function funded(amount = 60_00) {
  const player = await kit.player({ kyc: 'verified' });
  const depositId = await kit.deposit(player.token, amount);
  return { ...player, depositId };
}

const auditRows = (action: string, subject: string) =>
  t.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, subject)));

describe('who may use the payments API', () => {
  it('401 without a session, 403 for roles without payments.read or payments.manage', async () => {
    const { depositId } = await funded();
    expect((await staff.call('GET', '/api/admin/payments')).statusCode).toBe(401);
    expect((await staff.call('GET', `/api/admin/payments/deposits/${depositId}`)).statusCode).toBe(401);
    expect((await staff.call('POST', `/api/admin/payments/deposits/${depositId}/refund`, { payload: { reason } })).statusCode).toBe(401);
    const marketing = await staff.staff('marketing');
    const list = await staff.call('GET', '/api/admin/payments', { token: marketing.token });
    expect([list.statusCode, list.json().message]).toEqual([403, 'You do not have the payments.read permission.']);
    for (const role of ['support', 'compliance'] as const) {
      const member = await staff.staff(role);
      expect((await staff.call('GET', '/api/admin/payments', { token: member.token })).statusCode).toBe(200);
      const detail = await staff.call('GET', `/api/admin/payments/deposits/${depositId}`, { token: member.token });
      expect([detail.statusCode, detail.json().data.actions]).toEqual([200, { refund: false, chargeback: false }]);
      for (const action of ['refund', 'chargeback']) {
        const refused = await staff.call('POST', `/api/admin/payments/deposits/${depositId}/${action}`, { token: member.token, payload: { reason } });
        expect([refused.statusCode, refused.json().message]).toEqual([403, 'You do not have the payments.manage permission.']);
      }
    }
    // Nothing the refused calls asked for happened.
    const admin = await staff.adminToken();
    const after = await staff.call('GET', `/api/admin/payments/deposits/${depositId}`, { token: admin });
    expect(after.json().data).toMatchObject({ status: 'completed', reversed_amount: 0 });
    expect(after.json().data.history.map((event: { kind: string }) => event.kind)).toEqual(['created', 'completed']);
  });
});

describe('GET /api/admin/payments', () => {
  it('finds a player’s deposits and withdrawals by e-mail, with names, newest first, paged', async () => {
    const player = await funded(70_00);
    await kit.deposit(player.token, 30_00);
    await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: crypto.randomUUID(), payload: { method: 'sandbox-card', amount: 20_00 } });
    const finance = await staff.staff('finance');
    const found = await staff.call('GET', `/api/admin/payments?q=${encodeURIComponent(player.email)}&per_page=2`, { token: finance.token });
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(body.data.map((row: { kind: string; amount: number }) => [row.kind, row.amount])).toEqual([
      ['withdrawal', 20_00],
      ['deposit', 30_00],
    ]);
    expect(body.data[0].player).toMatchObject({ id: player.id, email: player.email });
    expect(body.data[0].player.name).not.toBe('');
    const second = await staff.call('GET', `/api/admin/payments?q=${encodeURIComponent(player.email)}&per_page=2&page=2`, { token: finance.token });
    expect(second.json().data.map((row: { id: string }) => row.id)).toEqual([player.depositId]);
    // By reference (ours or the provider's), kind, status, method and day.
    const byId = await staff.call('GET', `/api/admin/payments?reference=${player.depositId}`, { token: finance.token });
    expect(byId.json().data.map((row: { id: string }) => row.id)).toEqual([player.depositId]);
    const checkout = byId.json().data[0].reference as string;
    expect((await staff.call('GET', `/api/admin/payments?reference=${checkout}`, { token: finance.token })).json().meta.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const filtered = await staff.call(
      'GET',
      `/api/admin/payments?q=${encodeURIComponent(player.email)}&kind=deposit&status=completed&method=sandbox-card&from=${today}&to=${today}`,
      {
        token: finance.token,
      },
    );
    expect(filtered.json().meta.total).toBe(2);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await staff.call('GET', `/api/admin/payments?q=${encodeURIComponent(player.email)}&to=${yesterday}`, { token: finance.token })).json().meta.total,
    ).toBe(0);
    expect((await staff.call('GET', '/api/admin/payments?q=nobody-has-this-address', { token: finance.token })).json()).toMatchObject({
      data: [],
      meta: { total: 0 },
    });
  });

  it('refuses bad filters with 422 naming them', async () => {
    const finance = await staff.staff('finance');
    for (const query of ['page=0', 'per_page=101', 'status=lost', 'kind=refund', 'method=Bad%20Method', 'from=2026-13-01', `q=${'x'.repeat(255)}`]) {
      const response = await staff.call('GET', `/api/admin/payments?${query}`, { token: finance.token });
      expect([query, response.statusCode]).toEqual([query, 422]);
    }
  });
});

describe('GET /api/admin/payments/{kind}/{id}', () => {
  it('shows the payment with its full history, and audits the view; 404 for an unknown one, 422 for a malformed id', async () => {
    const player = await funded();
    const finance = await staff.staff('finance');
    const response = await staff.call('GET', `/api/admin/payments/deposits/${player.depositId}`, { token: finance.token });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: player.depositId, kind: 'deposit', status: 'completed', amount: 60_00, reversible_amount: 60_00, player_owes: 0 });
    expect(data.actions).toEqual({ refund: true, chargeback: true });
    expect(data.history.map((event: { kind: string }) => event.kind)).toEqual(['created', 'completed']);
    expect(await auditRows('payments.view', `deposit:${player.depositId}`)).toHaveLength(1);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await staff.call('GET', `/api/admin/payments/deposits/${unknown}`, { token: finance.token })).statusCode).toBe(404);
    expect((await staff.call('GET', `/api/admin/payments/withdrawals/${player.depositId}`, { token: finance.token })).statusCode).toBe(404);
    expect((await staff.call('GET', '/api/admin/payments/deposits/not-a-uuid', { token: finance.token })).statusCode).toBe(422);
    expect((await staff.call('GET', `/api/admin/payments/refunds/${unknown}`, { token: finance.token })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/payments/deposits/{id}/refund', () => {
  it('refunds what is left through the gateway with a reason and an audit row; a repeat changes nothing', async () => {
    const player = await funded(60_00);
    const finance = await staff.staff('finance');
    const url = `/api/admin/payments/deposits/${player.depositId}/refund`;
    const refunded = await staff.call('POST', url, { token: finance.token, payload: { reason } });
    expect(refunded.statusCode).toBe(200);
    const data = refunded.json().data;
    expect(data).toMatchObject({ status: 'refunded', reversed_amount: 60_00, reversible_amount: 0, actions: { refund: false, chargeback: false } });
    const event = data.history.at(-1);
    expect(event).toMatchObject({ kind: 'refunded', amount: 60_00, gateway: 'sandbox', reason, staff: { id: String(finance.id), email: finance.email } });
    expect(event.provider_reference).toMatch(/^re_[0-9a-f]{24}$/);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0 });
    const audit = await auditRows('payments.refund', `deposit:${player.depositId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ amount: 60_00, reason });
    // Again: the same answer, no second refund.
    const again = await staff.call('POST', url, { token: finance.token, payload: { reason } });
    expect([again.statusCode, again.json().data.history.filter((e: { kind: string }) => e.kind === 'refunded').length]).toEqual([200, 1]);
    expect(await auditRows('payments.refund', `deposit:${player.depositId}`)).toHaveLength(1);
  });

  it('422 without a reason of 3–500 characters, 404 for an unknown deposit, 409 when the state does not allow it; nothing moves', async () => {
    const player = await funded(60_00);
    const finance = await staff.staff('finance');
    const url = `/api/admin/payments/deposits/${player.depositId}/refund`;
    for (const payload of [{}, { reason: 'no' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      expect((await staff.call('POST', url, { token: finance.token, payload })).statusCode).toBe(422);
    }
    expect(
      (await staff.call('POST', '/api/admin/payments/deposits/00000000-0000-4000-8000-000000000000/refund', { token: finance.token, payload: { reason } }))
        .statusCode,
    ).toBe(404);
    // Spent money cannot be refunded from here (a chargeback is what takes it when the bank insists).
    const request = await kit.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: crypto.randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00 },
    });
    expect(request.statusCode).toBe(201);
    const short = await staff.call('POST', url, { token: finance.token, payload: { reason } });
    expect([short.statusCode, short.json().message]).toEqual([
      409,
      "The player's balance is less than the refund; a refund may only return money the player still holds.",
    ]);
    // A pending deposit has nothing to refund.
    const pending = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: crypto.randomUUID(),
      payload: { method: 'sandbox-card', amount: 20_00 },
    });
    const onPending = await staff.call('POST', `/api/admin/payments/deposits/${pending.json().data.id}/refund`, { token: finance.token, payload: { reason } });
    expect(onPending.statusCode).toBe(409);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 10_00, pending_withdrawals: 50_00 });
    expect(await auditRows('payments.refund', `deposit:${player.depositId}`)).toHaveLength(0);
  });
});

describe('POST /api/admin/payments/deposits/{id}/chargeback', () => {
  it('takes back what is left, leaving what the balance lacks owed; a repeat changes nothing; a refunded deposit is a 409', async () => {
    const player = await funded(60_00);
    const finance = await staff.staff('finance');
    await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: crypto.randomUUID(), payload: { method: 'sandbox-card', amount: 40_00 } });
    const url = `/api/admin/payments/deposits/${player.depositId}/chargeback`;
    const charged = await staff.call('POST', url, { token: finance.token, payload: { reason: 'Dispute lost, case 12345.' } });
    expect(charged.statusCode).toBe(200);
    expect(charged.json().data).toMatchObject({ status: 'charged_back', reversed_amount: 60_00, player_owes: 40_00 });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0 });
    const again = await staff.call('POST', url, { token: finance.token, payload: { reason: 'Dispute lost, case 12345.' } });
    expect([again.statusCode, again.json().data.player_owes]).toEqual([200, 40_00]);
    expect(await auditRows('payments.chargeback', `deposit:${player.depositId}`)).toHaveLength(1);

    const other = await funded(30_00);
    expect((await staff.call('POST', `/api/admin/payments/deposits/${other.depositId}/refund`, { token: finance.token, payload: { reason } })).statusCode).toBe(
      200,
    );
    const refused = await staff.call('POST', `/api/admin/payments/deposits/${other.depositId}/chargeback`, { token: finance.token, payload: { reason } });
    expect(refused.statusCode).toBe(409);
  });
});
