import { and, eq } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEPOSIT_XPUB, type LocalChain, localChainClient, startLocalChain, TEST_ACCOUNTS } from '../../../../scripts/local-chain.ts';
import { testStablecoinAbi } from '../../../../scripts/local-chain/test-stablecoin-artifact.ts';
import { createTestApp, type TestApp } from '../../../test-app.ts';
import { auditLog } from '../../operators/schema.ts';
import { OPERATOR_ENV, staffKit } from '../../operators/testing.ts';
import { chainRates } from '../schema.ts';
import { paymentsKit } from '../testing.ts';

// The crypto rail over HTTP (docs/decisions/0109): the player's address and deposits (GET /api/payments/crypto), the
// operators' list of on-chain deposits and the rate table (GET /api/admin/chain/deposits, GET|PUT
// /api/admin/chain/rates): guards, bad input that changes nothing, and a deposit shown from seen to credited.

let chain: LocalChain;
const t = {} as TestApp;
const off = {} as TestApp;
const kit = paymentsKit(t);
const staff = staffKit(t, '10.72');
const reason = 'Rate from the treasury desk at 10:00.';

beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  Object.assign(
    t,
    await createTestApp({
      ...OPERATOR_ENV,
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      CHAIN_TOKENS: `ETH:native,TUSD:${chain.stablecoin}:6`,
      CHAIN_DEPOSIT_XPUB: LOCAL_DEPOSIT_XPUB,
      CHAIN_CONFIRMATIONS: '2',
      CHAIN_POLL_SECONDS: '60',
    }),
  );
  Object.assign(off, await createTestApp(OPERATOR_ENV));
});
afterAll(async () => {
  await t.close?.();
  await off.close?.();
  await chain?.stop();
});

describe('GET /api/payments/crypto', () => {
  it("gives the player their own address, the network's coins and their deposits, live from seen to credited", async () => {
    const player = await kit.player();
    const first = await kit.call('GET', '/api/payments/crypto', { token: player.token });
    expect(first.statusCode).toBe(200);
    const info = first.json().data;
    expect(info).toMatchObject({
      chain_id: 31337,
      confirmations: 2,
      tokens: [
        { symbol: 'ETH', decimals: 18, contract: null },
        { symbol: 'TUSD', decimals: 6 },
      ],
      deposits: [],
    });
    expect(info.tokens[1].contract.toLowerCase()).toBe(chain.stablecoin.toLowerCase());
    expect(info.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await kit.call('GET', '/api/payments/crypto', { token: player.token })).json().data.address).toBe(info.address);

    const admin = await staff.adminToken();
    const set = await staff.call('PUT', '/api/admin/chain/rates', { token: admin, payload: { token: 'TUSD', rate: '0.9', max_age_seconds: 3600, reason } });
    expect(set.statusCode, set.body).toBe(200);
    const events: unknown[] = [];
    const unsubscribe = t.services.events.subscribe((event) => {
      if (event.playerId === Number(player.id) && event.name === 'ChainDepositUpdated') events.push(event.data);
    });
    const node = localChainClient(chain.rpcUrl);
    await t.services.chainRail!.watcher.scan();
    const hash = await node.writeContract({
      address: chain.stablecoin,
      abi: testStablecoinAbi,
      functionName: 'transfer',
      args: [info.address, parseUnits('12', 6)],
      account: TEST_ACCOUNTS[1]!.address,
      chain: hardhat,
    });
    await node.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await t.services.chainRail!.watcher.scan();
    const seen = (await kit.call('GET', '/api/payments/crypto', { token: player.token })).json().data.deposits;
    expect(seen).toMatchObject([{ token: 'TUSD', amount: '12', status: 'seen', confirmations: 1, required_confirmations: 2, tx_hash: hash, quote: null }]);
    await node.mine({ blocks: 1 });
    await t.services.chainRail!.watcher.scan();
    const credited = (await kit.call('GET', '/api/payments/crypto', { token: player.token })).json().data.deposits;
    expect(credited).toMatchObject([{ status: 'credited', confirmations: 2, quote: { amount: 10_80, currency: t.config.defaultCurrency, rate: '0.9' } }]);
    expect((await kit.wallet(player.token)).cash).toBe(10_80);
    unsubscribe();
    expect(events.map((event) => (event as { deposit: { status: string } }).deposit.status)).toEqual(['seen', 'seen', 'credited']);

    // Operators see it with the player's name, its transaction, quote and status.
    const listed = await staff.call('GET', '/api/admin/chain/deposits', { token: admin });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.find((row: { tx_hash: string }) => row.tx_hash === hash)).toMatchObject({
      player: { id: player.id, email: player.email },
      status: 'credited',
      reorged: false,
      address: info.address,
      quote: { amount: 10_80 },
    });
    const filtered = await staff.call('GET', '/api/admin/chain/deposits?reorged=true', { token: admin });
    expect(filtered.json().data.some((row: { tx_hash: string }) => row.tx_hash === hash)).toBe(false);
  });

  it('runs the watcher as a scheduled job on the rail that is on, and on no other', async () => {
    const job = (await t.services.jobs.list()).find((candidate) => candidate.name === 'payments:chain-watcher');
    expect(job).toMatchObject({ pattern: '*/60 * * * * *', schedule: 'Every 60 seconds' });
    expect((await off.services.jobs.list()).some((candidate) => candidate.name === 'payments:chain-watcher')).toBe(false);
  });

  it('401 signed out, 404 while the rail is off', async () => {
    expect((await kit.call('GET', '/api/payments/crypto')).statusCode).toBe(401);
    const offKit = paymentsKit(off);
    const player = await offKit.player();
    const response = await offKit.call('GET', '/api/payments/crypto', { token: player.token });
    expect([response.statusCode, response.json().message]).toEqual([404, 'Crypto deposits are not available.']);
  });
});

describe('the rate table', () => {
  it('is read with payments.read and set only with payments.manage, audited with the reason', async () => {
    expect((await staff.call('GET', '/api/admin/chain/rates')).statusCode).toBe(401);
    const marketing = await staff.staff('marketing');
    expect((await staff.call('GET', '/api/admin/chain/rates', { token: marketing.token })).statusCode).toBe(403);
    const support = await staff.staff('support');
    const read = await staff.call('GET', '/api/admin/chain/rates', { token: support.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ tokens: ['ETH', 'TUSD'], currency: t.config.defaultCurrency, confirmations: 2, chain_id: 31337 });
    const refused = await staff.call('PUT', '/api/admin/chain/rates', {
      token: support.token,
      payload: { token: 'ETH', rate: '2000', max_age_seconds: 600, reason },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'You do not have the payments.manage permission.']);

    const finance = await staff.staff('finance');
    const set = await staff.call('PUT', '/api/admin/chain/rates', {
      token: finance.token,
      payload: { token: 'ETH', rate: '2000.50', max_age_seconds: 600, reason },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.rates.find((rate: { token: string }) => rate.token === 'ETH')).toMatchObject({ rate: '2000.5', max_age_seconds: 600, stale: false });
    const [audit] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payments.rate'), eq(auditLog.subject, `rate:ETH:${t.config.defaultCurrency}`)));
    expect(audit).toMatchObject({ staffId: finance.id, after: { rate: '2000.5', max_age_seconds: 600, reason } });
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const admin = await staff.adminToken();
    const before = await t.services.database.db.select().from(chainRates);
    const good = { token: 'TUSD', rate: '1', max_age_seconds: 600, reason };
    for (const [body, field] of [
      [{ ...good, token: 'DOGE' }, 'token'],
      [{ ...good, token: 'tusd' }, 'token'],
      [{ ...good, rate: '0' }, 'rate'],
      [{ ...good, rate: '-1' }, 'rate'],
      [{ ...good, rate: '1e3' }, 'rate'],
      [{ ...good, rate: 1 }, 'rate'],
      [{ ...good, max_age_seconds: 10 }, 'max_age_seconds'],
      [{ ...good, max_age_seconds: 1.5 }, 'max_age_seconds'],
      [{ ...good, reason: '' }, 'reason'],
    ] as const) {
      const response = await staff.call('PUT', '/api/admin/chain/rates', { token: admin, payload: body });
      expect([response.statusCode, Object.keys(response.json().errors ?? {})], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect(await t.services.database.db.select().from(chainRates)).toEqual(before);
    expect((await staff.call('GET', '/api/admin/chain/deposits?status=nope', { token: admin })).statusCode).toBe(422);
  });

  it('answers 404 while the rail is off', async () => {
    const offStaff = staffKit(off, '10.73');
    const admin = await offStaff.adminToken();
    for (const url of ['/api/admin/chain/rates', '/api/admin/chain/deposits']) {
      const response = await offStaff.call('GET', url, { token: admin });
      expect([response.statusCode, response.json().message]).toEqual([404, 'Crypto deposits are not configured.']);
    }
    const put = await offStaff.call('PUT', '/api/admin/chain/rates', { token: admin, payload: { token: 'ETH', rate: '1', max_age_seconds: 600, reason } });
    expect(put.statusCode).toBe(404);
  });
});
