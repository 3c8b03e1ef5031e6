import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { ledgerJournals } from '../ledger/schema.ts';
import { sandboxCheckouts } from '../sandbox-gateway/schema.ts';
import { deposits } from './schema.ts';
import { APPROVING_CARD, DECLINING_CARD, OPERATOR_ENV, paymentsKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

async function depositRows(playerId: string) {
  return t.services.database.db
    .select()
    .from(deposits)
    .where(eq(deposits.playerId, Number(playerId)));
}

async function startCard(token: string, amount = 50_00, key = randomUUID()) {
  const response = await kit.call('POST', '/api/payments/deposits', { token, key, payload: { method: 'sandbox-card', amount } });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; status: string; redirect_url: string };
}

describe('GET /api/payments/methods', () => {
  it('lists card and crypto with their deposit and withdrawal limits, for anyone', async () => {
    const response = await kit.call('GET', '/api/payments/methods');
    expect(response.statusCode).toBe(200);
    const methods = response.json().data as { id: string; type: string; currency: string; deposit: { min: number; max: number } }[];
    expect(methods.map((m) => [m.id, m.type, m.currency])).toEqual([
      ['sandbox-card', 'card', 'EUR'],
      ['sandbox-crypto', 'crypto', 'EUR'],
    ]);
    for (const method of methods) expect(method.deposit.min).toBeLessThan(method.deposit.max);
  });
});

describe('card deposits through the sandbox gateway', () => {
  it('the hosted page takes the approving card, the signed webhook credits the wallet once, the player returns to /deposit', async () => {
    const player = await kit.player();
    const started = await startCard(player.token);
    expect(started).toMatchObject({ status: 'pending', redirect_url: expect.stringMatching(/^\/sandbox-gateway\/checkout\/cs_[0-9a-f]{24}$/) });

    const page = await kit.call('GET', started.redirect_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€50.00');
    expect(page.body).toMatch(/<label>Card number<input name="card_number"/);
    expect(page.body).toContain('<button type="submit">Pay</button>');

    const paid = await kit.payByCard(started.redirect_url, APPROVING_CARD);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/deposit?deposit=${started.id}`);
    expect(await kit.wallet(player.token)).toMatchObject({ balance: 50_00, cash: 50_00, withdrawable: 50_00, has_deposited: true });
    const shown = await kit.call('GET', `/api/payments/deposits/${started.id}`, { token: player.token });
    expect(shown.json().data).toMatchObject({ id: started.id, status: 'completed', amount: 50_00, completed_at: expect.any(String), failure_message: null });

    // Paying the same checkout again (back button, double submit) is refused by the gateway and credits nothing.
    expect((await kit.payByCard(started.redirect_url, APPROVING_CARD)).statusCode).toBe(303);
    expect((await kit.call('GET', started.redirect_url)).statusCode).toBe(303);
    expect((await kit.wallet(player.token)).cash).toBe(50_00);
  });

  it('the declining card marks the deposit declined with the gateway’s message and credits nothing', async () => {
    const player = await kit.player();
    const started = await startCard(player.token);
    const declined = await kit.payByCard(started.redirect_url, DECLINING_CARD);
    expect(declined.statusCode).toBe(303);
    const shown = await kit.call('GET', `/api/payments/deposits/${started.id}`, { token: player.token });
    expect(shown.json().data).toMatchObject({ status: 'declined', failure_message: 'Your card was declined.' });
    expect(await kit.wallet(player.token)).toMatchObject({ balance: 0, has_deposited: false });
  });

  it('cancelling on the hosted page declines the deposit and sends the player back', async () => {
    const player = await kit.player();
    const started = await startCard(player.token);
    expect((await kit.call('GET', started.redirect_url)).body).toContain(`action="${started.redirect_url}/cancel"`);
    const cancelled = await kit.call('POST', `${started.redirect_url}/cancel`);
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, `/deposit?deposit=${started.id}`]);
    const shown = await kit.call('GET', `/api/payments/deposits/${started.id}`, { token: player.token });
    expect(shown.json().data).toMatchObject({ status: 'declined', failure_message: 'You cancelled the payment.' });
    expect((await kit.call('POST', '/sandbox-gateway/checkout/cs_000000000000000000000000/cancel')).statusCode).toBe(404);
    expect((await kit.wallet(player.token)).balance).toBe(0);
  });

  it('the hosted page re-asks for invalid card details and moves nothing', async () => {
    const player = await kit.player();
    const started = await startCard(player.token);
    const response = await kit.call('POST', started.redirect_url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242+4242+4242+4241&expiry=13%2F30&cvc=1' as unknown as object,
    });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Enter a valid card number.');
    expect(response.body).toContain('Enter the expiry date as MM / YY.');
    expect(response.body).toContain('Enter the 3 or 4 digit security code.');
    expect((await depositRows(player.id))[0]!.status).toBe('pending');
    expect((await kit.call('GET', '/sandbox-gateway/checkout/cs_000000000000000000000000')).statusCode).toBe(404);
  });

  it('a player sees only their own deposits', async () => {
    const owner = await kit.player();
    const other = await kit.player();
    const started = await startCard(owner.token);
    expect((await kit.call('GET', `/api/payments/deposits/${started.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/payments/deposits/${started.id}`)).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/payments/deposits/not-a-uuid', { token: owner.token })).statusCode).toBe(422);
  });
});

describe('POST /api/payments/deposits refuses bad input and moves nothing', () => {
  it('amounts that are negative, zero, fractional, huge, strings or null; unknown methods; outside the method’s limits', async () => {
    const player = await kit.player();
    const cases: [unknown, unknown, number, string][] = [
      ['sandbox-card', -500, 422, 'amount'],
      ['sandbox-card', 0, 422, 'amount'],
      ['sandbox-card', 50.5, 422, 'amount'],
      ['sandbox-card', 1e20, 422, 'amount'],
      ['sandbox-card', '5000', 422, 'amount'],
      ['sandbox-card', null, 422, 'amount'],
      ['sandbox-card', 9_99, 422, 'amount'],
      ['sandbox-card', 5_000_01, 422, 'amount'],
      ['paypal', 50_00, 422, 'method'],
      [42, 50_00, 422, 'method'],
    ];
    for (const [method, amount, status, field] of cases) {
      const response = await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method, amount } });
      expect(response.statusCode, JSON.stringify([method, amount])).toBe(status);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const below = await kit.call('POST', '/api/payments/deposits', {
      token: player.token,
      key: randomUUID(),
      payload: { method: 'sandbox-card', amount: 9_99 },
    });
    expect(below.json().message).toBe('The amount must be at least €10.00.');
    expect(await depositRows(player.id)).toEqual([]);
  });

  it('needs an Idempotency-Key of visible ASCII', async () => {
    const player = await kit.player();
    const payload = { method: 'sandbox-card', amount: 50_00 };
    const missing = await kit.call('POST', '/api/payments/deposits', { token: player.token, payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'The Idempotency-Key header is required.', type: 'idempotency' });
    expect((await kit.call('POST', '/api/payments/deposits', { token: player.token, payload, key: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await kit.call('POST', '/api/payments/deposits', { token: player.token, payload, key: 'has space' })).statusCode).toBe(400);
    expect(await depositRows(player.id)).toEqual([]);
  });

  it('a replay with the same key and body returns the first deposit; the same key with another body is a 409', async () => {
    const player = await kit.player();
    const key = randomUUID();
    const first = await startCard(player.token, 50_00, key);
    const again = await startCard(player.token, 50_00, key);
    expect(again).toEqual(first);
    const changed = await kit.call('POST', '/api/payments/deposits', { token: player.token, key, payload: { method: 'sandbox-card', amount: 60_00 } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().type).toBe('idempotency');
    expect(await depositRows(player.id)).toHaveLength(1);
    // Keys are per player: another player's identical key is their own.
    const other = await kit.player();
    expect((await startCard(other.token, 50_00, key)).id).not.toBe(first.id);
  });

  it('is refused to guests (401), unactivated (403) and blocked (423) players', async () => {
    const payload = { method: 'sandbox-card', amount: 50_00 };
    expect((await kit.call('POST', '/api/payments/deposits', { key: randomUUID(), payload })).statusCode).toBe(401);
    const inactive = await kit.player({ active: false });
    const refused = await kit.call('POST', '/api/payments/deposits', { token: inactive.token, key: randomUUID(), payload });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your account is not activated.']);
    const blocked = await kit.player({ blocked: true });
    const locked = await kit.call('POST', '/api/payments/deposits', { token: blocked.token, key: randomUUID(), payload });
    expect([locked.statusCode, locked.json().message]).toEqual([423, 'Your account is blocked.']);
  });
});

describe('crypto deposits', () => {
  it('show one stable address per player; the sandbox network’s confirmation credits the deposit once', async () => {
    const player = await kit.player();
    const create = () =>
      kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-crypto', amount: 100_00 } });
    const first = (await create()).json().data;
    const second = (await create()).json().data;
    expect(first.address).toMatch(/^sbx1q[0-9a-f]{40}$/);
    expect(second.address).toBe(first.address);
    expect(first).toMatchObject({
      redirect_url: null,
      status: 'pending',
      sandbox_confirm_url: expect.stringMatching(/^\/sandbox-gateway\/crypto\/cc_/),
      sandbox_confirm_signature: expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    });
    const other = await kit.player();
    const theirs = (
      await kit.call('POST', '/api/payments/deposits', { token: other.token, key: randomUUID(), payload: { method: 'sandbox-crypto', amount: 100_00 } })
    ).json().data;
    expect(theirs.address).not.toBe(first.address);

    expect((await kit.confirmCrypto(first)).statusCode).toBe(200);
    expect((await kit.confirmCrypto(first)).statusCode).toBe(200);
    expect((await kit.wallet(player.token)).cash).toBe(100_00);
    const shown = (await kit.call('GET', `/api/payments/deposits/${first.id}`, { token: player.token })).json().data;
    expect(shown).toMatchObject({ status: 'completed', sandbox_confirm_url: null, sandbox_confirm_signature: null });
    const unknown = '/sandbox-gateway/crypto/cc_000000000000000000000000/confirm';
    expect(
      (await kit.call('POST', unknown, { headers: { 'sandbox-signature': t.services.sandboxGateway!.confirmSignature('cc_000000000000000000000000') } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a payment the gateway marked paid but never announced (its process stopped in between)', () => {
  it('is announced when the payer retries the step, and credited once however often they retry', async () => {
    const player = await kit.player();
    const created = (
      await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-crypto', amount: 40_00 } })
    ).json().data;
    // What a node killed between the gateway's two steps leaves: the checkout paid, no delivery ever attempted.
    const checkoutId = created.sandbox_confirm_url.split('/')[3];
    await t.services.database.db.update(sandboxCheckouts).set({ status: 'paid', paidAt: new Date() }).where(eq(sandboxCheckouts.id, checkoutId));
    expect((await kit.wallet(player.token)).cash).toBe(0);
    for (let retry = 0; retry < 3; retry++) expect((await kit.confirmCrypto(created)).statusCode).toBe(200);
    expect((await kit.wallet(player.token)).cash).toBe(40_00);
    expect((await depositRows(player.id)).map((row) => row.status)).toEqual(['completed']);

    const card = await startCard(player.token, 30_00);
    const cardCheckout = card.redirect_url.split('/').pop()!.split('?')[0]!;
    await t.services.database.db.update(sandboxCheckouts).set({ status: 'paid', paidAt: new Date() }).where(eq(sandboxCheckouts.id, cardCheckout));
    for (let retry = 0; retry < 2; retry++) {
      const outcome = await t.services.sandboxGateway!.payByCard(cardCheckout, { card_number: APPROVING_CARD, expiry: '12 / 39', cvc: '123' });
      expect(outcome?.kind).toBe(retry === 0 ? 'paid' : 'closed');
    }
    expect((await kit.wallet(player.token)).cash).toBe(70_00);
  });
});

describe('POST /api/payments/webhooks/sandbox', () => {
  async function pendingDeposit() {
    const player = await kit.player();
    const started = await startCard(player.token, 75_00);
    const [row] = await t.services.database.db.select().from(deposits).where(eq(deposits.id, started.id));
    const event = (type: string, extra: Record<string, unknown> = {}) => ({
      id: eventId(),
      type,
      created: 1,
      data: {
        checkout_id: row!.gatewayReference,
        reference: started.id,
        amount: 75_00,
        currency: 'EUR',
        failure_message: type === 'payment.failed' ? 'Declined.' : null,
        card_last4: '4242',
        ...extra,
      },
    });
    return { player, started, event };
  }

  it('credits exactly once when the same or a different delivery of success arrives again', async () => {
    const { player, started, event } = await pendingDeposit();
    const success = event('payment.succeeded');
    const first = await kit.webhook(success);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, status: 'completed', credited: true });
    const replay = await kit.webhook(success);
    expect(replay.json()).toEqual({ received: true, status: 'completed', credited: false });
    expect((await kit.webhook(event('payment.succeeded'))).json().credited).toBe(false);
    expect((await kit.wallet(player.token)).cash).toBe(75_00);
    const journals = await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.referenceId, started.id));
    expect(journals).toHaveLength(1);
  });

  it('out of order: a failure after the success changes nothing; a success after a failure still credits, once', async () => {
    const late = await pendingDeposit();
    await kit.webhook(late.event('payment.succeeded'));
    const failure = await kit.webhook(late.event('payment.failed'));
    expect(failure.json()).toMatchObject({ status: 'completed', credited: false });
    expect((await kit.wallet(late.player.token)).cash).toBe(75_00);

    const retried = await pendingDeposit();
    expect((await kit.webhook(retried.event('payment.failed'))).json()).toMatchObject({ status: 'declined' });
    expect((await kit.webhook(retried.event('payment.succeeded'))).json()).toMatchObject({ status: 'completed', credited: true });
    expect((await kit.webhook(retried.event('payment.failed'))).json()).toMatchObject({ status: 'completed' });
    expect((await kit.wallet(retried.player.token)).cash).toBe(75_00);
  });

  it('refuses a wrong or missing signature (401), a body that is not an event (422), an unknown deposit (404) and a wrong amount (422), moving nothing', async () => {
    const { player, event } = await pendingDeposit();
    const success = event('payment.succeeded');
    expect((await kit.webhook(success, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    expect((await kit.webhook(success, 'nonsense')).statusCode).toBe(401);
    const unsigned = await kit.call('POST', '/api/payments/webhooks/sandbox', {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(success) as unknown as object,
    });
    expect(unsigned.statusCode).toBe(401);
    // The signature covers the raw bytes: the same JSON re-serialised differently does not verify.
    const raw = JSON.stringify(success);
    const spaced = await kit.call('POST', '/api/payments/webhooks/sandbox', {
      headers: { 'content-type': 'application/json', 'sandbox-signature': t.services.sandboxGateway!.sign(raw) },
      payload: JSON.stringify(success, null, 2) as unknown as object,
    });
    expect(spaced.statusCode).toBe(401);
    expect((await kit.webhook({ ...success, type: 'payment.refunded' })).statusCode).toBe(422);
    expect((await kit.webhook({ type: 'payment.succeeded' })).statusCode).toBe(422);
    expect((await kit.webhook(event('payment.succeeded', { reference: randomUUID() }))).statusCode).toBe(404);
    expect((await kit.webhook(event('payment.succeeded', { amount: 1 }))).statusCode).toBe(422);
    const notJson = await kit.call('POST', '/api/payments/webhooks/sandbox', {
      headers: { 'content-type': 'application/json', 'sandbox-signature': t.services.sandboxGateway!.sign('{') },
      payload: '{' as unknown as object,
    });
    expect(notJson.statusCode).toBe(400);
    expect((await kit.wallet(player.token)).cash).toBe(0);
  });
});

describe('BalanceUpdated', () => {
  it('is published for the player after the credit, carrying the new wallet', async () => {
    const player = await kit.player();
    const seen: { playerId: number; name: string; data: unknown }[] = [];
    const unsubscribe = t.services.events.subscribe((event) => void seen.push(event));
    try {
      await kit.deposit(player.token, 30_00);
      // The balance once; the "deposit credited" notice arrives beside it as its own MessageReceived (decision 0119).
      const balances = () => seen.filter((e) => e.playerId === Number(player.id) && e.name === 'BalanceUpdated');
      await expect.poll(() => balances().length).toBe(1);
      expect(balances()[0]).toMatchObject({ data: { wallet: { balance: 30_00, cash: 30_00 } } });
      await expect.poll(() => seen.filter((e) => e.playerId === Number(player.id) && e.name === 'MessageReceived').length).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});
