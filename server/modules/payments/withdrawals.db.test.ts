import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, paymentsKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

const withdraw = (token: string, payload: unknown, key: string = randomUUID()) => kit.call('POST', '/api/payments/withdrawals', { token, key, payload });

/** A verified player who deposited `amount` by card. */
async function fundedPlayer(amount = 100_00) {
  const player = await kit.player({ kyc: 'verified' });
  await kit.deposit(player.token, amount);
  return player;
}

describe('POST /api/payments/withdrawals', () => {
  it('needs a KYC-verified player: 400 {type: kyc} otherwise, and nothing moves', async () => {
    for (const kyc of ['unverified', 'pending', 'rejected'] as const) {
      const player = await kit.player({ kyc });
      await kit.deposit(player.token, 50_00);
      const refused = await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ type: 'kyc', message: 'Your account must be KYC verified!' });
      expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00, pending_withdrawals: 0 });
    }
  });

  it('is refused to guests (401), unactivated (403) and blocked (423) players', async () => {
    const payload = { method: 'sandbox-card', amount: 20_00 };
    expect((await kit.call('POST', '/api/payments/withdrawals', { key: randomUUID(), payload })).statusCode).toBe(401);
    expect((await withdraw((await kit.player({ active: false, kyc: 'verified' })).token, payload)).statusCode).toBe(403);
    expect((await withdraw((await kit.player({ blocked: true, kyc: 'verified' })).token, payload)).statusCode).toBe(423);
  });

  it('moves the amount from cash to the withdrawal hold, pending, and names where it goes', async () => {
    const player = await fundedPlayer(100_00);
    const response = await withdraw(player.token, { method: 'sandbox-card', amount: 40_00 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ status: 'pending', amount: 40_00, method: 'sandbox-card', destination: 'Card ending 4242', currency: 'EUR' });
    expect(await kit.wallet(player.token)).toMatchObject({
      balance: 60_00,
      cash: 60_00,
      withdrawable: 60_00,
      pending_withdrawals: 40_00,
      pending_withdrawals_count: 1,
    });
    const pending = await kit.call('GET', '/api/payments/withdrawals', { token: player.token });
    expect(pending.json().data.map((w: { id: string }) => w.id)).toEqual([response.json().data.id]);
  });

  it('crypto withdrawals go to the address the player gives, which must look like one', async () => {
    const player = await fundedPlayer(100_00);
    const missing = await withdraw(player.token, { method: 'sandbox-crypto', amount: 30_00 });
    expect([missing.statusCode, Object.keys(missing.json().errors)]).toEqual([422, ['address']]);
    expect((await withdraw(player.token, { method: 'sandbox-crypto', amount: 30_00, address: 'not an address!' })).statusCode).toBe(422);
    const address = `sbx1q${'ab'.repeat(20)}`;
    const accepted = await withdraw(player.token, { method: 'sandbox-crypto', amount: 30_00, address });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.destination).toBe(address);
  });

  it('card withdrawals go back to a card the player deposited with', async () => {
    const player = await kit.player({ kyc: 'verified' });
    await kit.deposit(player.token, 50_00, 'sandbox-crypto');
    const refused = await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.method[0]).toMatch(/card you deposited with/);
  });

  it('refuses more than the withdrawable balance, bad amounts and unknown methods, moving nothing', async () => {
    const player = await fundedPlayer(50_00);
    const tooMuch = await withdraw(player.token, { method: 'sandbox-card', amount: 50_01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('The amount may not be greater than your withdrawable balance of €50.00.');
    for (const amount of [-100, 0, 20.5, 1e20, '2000', null, 19_99]) {
      const response = await withdraw(player.token, { method: 'sandbox-card', amount });
      expect(response.statusCode, String(amount)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['amount']);
    }
    expect((await withdraw(player.token, { method: 'bank', amount: 20_00 })).statusCode).toBe(422);
    const noKey = await kit.call('POST', '/api/payments/withdrawals', { token: player.token, payload: { method: 'sandbox-card', amount: 20_00 } });
    expect([noKey.statusCode, noKey.json().type]).toEqual([400, 'idempotency']);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00, pending_withdrawals: 0 });
  });

  it('a replay with the same key returns the first withdrawal and moves nothing more; another body with that key is a 409', async () => {
    const player = await fundedPlayer(100_00);
    const key = randomUUID();
    const first = await withdraw(player.token, { method: 'sandbox-card', amount: 30_00 }, key);
    const again = await withdraw(player.token, { method: 'sandbox-card', amount: 30_00 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect((await withdraw(player.token, { method: 'sandbox-card', amount: 31_00 }, key)).statusCode).toBe(409);
    expect((await withdraw(player.token, { method: 'sandbox-crypto', amount: 30_00, address: `sbx1q${'cd'.repeat(20)}` }, key)).statusCode).toBe(409);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 70_00, pending_withdrawals: 30_00 });
  });

  it('the player has no way to cancel it (UKGC RTS 14B)', async () => {
    const player = await fundedPlayer(50_00);
    const id = (await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 })).json().data.id;
    for (const [method, url] of [
      ['DELETE', `/api/payments/withdrawals/${id}`],
      ['POST', `/api/payments/withdrawals/${id}/cancel`],
      ['POST', `/api/admin/withdrawals/${id}/reject`],
    ] as const) {
      expect((await kit.call(method, url, { token: player.token })).statusCode).toBeGreaterThanOrEqual(401);
    }
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 30_00, pending_withdrawals: 20_00 });
  });
});

describe('operators decide withdrawals', () => {
  it('approve pays it out of the hold (again is a no-op), and then it cannot be rejected', async () => {
    const player = await fundedPlayer(100_00);
    const id = (await withdraw(player.token, { method: 'sandbox-card', amount: 40_00 })).json().data.id;
    const operator = await kit.operator();
    const listed = await kit.call('GET', '/api/admin/withdrawals?status=pending', { token: operator });
    expect(listed.json().data.map((w: { id: string }) => w.id)).toContain(id);

    const approved = await kit.call('POST', `/api/admin/withdrawals/${id}/approve`, { token: operator });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id, status: 'paid', player_id: player.id, decided_at: expect.any(String) });
    expect((await kit.call('POST', `/api/admin/withdrawals/${id}/approve`, { token: operator })).json().data.status).toBe('paid');
    const reject = await kit.call('POST', `/api/admin/withdrawals/${id}/reject`, { token: operator, payload: { reason: 'Payment details did not match' } });
    expect([reject.statusCode, reject.json().message]).toEqual([409, 'This withdrawal was already paid.']);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 60_00, pending_withdrawals: 0, net_deposits: { lifetime: 60_00, this_month: 60_00 } });
    const trail = await t.services.operators.actionsOn(`withdrawal:${id}`);
    // The audit log records changes: the repeated approval changed nothing (docs/decisions/0082).
    expect(trail.map((entry) => entry.action)).toEqual(['withdrawal.approve']);
  });

  it('reject returns the money to cash, and then it cannot be approved', async () => {
    const player = await fundedPlayer(100_00);
    const id = (await withdraw(player.token, { method: 'sandbox-card', amount: 40_00 })).json().data.id;
    const operator = await kit.operator();
    const rejected = await kit.call('POST', `/api/admin/withdrawals/${id}/reject`, { token: operator, payload: { reason: 'Payment details did not match' } });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await kit.call('POST', `/api/admin/withdrawals/${id}/approve`, { token: operator })).statusCode).toBe(409);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 100_00, pending_withdrawals: 0, pending_withdrawals_count: 0 });
  });

  it('needs an operator token, a known withdrawal and a well-formed id', async () => {
    const player = await fundedPlayer(50_00);
    const id = (await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 })).json().data.id;
    expect((await kit.call('POST', `/api/admin/withdrawals/${id}/approve`)).statusCode).toBe(401);
    expect((await kit.call('POST', `/api/admin/withdrawals/${id}/approve`, { token: player.token })).statusCode).toBe(401);
    const operator = await kit.operator();
    expect((await kit.call('POST', `/api/admin/withdrawals/${randomUUID()}/approve`, { token: operator })).statusCode).toBe(404);
    expect((await kit.call('POST', '/api/admin/withdrawals/42/approve', { token: operator })).statusCode).toBe(422);
    expect((await kit.call('POST', `/api/admin/withdrawals/${id}/reject`, { token: operator, payload: { reason: 'x'.repeat(501) } })).statusCode).toBe(422);
    expect((await kit.call('GET', '/api/admin/withdrawals?status=lost', { token: operator })).statusCode).toBe(422);
    expect(await kit.wallet(player.token)).toMatchObject({ pending_withdrawals: 20_00 });
  });
});

describe('POST /api/admin/players/{id}/kyc', () => {
  it('sets the status an operator decided, which the withdrawal gate then follows', async () => {
    const player = await kit.player();
    await kit.deposit(player.token, 50_00);
    const operator = await kit.operator();
    const verified = await kit.call('POST', `/api/admin/players/${player.id}/kyc`, { token: operator, payload: { status: 'verified' } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ id: player.id, kyc_status: 'verified' });
    expect((await kit.call('GET', '/api/player', { token: player.token })).json().kyc_status).toBe('verified');
    expect((await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 })).statusCode).toBe(201);
    await kit.call('POST', `/api/admin/players/${player.id}/kyc`, { token: operator, payload: { status: 'rejected' } });
    expect((await withdraw(player.token, { method: 'sandbox-card', amount: 20_00 })).statusCode).toBe(400);
    expect((await t.services.operators.actionsOn(`player:${player.id}`)).map((a) => a.action)).toEqual(['player.kyc', 'player.kyc']);
  });

  it('refuses unknown statuses, unknown players and anyone but an operator', async () => {
    const player = await kit.player();
    const operator = await kit.operator();
    expect((await kit.call('POST', `/api/admin/players/${player.id}/kyc`, { token: operator, payload: { status: 'approved' } })).statusCode).toBe(422);
    expect((await kit.call('POST', `/api/admin/players/${player.id}/kyc`, { token: operator, payload: {} })).statusCode).toBe(422);
    expect((await kit.call('POST', '/api/admin/players/999999999/kyc', { token: operator, payload: { status: 'verified' } })).statusCode).toBe(404);
    expect((await kit.call('POST', `/api/admin/players/${player.id}/kyc`, { token: player.token, payload: { status: 'verified' } })).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/player', { token: player.token })).json().kyc_status).toBe('unverified');
  });
});
