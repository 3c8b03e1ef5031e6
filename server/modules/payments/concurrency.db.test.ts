// Concurrency through the HTTP API. With DATABASE_URL (CI) the requests run on a pool of PostgreSQL
// connections at once; on PGlite they are serialised and must give the same answers.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { deposits, withdrawals } from './schema.ts';
import { OPERATOR_ENV, paymentsKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

function statuses(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe('concurrent money requests', () => {
  it('200 concurrent withdrawals of the whole balance: exactly one succeeds', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 100_00);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 100_00 } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 1, 422: 199 });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0, pending_withdrawals: 100_00, pending_withdrawals_count: 1 });
    expect(
      await t.services.database.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.playerId, Number(player.id))),
    ).toHaveLength(1);
  });

  it('100 concurrent withdrawals of the whole balance with one idempotency key: one effect, the same answer for all', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 100_00);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        kit.call('POST', '/api/payments/withdrawals', { token: player.token, key, payload: { method: 'sandbox-card', amount: 100_00 } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 100 });
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 0, pending_withdrawals: 100_00 });
  });

  it('100 concurrent deposits with one idempotency key create one deposit', async () => {
    const player = await kit.player();
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        kit.call('POST', '/api/payments/deposits', { token: player.token, key, payload: { method: 'sandbox-card', amount: 25_00 } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 100 });
    expect(new Set(responses.map((r) => r.json().data.redirect_url)).size).toBe(1);
    expect(
      await t.services.database.db
        .select()
        .from(deposits)
        .where(eq(deposits.playerId, Number(player.id))),
    ).toHaveLength(1);
  });

  it('50 concurrent deliveries of the same success webhook credit once', async () => {
    const player = await kit.player();
    const started = (
      await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 80_00 } })
    ).json().data;
    const [row] = await t.services.database.db.select().from(deposits).where(eq(deposits.id, started.id));
    const event = {
      id: 'evt_c0c0c0c0c0c0c0c0c0c0c0c0',
      type: 'payment.succeeded',
      created: 1,
      data: { checkout_id: row!.gatewayReference, reference: started.id, amount: 80_00, currency: 'EUR', failure_message: null, card_last4: '4242' },
    };
    const responses = await Promise.all(Array.from({ length: 50 }, () => kit.webhook(event)));
    expect(statuses(responses)).toEqual({ 200: 50 });
    expect(responses.filter((r) => r.json().credited)).toHaveLength(1);
    expect((await kit.wallet(player.token)).cash).toBe(80_00);
    expect(await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, started.id))).toHaveLength(1);
  });

  it('an approval racing a rejection: exactly one decision wins and the money moves once', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 100_00);
    const id = (
      await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 60_00 } })
    ).json().data.id;
    const operator = await kit.operator();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        kit.call('POST', `/api/admin/withdrawals/${id}/${i % 2 === 0 ? 'approve' : 'reject'}`, {
          token: operator,
          payload: i % 2 === 0 ? undefined : { reason: 'Racing the approval' },
        }),
      ),
    );
    const winners = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.status as string);
    expect(new Set(winners).size).toBe(1);
    expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const wallet = await kit.wallet(player.token);
    expect(wallet.pending_withdrawals).toBe(0);
    expect(wallet.cash).toBe(winners[0] === 'paid' ? 40_00 : 100_00);
  });
});
