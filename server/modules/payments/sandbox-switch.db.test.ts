import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app.ts';
import { APPROVING_CARD, OPERATOR_ENV, paymentsKit } from './testing.ts';

// PAYMENTS_SANDBOX (docs/decisions/0022): production has no sandbox gateway unless the operator names it.

/** Production hashes passwords at OWASP's minimum: config refuses the cheap test parameters there. */
const PRODUCTION = { ...OPERATOR_ENV, APP_ENV: 'production', ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2' };

/** A production app whose service logs are kept, to see what it said at start. */
function productionApp(env: Record<string, string>) {
  const handle = {} as TestApp & { logs: { level: number; msg: string }[] };
  beforeAll(async () => {
    const logs: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    Object.assign(handle, await createTestApp({ ...PRODUCTION, ...env }, { logger: pino({ level: 'info' }, stream) }), { logs });
  });
  afterAll(() => handle.close());
  return handle;
}

const sandboxWarnings = (logs: { level: number; msg: string }[]) => logs.filter((line) => line.level >= 40 && line.msg.includes('PAYMENTS_SANDBOX'));

describe('production without PAYMENTS_SANDBOX', () => {
  const t = productionApp({});
  const kit = paymentsKit(t);

  it('lists no payment methods and has no sandbox gateway, secret or warning', async () => {
    const methods = await kit.call('GET', '/api/payments/methods');
    expect([methods.statusCode, methods.json()]).toEqual([200, { data: [] }]);
    expect(t.services.sandboxGateway).toBeUndefined();
    expect(existsSync(path.join(t.config.dataDir, 'secrets', 'payments-sandbox'))).toBe(false);
    expect(sandboxWarnings(t.logs)).toEqual([]);
  });

  it('refuses a deposit or a withdrawal with a sandbox method as an unknown method (422), writing nothing', async () => {
    const player = await kit.player({ kyc: 'verified' });
    for (const method of ['sandbox-card', 'sandbox-crypto']) {
      const deposit = await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method, amount: 50_00 } });
      expect(deposit.statusCode).toBe(422);
      expect(deposit.json()).toEqual({ message: 'The selected method is invalid.', errors: { method: ['The selected method is invalid.'] } });
      const payload = { method, amount: 20_00, address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };
      const withdrawal = await kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload });
      expect(withdrawal.statusCode).toBe(422);
      expect(withdrawal.json().errors).toEqual({ method: ['The selected method is invalid.'] });
    }
    expect(await kit.wallet(player.token)).toMatchObject({ balance: 0, has_deposited: false, pending_withdrawals_count: 0 });
    const history = await kit.call('GET', '/api/player/transactions', { token: player.token });
    expect(history.json().data).toEqual([]);
  });

  it('answers 404 on every sandbox gateway path and on its webhook', async () => {
    const checkout = 'cs_000000000000000000000000';
    const requests: ['GET' | 'POST', string][] = [
      ['GET', `/sandbox-gateway/checkout/${checkout}`],
      ['POST', `/sandbox-gateway/checkout/${checkout}`],
      ['POST', `/sandbox-gateway/checkout/${checkout}/cancel`],
      ['POST', '/sandbox-gateway/crypto/cc_000000000000000000000000/confirm'],
      ['GET', '/sandbox-gateway/anything'],
      ['POST', '/api/payments/webhooks/sandbox'],
    ];
    for (const [method, url] of requests) {
      const response = await kit.call(method, url, { headers: { 'content-type': 'application/json' }, payload: '{}' as unknown as object });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Not merely unknown ids: the routes are not there at all.
    for (const [method, url] of [
      ['GET', '/sandbox-gateway/checkout/:id'],
      ['POST', '/sandbox-gateway/crypto/:id/confirm'],
      ['POST', '/api/payments/webhooks/sandbox'],
    ] as const) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
    }
  });
});

describe('production with PAYMENTS_SANDBOX=true', () => {
  const t = productionApp({ PAYMENTS_SANDBOX: 'true' });
  const kit = paymentsKit(t);

  it('warns loudly, once, at start', () => {
    const warnings = sandboxWarnings(t.logs);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(50);
  });

  it('offers the sandbox methods, and card and crypto deposits credit as in staging', async () => {
    const methods = (await kit.call('GET', '/api/payments/methods')).json().data as { id: string }[];
    expect(methods.map((m) => m.id)).toEqual(['sandbox-card', 'sandbox-crypto']);
    const player = await kit.player();
    await kit.deposit(player.token, 50_00, 'sandbox-card');
    await kit.deposit(player.token, 30_00, 'sandbox-crypto');
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 80_00, has_deposited: true });
    expect(sandboxWarnings(t.logs)).toHaveLength(1);
  });

  it("answers the hosted pages' redirects once: the card paid or the checkout cancelled, nothing sent twice", async () => {
    const player = await kit.player();
    const start = async () =>
      (await kit.call('POST', '/api/payments/deposits', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 20_00 } })).json()
        .data as { redirect_url: string };
    const paid = await kit.payByCard((await start()).redirect_url, APPROVING_CARD);
    expect([paid.statusCode, paid.headers.location]).toEqual([303, expect.stringContaining('/deposit')]);
    const cancelled = await kit.call('POST', `${(await start()).redirect_url}/cancel`);
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, expect.stringContaining('/deposit')]);
    // An async handler that sent its own redirect used to be answered a second time ("Reply was already sent").
    const requestWarnings = t.logs.filter((line) => line.level >= 40 && 'reqId' in line);
    expect(requestWarnings.map((line) => line.msg)).toEqual([]);
  });
});
