import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { rowsOf } from '../shared/db-results.ts';
import { paymentHistory } from './events.ts';
import { OPERATOR_ENV, paymentsKit } from './testing.ts';

// The PaymentGateway port with the sandbox adapter (docs/decisions/0104): a deposit, a replayed notification, a
// refund, and a chargeback after a withdrawal that leaves a debt the next deposits repay first.

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

/** Every ledger account's balance summed: double entry keeps it at zero. */
async function booksBalance(): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(await t.services.database.db.execute(sql`select coalesce(sum(balance), 0) as total from ledger_accounts`));
  return Number(row!.total);
}

async function dispute(depositId: string, type: 'charge.refunded' | 'charge.dispute.lost', amount: number) {
  const delivered = await t.services.sandboxGateway!.dispute(depositId, type, amount);
  expect(delivered).not.toBeNull();
  return delivered!;
}

const history = (depositId: string) => paymentHistory(t.services.database.db, { deposit: depositId });

describe('the sandbox adapter behind the PaymentGateway port', () => {
  it('offers its methods and has a webhook; a deposit records created and completed events', async () => {
    expect(t.services.paymentGateways.all.map((gateway) => gateway.id)).toEqual(['sandbox']);
    expect(t.services.payments.methods().map((method) => method.id)).toEqual(['sandbox-card', 'sandbox-crypto']);
    const player = await kit.player();
    const id = await kit.deposit(player.token, 50_00);
    expect((await history(id)).map((event) => [event.kind, event.gateway, event.amount])).toEqual([
      ['created', 'sandbox', 50_00],
      ['completed', 'sandbox', 50_00],
    ]);
  });

  it('a refund notification takes the money back once, however often it is delivered', async () => {
    const player = await kit.player();
    const id = await kit.deposit(player.token, 80_00);
    const { event, accepted } = await dispute(id, 'charge.refunded', 30_00);
    expect(accepted).toBe(true);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00 });
    // The same notification again, and once more under a new notification id: the refund is keyed by its reference.
    expect((await kit.webhook(event)).json()).toEqual({ received: true, status: 'completed', credited: false });
    expect((await kit.webhook({ ...event, id: `evt_${'a'.repeat(24)}` })).statusCode).toBe(200);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00, net_deposits: { lifetime: 50_00 } });
    const deposit = await kit.call('GET', `/api/payments/deposits/${id}`, { token: player.token });
    expect(deposit.json().data.status).toBe('completed');
    // The rest refunded: the deposit reads refunded, and nothing more can be taken back.
    await dispute(id, 'charge.refunded', 50_00);
    expect((await kit.call('GET', `/api/payments/deposits/${id}`, { token: player.token })).json().data.status).toBe('refunded');
    const more = await dispute(id, 'charge.refunded', 1);
    expect(more.accepted).toBe(false);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0, has_deposited: true, net_deposits: { lifetime: 0 } });
    expect((await history(id)).filter((row) => row.kind === 'refunded').map((row) => row.amount)).toEqual([30_00, 50_00]);
    expect(await booksBalance()).toBe(0);
  });

  it('refuses a refund larger than the deposit (422) and one of a deposit never paid (409), moving nothing', async () => {
    const player = await kit.player();
    const id = await kit.deposit(player.token, 40_00);
    const { event } = await dispute(id, 'charge.refunded', 40_00);
    const tooMuch = { ...event, id: `evt_${'b'.repeat(24)}`, data: { ...event.data, amount: 40_01, dispute_id: `re_${'c'.repeat(24)}` } };
    expect((await kit.webhook(tooMuch)).statusCode).toBe(422);
    const created = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 20_00 },
    });
    const pending = created.json().data.id as string;
    const onPending = { ...event, id: `evt_${'d'.repeat(24)}`, data: { ...event.data, reference: pending, amount: 20_00, dispute_id: `re_${'e'.repeat(24)}` } };
    expect((await kit.webhook(onPending)).statusCode).toBe(409);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0 });
    expect(await history(pending)).toHaveLength(1);
  });

  it('a chargeback after a withdrawal leaves a debt, held apart from the balance, that the next deposits repay first', async () => {
    const player = await kit.player({ kyc: 'verified' });
    const first = await kit.deposit(player.token, 100_00);
    const request = await kit.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 80_00 },
    });
    expect(request.statusCode).toBe(201);
    const paid = await t.services.payments.approveWithdrawal(request.json().data.id, 1);
    expect(paid.status).toBe('paid');
    const withdrawalEvents = await paymentHistory(t.services.database.db, { withdrawal: paid.id });
    expect(withdrawalEvents.map((event) => event.kind)).toEqual(['created', 'paid']);
    expect(withdrawalEvents[1]!.providerReference).toMatch(/^po_[0-9a-f]{24}$/);

    await dispute(first, 'charge.dispute.lost', 100_00);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0, balance: 0 });
    expect(await t.services.payments.owed(Number(player.id))).toBe(80_00);
    expect((await kit.call('GET', `/api/payments/deposits/${first}`, { token: player.token })).json().data.status).toBe('charged_back');
    expect(await booksBalance()).toBe(0);

    // The next deposit repays the debt before anything else; a second finishes it and the rest is the player's.
    await kit.deposit(player.token, 50_00);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0 });
    expect(await t.services.payments.owed(Number(player.id))).toBe(30_00);
    await kit.deposit(player.token, 50_00);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 20_00 });
    expect(await t.services.payments.owed(Number(player.id))).toBe(0);
    expect(await booksBalance()).toBe(0);

    // The player's transactions say it plainly: what the bank reversed from the balance, and what the deposits covered.
    const lines = (await kit.call('GET', '/api/player/transactions?type=deposit', { token: player.token })).json().data as { status: string; amount: number }[];
    expect(lines.filter((line) => line.status !== 'completed').map((line) => [line.status, line.amount])).toEqual([
      ['debt_repaid', -30_00],
      ['debt_repaid', -50_00],
      ['charged_back', -20_00],
    ]);
  });
});
