import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type Address, erc20Abi, getAddress, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEPOSIT_XPUB, type LocalChain, localChainClient, startLocalChain, TEST_ACCOUNTS } from '../../../../scripts/local-chain.ts';
import { createTestApp, type TestApp } from '../../../test-app.ts';
import { staffKit } from '../../operators/testing.ts';
import { chainPayouts, paymentEvents } from '../schema.ts';
import { appFetch, freshAddress, miscased, OPERATOR_ENV, onchainKit, paymentsKit, withdrawalReturns } from '../testing.ts';
import { keysOf, LOCAL_HOT_PATH, TEST_MNEMONIC } from '../../../../scripts/signer.ts';
import { createSigner, fileJournal, httpSiteLink, type PayoutRecord } from './signer.ts';
import { signerHeaders } from './signer-auth.ts';

// On-chain withdrawals through the separate signer (decision 0123), on a real node (Hardhat's) and database: quoted,
// approved as usual, signed by the signer (over the web server's signed endpoints), sent and confirmed; a failed
// payout returned once; a signer dying between journalling and broadcasting pays nothing twice after its restart.

const N = 2;
const SECRET = 'a test signer secret of at least 32 characters';
let chain: LocalChain;
let node: ReturnType<typeof localChainClient>;
const t = {} as TestApp;
const kit = paymentsKit(t);
const staff = staffKit(t, '10.77');
const hot = privateKeyToAccount(TEST_ACCOUNTS[2]!.privateKey);

beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  node = localChainClient(chain.rpcUrl);
  Object.assign(
    t,
    await createTestApp({
      ...OPERATOR_ENV,
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      CHAIN_TOKENS: `ETH:native,TUSD:${chain.stablecoin}:6`,
      CHAIN_DEPOSIT_XPUB: LOCAL_DEPOSIT_XPUB,
      CHAIN_CONFIRMATIONS: String(N),
      CHAIN_POLL_SECONDS: '60',
      // Nothing listens there: the web server's nudge fails (logged) and the signer's own rounds pay.
      SIGNER_URL: 'http://127.0.0.1:9',
      SIGNER_SECRET: SECRET,
    }),
  );
  const rates = t.services.chainRail!.rateTable;
  await rates.set({ token: 'TUSD', currency: t.config.defaultCurrency, rate: '0.92', maxAgeSeconds: 86_400, setBy: null });
  await rates.set({ token: 'ETH', currency: t.config.defaultCurrency, rate: '2000', maxAgeSeconds: 86_400, setBy: null });
  // These players deposit and withdraw without playing: compliance's rapid-in-out rule would hold them (decision 0114).
  await t.services.compliance.thresholds.update('rapid-in-out', { hold: false }, await staff.adminId(), 'Signer tests: no play between deposit and withdrawal');
});
afterAll(async () => {
  await t.close?.();
  await chain?.stop();
});

/** The web server as the signer reaches it: real requests through the app, signed with the shared secret. */
const injected = appFetch(t);

const warnings: string[] = [];

function signer(
  options: {
    journalDir?: string;
    beforeBroadcast?: (payout: PayoutRecord) => Promise<void>;
    depositKeyAt?: (index: number) => ReturnType<typeof privateKeyToAccount>;
  } = {},
) {
  const dir = options.journalDir ?? mkdtempSync(path.join(tmpdir(), 'croupier-signer-'));
  return {
    dir,
    signer: createSigner({
      client: node as never,
      chainId: chain.chainId,
      confirmations: N,
      hot,
      tokens: [
        { symbol: 'ETH', kind: 'native', decimals: 18 },
        { symbol: 'TUSD', kind: 'erc20', address: chain.stablecoin, decimals: 6 },
      ],
      journal: fileJournal(path.join(dir, 'payouts.jsonl')),
      site: httpSiteLink('http://site.test', SECRET, injected),
      beforeBroadcast: options.beforeBroadcast,
      depositKeyAt: options.depositKeyAt,
      log: (level, message, details) => (level === 'warn' ? warnings.push(`${message} ${JSON.stringify(details)}`) : undefined),
    }),
  };
}

const tusd = (address: Address) => node.readContract({ address: chain.stablecoin, abi: erc20Abi, functionName: 'balanceOf', args: [address] });

const { playerWith, withdraw } = onchainKit(kit);
async function approve(id: string) {
  const admin = await staff.adminToken();
  const answer = await staff.call('POST', `/api/admin/withdrawals/${id}/approve`, { token: admin, payload: {} });
  expect(answer.statusCode, answer.body).toBe(200);
}

const returns = (id: string) => withdrawalReturns(t, id);

describe('withdrawals to an address', () => {
  it('quotes the amount in the coin, checks the address, and refuses bad input without moving money', async () => {
    const player = await playerWith(100_00);
    const lower = freshAddress().toLowerCase();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 50_00, address: lower }, 'token'],
      [{ amount: 50_00, token: 'DOGE', address: lower }, 'token'],
      [{ amount: 50_00, token: 'TUSD' }, 'address'],
      [{ amount: 50_00, token: 'TUSD', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, 'address'],
      // A mixed-case address whose capitals do not match its EIP-55 checksum.
      [{ amount: 50_00, token: 'TUSD', address: miscased(getAddress(lower)) }, 'address'],
      [{ amount: 50_00, token: 'TUSD', address: '0x0000000000000000000000000000000000000000' }, 'address'],
      [{ amount: 10_00, token: 'TUSD', address: lower }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const answer = await withdraw(player.token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    }
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 100_00, pending_withdrawals: 0 });

    // All lowercase is accepted and stored checksummed; €50.00 at 0.92 EUR per TUSD = 54.347826 TUSD (rounded down).
    const made = await withdraw(player.token, { amount: 50_00, token: 'TUSD', address: lower });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ method: 'onchain', status: 'pending', amount: 50_00, destination: `54.347826 TUSD to ${getAddress(lower)}` });
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 50_00, pending_withdrawals: 50_00 });
    // The cashier is told the coins and their rates.
    const info = (await kit.call('GET', '/api/payments/crypto', { token: player.token })).json().data.withdrawal;
    expect(info).toEqual({
      tokens: [
        { symbol: 'ETH', decimals: 18, rate: '2000' },
        { symbol: 'TUSD', decimals: 6, rate: '0.92' },
      ],
      min: 20_00,
      max: 20_000_00,
    });
  });

  it('is signed by the signer once approved, sent, followed to N confirmations and shown to operators', async () => {
    const player = await playerWith(100_00);
    const to = freshAddress();
    const made = await withdraw(player.token, { amount: 46_00, token: 'TUSD', address: to });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    const { signer: one } = signer();

    // Pending: the signer pays nothing that is not approved.
    await one.round();
    expect(one.payout(id)).toBeUndefined();
    await approve(id);
    await one.round();
    const payout = one.payout(id)!;
    expect(payout, warnings.join('\n')).toMatchObject({ status: 'broadcast', from: hot.address });
    // €46.00 at 0.92 = 50 TUSD, exactly.
    expect(await tusd(to)).toBe(parseUnits('50', 6));

    await node.mine({ blocks: N });
    await one.round();
    expect(one.payout(id)).toMatchObject({ status: 'confirmed', confirmations: N + 1 });
    const [row] = await t.services.database.db.select().from(chainPayouts).where(eq(chainPayouts.withdrawalId, id));
    expect(row).toMatchObject({ status: 'confirmed', txHash: payout.tx_hash, fromAddress: hot.address, returnedAt: null });

    // More rounds pay nothing again.
    await one.round();
    await one.round();
    expect(await tusd(to)).toBe(parseUnits('50', 6));

    const admin = await staff.adminToken();
    const list = await staff.call('GET', '/api/admin/chain/withdrawals', { token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((entry: { id: string }) => entry.id === id)).toMatchObject({
      token: 'TUSD',
      token_amount: '50',
      rate: '0.92',
      address: to,
      status: 'paid',
      payout: { status: 'confirmed', tx_hash: payout.tx_hash, confirmations: N + 1, returned: false },
      player: { id: player.id, email: player.email },
    });
    const wallet = await staff.call('GET', '/api/admin/chain/hot-wallet', { token: admin });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json().data).toMatchObject({ address: hot.address, signer: true });
    expect(wallet.json().data.balances.map((balance: { token: string }) => balance.token)).toEqual(['ETH', 'TUSD']);
    expect(await returns(id)).toBe(0);
  });

  it('gives a failed (reverted) payout’s money back to the player once', async () => {
    // Two withdrawals that together need more TUSD than the hot wallet holds, sent before either is mined: the
    // second reverts on chain. Its money comes back once, however often the signer reports it.
    const holding = await tusd(hot.address);
    const player = await playerWith(100_00);
    const to = freshAddress();
    const first = (await withdraw(player.token, { amount: 20_00, token: 'TUSD', address: to })).json().data.id as string;
    const second = (await withdraw(player.token, { amount: 20_00, token: 'TUSD', address: to })).json().data.id as string;
    await approve(first);
    await approve(second);
    // Leave the hot wallet just enough for the first payout.
    const firstRaw = parseUnits('21.73913', 6);
    await node.writeContract({
      address: chain.stablecoin,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [TEST_ACCOUNTS[0]!.address, holding - firstRaw - 1n],
      account: hot.address,
      chain: null,
    });
    await node.setAutomine(false);
    const { signer: one } = signer();
    try {
      await one.round();
    } finally {
      await node.setAutomine(true);
    }
    expect(one.payout(first)?.status).toBe('broadcast');
    expect(one.payout(second)?.status).toBe('broadcast');
    await node.mine({ blocks: N + 1 });
    await one.round();
    expect(one.payout(first)).toMatchObject({ status: 'confirmed' });
    expect(one.payout(second)).toMatchObject({ status: 'failed', failure: 'reverted' });
    expect(await returns(second)).toBe(1);
    expect(await returns(first)).toBe(0);
    // 100 − 20 − 20 + 20 back.
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 80_00 });

    // The same report again, the web server's own job, a new signer from the same journal: nothing moves twice.
    await one.round();
    await t.services.chainRail!.withdrawals!.returnFailedPayouts();
    await t.services.database.db.update(chainPayouts).set({ returnedAt: null }).where(eq(chainPayouts.withdrawalId, second));
    await t.services.chainRail!.withdrawals!.returnFailedPayouts();
    expect(await returns(second)).toBe(1);
    expect(await kit.wallet(player.token)).toMatchObject({ cash: 80_00 });
    const events = await t.services.database.db.select().from(paymentEvents).where(eq(paymentEvents.withdrawalId, second));
    expect(events.map((event) => event.kind).sort()).toEqual(['created', 'paid', 'refunded']);
    // The player's transactions show the money coming back, so the lines add up to the balance.
    const history = (await kit.call('GET', '/api/player/transactions', { token: player.token })).json().data as {
      type: string;
      status: string;
      amount: number;
      reference_id: string;
    }[];
    expect(history.filter((row) => row.reference_id === second).map((row) => [row.type, row.status, row.amount])).toEqual(
      expect.arrayContaining([
        ['withdrawal', 'paid', -20_00],
        ['withdrawal', 'refunded', 20_00],
      ]),
    );
    // Top the hot wallet up again for the tests after.
    await node.writeContract({
      address: chain.stablecoin,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [hot.address, parseUnits('100000', 6)],
      account: TEST_ACCOUNTS[0]!.address,
      chain: null,
    });
  });

  it('pays nothing twice when the signer dies after journalling a payout and before sending it', async () => {
    const player = await playerWith(100_00);
    const to = freshAddress();
    const id = (await withdraw(player.token, { amount: 23_00, token: 'TUSD', address: to })).json().data.id as string;
    await approve(id);
    // The process "dies" right after the journal line is written: it never goes on from there.
    let reached!: () => void;
    const atCrash = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const { signer: dying, dir } = signer({
      beforeBroadcast: () => {
        reached();
        return new Promise<never>(() => {});
      },
    });
    void dying.round();
    await atCrash;
    const signed = dying.payout(id)!;
    expect(signed.status).toBe('signed');
    expect(await tusd(to)).toBe(0n);

    // A new signer on the same journal: it sends the very same transaction (same nonce, same hash), not a new one.
    const { signer: restarted } = signer({ journalDir: dir });
    await restarted.round();
    expect(restarted.payout(id)).toMatchObject({ tx_hash: signed.tx_hash, nonce: signed.nonce, status: 'broadcast' });
    await node.mine({ blocks: N });
    await restarted.round();
    await restarted.round();
    expect(restarted.payout(id)?.status).toBe('confirmed');
    // €23.00 at 0.92 = 25 TUSD, once.
    expect(await tusd(to)).toBe(parseUnits('25', 6));
    // A third start, and the web server forgetting the payout altogether, still pay nothing again.
    await t.services.database.db.delete(chainPayouts).where(eq(chainPayouts.withdrawalId, id));
    const { signer: third } = signer({ journalDir: dir });
    await third.round();
    await node.mine({ blocks: N });
    await third.round();
    expect(await tusd(to)).toBe(parseUnits('25', 6));
  });
});

describe('sweeping', () => {
  it('moves deposit addresses’ tokens (after a gas top-up) and ether into the hot wallet, and records each transaction', async () => {
    const player = await kit.player();
    const address = await t.services.chainRail!.addressBook.addressOf(Number(player.id));
    const payer = TEST_ACCOUNTS[1]!.address;
    await node.writeContract({
      address: chain.stablecoin,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits('12.5', 6)],
      account: payer,
      chain: null,
    });
    const { depositKeyAt } = keysOf({ SIGNER_MNEMONIC: TEST_MNEMONIC, SIGNER_HOT_PATH: LOCAL_HOT_PATH, SIGNER_DEPOSIT_ACCOUNT: 1 });
    const hotTusd = await tusd(hot.address);
    const { signer: sweeper } = signer({ depositKeyAt });
    const first = await sweeper.sweep();
    // The address had no ether: a gas top-up, the token sweep, then the top-up's unused gas comes back.
    expect(first.sweeps.filter((sweep) => sweep.address === address).map((sweep) => [sweep.kind, sweep.token])).toEqual([
      ['gas', 'ETH'],
      ['sweep', 'TUSD'],
      ['sweep', 'ETH'],
    ]);
    expect(await tusd(address)).toBe(0n);
    expect(await tusd(hot.address)).toBe(hotTusd + parseUnits('12.5', 6));

    // Ether is swept minus its own transfer's gas; a second sweep finds nothing left worth moving.
    await node.sendTransaction({ account: payer, chain: null, to: address, value: parseUnits('1', 18) });
    const second = await sweeper.sweep();
    expect(second.sweeps.filter((sweep) => sweep.address === address).map((sweep) => [sweep.kind, sweep.token])).toEqual([['sweep', 'ETH']]);
    expect(await node.getBalance({ address })).toBeLessThan(parseUnits('0.001', 18));
    expect((await sweeper.sweep()).sweeps.filter((sweep) => sweep.address === address)).toEqual([]);
    const admin = await staff.adminToken();
    const wallet = (await staff.call('GET', '/api/admin/chain/hot-wallet', { token: admin })).json().data;
    expect(wallet.sweeps.filter((sweep: { address: string }) => sweep.address === address)).toHaveLength(4);
  });
});

describe('the signer’s endpoints on the web server', () => {
  it('answer only requests signed with the shared secret', async () => {
    const body = JSON.stringify({});
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/internal/chain/approved',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/internal/chain/approved',
      headers: signerHeaders('another secret of at least 32 characters!', body),
      payload: body,
    });
    expect(wrong.statusCode).toBe(401);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/internal/chain/approved',
      headers: signerHeaders(SECRET, body, new Date(Date.now() - 10 * 60_000)),
      payload: body,
    });
    expect(stale.statusCode).toBe(401);
    const good = await t.app.inject({ method: 'POST', url: '/api/internal/chain/approved', headers: signerHeaders(SECRET, body), payload: body });
    expect(good.statusCode).toBe(200);
  });

  it('ignore a report about a withdrawal that is not an approved on-chain one, and refuse a malformed one', async () => {
    const report = JSON.stringify({
      payouts: [
        {
          withdrawal_id: randomUUID(),
          from: hot.address,
          nonce: 999_999,
          tx_hash: `0x${'ab'.repeat(32)}`,
          raw_tx: '0x02',
          status: 'failed',
          confirmations: 0,
          block_number: null,
          failure: 'dropped',
        },
      ],
    });
    const answer = await t.app.inject({ method: 'POST', url: '/api/internal/chain/report', headers: signerHeaders(SECRET, report), payload: report });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ payouts: 0, ignored: 1 });
    const bad = JSON.stringify({ payouts: [{ withdrawal_id: 'nope' }] });
    expect((await t.app.inject({ method: 'POST', url: '/api/internal/chain/report', headers: signerHeaders(SECRET, bad), payload: bad })).statusCode).toBe(422);
  });

  it('keep the back office’s crypto screens to staff with the permission', async () => {
    expect((await staff.call('GET', '/api/admin/chain/withdrawals')).statusCode).toBe(401);
    expect((await staff.call('GET', '/api/admin/chain/hot-wallet')).statusCode).toBe(401);
    const support = await staff.staff('support');
    expect((await staff.call('POST', '/api/admin/chain/sweeps', { token: support.token, payload: { reason: 'Weekly sweep' } })).statusCode).toBe(403);
    const admin = await staff.adminToken();
    expect((await staff.call('POST', '/api/admin/chain/sweeps', { token: admin, payload: { reason: 'x' } })).statusCode).toBe(422);
  });
});
