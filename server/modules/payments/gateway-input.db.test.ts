import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { sandboxCheckouts } from '../sandbox-gateway/schema.ts';
import { deposits } from './schema.ts';
import { paymentsKit } from './testing.ts';

// What the gateway's paths and our webhook accept (docs/decisions/0022, 0023): the crypto confirmation needs the
// signature its owner was given, and every field of an event has its exact shape; anything else is a 4xx that
// changes nothing.

const t = useTestApp();
const kit = paymentsKit(t);

async function depositRow(id: string) {
  const [row] = await t.services.database.db.select().from(deposits).where(eq(deposits.id, id));
  return row!;
}

async function pendingCrypto() {
  const player = await kit.player();
  const created = await kit.call('POST', '/api/payments/deposits', {
    token: player.token,
    key: randomUUID(),
    payload: { method: 'sandbox-crypto', amount: 40_00 },
  });
  expect(created.statusCode).toBe(201);
  return { player, deposit: created.json().data as { id: string; sandbox_confirm_url: string; sandbox_confirm_signature: string } };
}

describe('POST /sandbox-gateway/crypto/{id}/confirm', () => {
  it('refuses an anonymous or wrongly signed confirmation (401) and credits nothing', async () => {
    const { player, deposit } = await pendingCrypto();
    const other = await pendingCrypto();
    const gateway = t.services.sandboxGateway!;
    const wrong = [
      undefined,
      '',
      `sha256=${'0'.repeat(64)}`,
      other.deposit.sandbox_confirm_signature,
      // A webhook's kind of signature, over a body, is not a confirmation's.
      gateway.sign(JSON.stringify({ checkout_id: deposit.sandbox_confirm_url.split('/')[3] })),
    ];
    for (const signature of wrong) {
      const response = await kit.call('POST', deposit.sandbox_confirm_url, { headers: signature === undefined ? {} : { 'sandbox-signature': signature } });
      expect([response.statusCode, response.json()], String(signature)).toEqual([401, { message: 'Invalid signature.' }]);
    }
    expect((await kit.wallet(player.token)).cash).toBe(0);
    expect((await depositRow(deposit.id)).status).toBe('pending');
    const [checkout] = await t.services.database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.reference, deposit.id));
    expect(checkout).toMatchObject({ status: 'open', attempts: 0 });
  });

  it('credits once with the signature the deposit carries, however often it is sent', async () => {
    const { player, deposit } = await pendingCrypto();
    const responses = await Promise.all([kit.confirmCrypto(deposit), kit.confirmCrypto(deposit), kit.confirmCrypto(deposit)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await kit.wallet(player.token)).cash).toBe(40_00);
    expect(await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, deposit.id))).toHaveLength(1);
  });
});

describe('POST /api/payments/webhooks/sandbox with a valid signature over bad fields', () => {
  async function pendingCard() {
    const player = await kit.player();
    const created = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 75_00 },
    });
    const id = created.json().data.id as string;
    const row = await depositRow(id);
    const event = (data: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'payment.succeeded',
      created: 1_800_000_000,
      data: { checkout_id: row.gatewayReference, reference: id, amount: 75_00, currency: 'EUR', failure_message: null, card_last4: '4242', ...data },
      ...top,
    });
    return { player, id, event };
  }

  async function expectUntouched(player: { token: string }, id: string) {
    expect(await depositRow(id)).toMatchObject({ status: 'pending', cardLast4: null, failureMessage: null });
    expect((await kit.wallet(player.token)).cash).toBe(0);
  }

  it('a card_last4 of 60,000 characters is a 422 and nothing is stored', async () => {
    const { player, id, event } = await pendingCard();
    const response = await kit.webhook(event({ card_last4: '4'.repeat(60_000) }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The data.card_last4 field must be 4 digits.',
      errors: { 'data.card_last4': ['The data.card_last4 field must be 4 digits.'] },
    });
    await expectUntouched(player, id);
  });

  it('a reference of 36 dashes, or of no real UUID, is a 422, never a 500', async () => {
    const { player, id, event } = await pendingCard();
    for (const reference of ['-'.repeat(36), `urn:uuid:${id}`, id.toUpperCase().replace(/-/g, ''), `${id} `]) {
      const response = await kit.webhook(event({ reference }));
      expect(response.statusCode, reference).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['data.reference']);
    }
    await expectUntouched(player, id);
  });

  it('a NUL byte in any text field is a 422', async () => {
    const { player, id, event } = await pendingCard();
    const fields: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['id', {}, { id: 'evt_\u0000' }],
      ['data.checkout_id', { checkout_id: 'cs_\u0000' }, {}],
      ['data.reference', { reference: `${id.slice(0, 35)}\u0000` }, {}],
      ['data.currency', { currency: 'EU\u0000' }, {}],
      ['data.card_last4', { card_last4: '42\u000042' }, {}],
      ['data.failure_message', { failure_message: 'Declined\u0000' }, { type: 'payment.failed' }],
    ];
    for (const [field, data, top] of fields) {
      const response = await kit.webhook(event(data, top));
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
    }
    await expectUntouched(player, id);
  });

  it('amounts, currencies, types and messages out of shape are 422s', async () => {
    const { player, id, event } = await pendingCard();
    const bad = [
      event({ amount: 0 }),
      event({ amount: -75_00 }),
      event({ amount: 75.5 }),
      event({ amount: '7500' }),
      event({ amount: 1e20 }),
      event({ currency: 'eur' }),
      event({ currency: 'EURO' }),
      event({ failure_message: 'x'.repeat(201) }, { type: 'payment.failed' }),
      event({ failure_message: '' }, { type: 'payment.failed' }),
      event({}, { type: 'payment.refunded' }),
      event({}, { created: -1 }),
      event({}, { id: `evt_${'a'.repeat(25)}` }),
    ];
    for (const body of bad) expect((await kit.webhook(body)).statusCode, JSON.stringify(body).slice(0, 200)).toBe(422);
    await expectUntouched(player, id);
    expect((await kit.webhook(event())).json()).toMatchObject({ status: 'completed', credited: true });
  });

  it('any value in any field is answered with a 2xx or a 4xx, never a 500, and never credits', async () => {
    const { player, id, event } = await pendingCard();
    const fields = ['checkout_id', 'reference', 'amount', 'currency', 'failure_message', 'card_last4'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.jsonValue({ maxDepth: 2 })),
        async (field, value) => {
          const response = await kit.webhook(event({ [field]: value }, { type: 'payment.failed' }));
          expect(response.statusCode).toBeGreaterThanOrEqual(200);
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode === 422 && response.json().errors) expect(Object.keys(response.json().errors)).toEqual([`data.${field}`]);
        },
      ),
      { numRuns: 40 },
    );
    expect((await kit.wallet(player.token)).cash).toBe(0);
    expect(['pending', 'declined']).toContain((await depositRow(id)).status);
  });
});

describe('the player’s payment requests are bounded too', () => {
  it('a deposit bonusId with a NUL byte, of 101 characters or not an id is a 422 naming bonusId; a slug is kept', async () => {
    const player = await kit.player();
    for (const bonusId of ['welcome\u0000', 'w'.repeat(101), 'welcome match', '', 'ünicode']) {
      const response = await kit.call('POST', '/api/payments/deposits', {
        token: player.token,
        key: randomUUID(),
        payload: { method: 'sandbox-card', amount: 50_00, bonusId },
      });
      expect(response.statusCode, JSON.stringify(bonusId)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['bonusId']);
    }
    expect(
      await t.services.database.db
        .select()
        .from(deposits)
        .where(eq(deposits.playerId, Number(player.id))),
    ).toEqual([]);
    const kept = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 50_00, bonusId: 'welcome-match' },
    });
    expect([kept.statusCode, kept.json().data.bonus_id]).toEqual([201, 'welcome-match']);
  });

  it('a withdrawal address with a control character is a 422, and a deposit id that is no plain UUID a 422, not a 500', async () => {
    const player = await kit.player({ kyc: 'verified' });
    const withdrawal = await kit.call('POST', '/api/payments/withdrawals', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-crypto', amount: 20_00, address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh\u0000' },
    });
    expect([withdrawal.statusCode, Object.keys(withdrawal.json().errors)]).toEqual([422, ['address']]);
    for (const id of [`urn:uuid:${randomUUID()}`, '-'.repeat(36)]) {
      expect((await kit.call('GET', `/api/payments/deposits/${encodeURIComponent(id)}`, { token: player.token })).statusCode, id).toBe(422);
    }
  });
});
