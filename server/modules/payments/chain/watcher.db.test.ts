import { eq } from 'drizzle-orm';
import { type Address, type Hash, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_DEPOSIT_XPUB, type LocalChain, localChainClient, startLocalChain, TEST_ACCOUNTS } from '../../../../scripts/local-chain.ts';
import { testStablecoinAbi } from '../../../../scripts/local-chain/test-stablecoin-artifact.ts';
import type { ChainConfig } from '../../../config-chain.ts';
import { useTestApp } from '../../../test-app.ts';
import { ledgerJournals } from '../../ledger/schema.ts';
import { paymentsKit } from '../testing.ts';
import { chainDeposits } from '../schema.ts';
import { createChainRail, EVM_GATEWAY_ID, ONCHAIN_METHOD } from './rail.ts';
import type { ChainDepositView } from './watcher.ts';

// The chain watcher against a real node (Hardhat's, scripts/local-chain.ts) and a real database: deposits credited
// once after N confirmations, reorgs before and after N, repeated logs and restarts (docs/decisions/0109).

const N = 3;
const t = useTestApp();
const kit = paymentsKit(t);
let chain: LocalChain;
let node: ReturnType<typeof localChainClient>;
const payer = privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey);

beforeAll(async () => {
  chain = await startLocalChain({ port: 0 });
  node = localChainClient(chain.rpcUrl);
});
afterAll(() => chain?.stop());

type Published = { playerId: number; view: ChainDepositView };

function rail(published: Published[] = [], alerts: string[] = []) {
  const config: ChainConfig = {
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    tokens: [
      { symbol: 'ETH', kind: 'native', decimals: 18 },
      { symbol: 'TUSD', kind: 'erc20', address: chain.stablecoin, decimals: 6 },
    ],
    confirmations: N,
    depositXpub: LOCAL_DEPOSIT_XPUB,
    pollSeconds: 10,
  };
  const built = createChainRail({
    db: t.services.database.db,
    chain: config,
    currency: t.config.defaultCurrency,
    credit: (input) => t.services.payments.creditOnChain({ ...input, method: ONCHAIN_METHOD, gateway: EVM_GATEWAY_ID }),
    publish: (playerId, view) => published.push({ playerId, view }),
    logger: { warn: (_details: unknown, message: string) => alerts.push(message) } as never,
  });
  return built;
}

/** Signs a TUSD transfer from the funded test account: the raw transaction can be sent again after a reorg. */
async function signedTokenTransfer(to: Address, amount: bigint): Promise<`0x${string}`> {
  const request = await node.prepareTransactionRequest({
    account: payer,
    chain: hardhat,
    to: chain.stablecoin,
    data: (await import('viem')).encodeFunctionData({ abi: testStablecoinAbi, functionName: 'transfer', args: [to, amount] }),
  });
  return payer.signTransaction(request as never);
}

async function send(raw: `0x${string}`): Promise<Hash> {
  const hash = await node.sendRawTransaction({ serializedTransaction: raw });
  await node.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

const cash = async (token: string) => (await kit.wallet(token)).cash;
const depositJournals = async (playerId: number) => {
  const rows = await t.services.database.db.select().from(chainDeposits).where(eq(chainDeposits.playerId, playerId));
  const ids = rows.flatMap((row) => (row.depositId ? [row.depositId] : []));
  const journals = await t.services.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.type, 'deposit'));
  return journals.filter((journal) => ids.includes(journal.referenceId ?? ''));
};

describe('the chain watcher', () => {
  beforeEach(async () => {
    await rail().rateTable.set({ token: 'TUSD', currency: t.config.defaultCurrency, rate: '0.92', maxAgeSeconds: 3600, setBy: null });
    await rail().rateTable.set({ token: 'ETH', currency: t.config.defaultCurrency, rate: '2000', maxAgeSeconds: 3600, setBy: null });
  });

  it('credits a token deposit once, after N confirmations, with the quote stored, telling the player each step', async () => {
    const player = await kit.player();
    const published: Published[] = [];
    const watcher = rail(published);
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const before = await cash(player.token);

    const tx = await send(await signedTokenTransfer(address, parseUnits('25.5', 6)));
    expect(await watcher.watcher.scan()).toMatchObject({ seen: 1, credited: 0 });
    let [view] = await watcher.watcher.depositsOf(Number(player.id));
    expect(view).toMatchObject({ token: 'TUSD', amount: '25.5', tx_hash: tx, status: 'seen', confirmations: 1, required_confirmations: N, quote: null });

    await node.mine({ blocks: 1 });
    await watcher.watcher.scan();
    expect(await cash(player.token)).toBe(before);
    [view] = await watcher.watcher.depositsOf(Number(player.id));
    expect(view).toMatchObject({ status: 'seen', confirmations: 2 });

    await node.mine({ blocks: 1 });
    expect(await watcher.watcher.scan()).toMatchObject({ credited: 1 });
    // 25.5 TUSD at 0.92 = 23.46
    expect(await cash(player.token)).toBe(before + 23_46);
    [view] = await watcher.watcher.depositsOf(Number(player.id));
    expect(view).toMatchObject({ status: 'credited', confirmations: 3, quote: { amount: 23_46, currency: t.config.defaultCurrency, rate: '0.92' } });

    // Scans, more blocks, a second watcher reading from scratch: nothing moves again.
    await node.mine({ blocks: 5 });
    await watcher.watcher.scan();
    await t.services.database.db.delete((await import('../schema.ts')).chainCursors);
    await rail().watcher.scan();
    expect(await cash(player.token)).toBe(before + 23_46);
    expect(await depositJournals(Number(player.id))).toHaveLength(1);
    expect(published.filter((event) => event.playerId === Number(player.id)).map((event) => [event.view.status, event.view.confirmations])).toEqual([
      ['seen', 0],
      ['seen', 1],
      ['seen', 2],
      ['credited', 3],
    ]);
    // The player's transactions show a completed crypto deposit of the quoted amount.
    const history = await kit.call('GET', '/api/player/transactions', { token: player.token });
    expect(history.json().data[0]).toMatchObject({ type: 'deposit', amount: 23_46, status: 'completed' });
  });

  it('credits nothing when a reorg takes the transfer out before N, and credits once when it is mined again', async () => {
    const player = await kit.player();
    const watcher = rail();
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const before = await cash(player.token);
    const beforeTransfer = await node.snapshot();
    const raw = await signedTokenTransfer(address, parseUnits('10', 6));
    await send(raw);
    await node.mine({ blocks: 1 });
    expect(await watcher.watcher.scan()).toMatchObject({ seen: 1 });

    // The two blocks are replaced by three others without the transfer: a reorg before N confirmations.
    await node.revert({ id: beforeTransfer });
    await node.mine({ blocks: 3 });
    expect(await watcher.watcher.scan()).toMatchObject({ credited: 0, dropped: 1 });
    await node.mine({ blocks: 3 });
    await watcher.watcher.scan();
    expect(await cash(player.token)).toBe(before);
    expect((await watcher.watcher.depositsOf(Number(player.id)))[0]).toMatchObject({ status: 'dropped', confirmations: 0 });

    // The same signed transaction mined again in another block: seen again (a repeat of its log), credited once.
    await send(raw);
    await watcher.watcher.scan();
    await watcher.watcher.scan();
    await node.mine({ blocks: N });
    await watcher.watcher.scan();
    await watcher.watcher.scan();
    expect(await cash(player.token)).toBe(before + 9_20);
    expect(await depositJournals(Number(player.id))).toHaveLength(1);
  });

  it('flags a deposit for operators when a reorg takes it out after it was credited', async () => {
    const player = await kit.player();
    const alerts: string[] = [];
    const watcher = rail([], alerts);
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const beforeTransfer = await node.snapshot();
    await send(await signedTokenTransfer(address, parseUnits('5', 6)));
    await node.mine({ blocks: N });
    expect(await watcher.watcher.scan()).toMatchObject({ credited: 1 });
    await node.revert({ id: beforeTransfer });
    await node.mine({ blocks: N + 2 });
    expect(await watcher.watcher.scan()).toMatchObject({ flagged: 1 });
    const [row] = await t.services.database.db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.playerId, Number(player.id)));
    expect(row).toMatchObject({ status: 'credited', reorged: true });
    expect(alerts.some((alert) => alert.includes('left the chain after its confirmations'))).toBe(true);
    expect(await watcher.watcher.scan()).toMatchObject({ flagged: 0 });
  });

  it('credits nothing twice when a watcher stops between the credit and its own record, or two run at once', async () => {
    const player = await kit.player();
    const watcher = rail();
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const before = await cash(player.token);
    const tx = await send(await signedTokenTransfer(address, parseUnits('100', 6)));
    await node.mine({ blocks: N - 2 });
    await watcher.watcher.scan();
    const [row] = await t.services.database.db
      .select()
      .from(chainDeposits)
      .where(eq(chainDeposits.playerId, Number(player.id)));
    // A crash after the ledger credit, before the watcher's row said so: the money moved, the row is still open.
    await t.services.payments.creditOnChain({
      playerId: Number(player.id),
      transferKey: `chain:${chain.chainId}:${tx.toLowerCase()}:${row!.logIndex}`,
      method: ONCHAIN_METHOD,
      gateway: EVM_GATEWAY_ID,
      amount: 92_00,
      address,
      txHash: tx,
      details: {},
    });
    expect(await cash(player.token)).toBe(before + 92_00);
    expect((await watcher.watcher.depositsOf(Number(player.id)))[0]).toMatchObject({ status: 'seen', confirmations: N - 1 });
    // After the restart, the N-th block: a fresh watcher, and a second one beside it.
    await node.mine({ blocks: 1 });
    const [first, second] = await Promise.all([rail().watcher.scan(), rail().watcher.scan()]);
    expect(first.credited + second.credited).toBe(1);
    await rail().watcher.scan();
    expect(await cash(player.token)).toBe(before + 92_00);
    expect(await depositJournals(Number(player.id))).toHaveLength(1);
    expect((await watcher.watcher.depositsOf(Number(player.id)))[0]).toMatchObject({ status: 'credited' });
  });

  it('waits without a fresh rate, alerting operators and guessing nothing, then credits at the rate set', async () => {
    const player = await kit.player();
    const alerts: string[] = [];
    const watcher = rail([], alerts);
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const before = await cash(player.token);
    // Set two hours ago, good for one: stale.
    await watcher.rateTable.set({
      token: 'TUSD',
      currency: t.config.defaultCurrency,
      rate: '0.5',
      maxAgeSeconds: 3600,
      setBy: null,
      at: new Date(Date.now() - 7_200_000),
    });
    await send(await signedTokenTransfer(address, parseUnits('20', 6)));
    await node.mine({ blocks: N });
    expect(await watcher.watcher.scan()).toMatchObject({ credited: 0, waiting: 1 });
    expect((await watcher.watcher.depositsOf(Number(player.id)))[0]).toMatchObject({ status: 'confirmed', waiting_for: 'rate', quote: null });
    expect(alerts.filter((alert) => alert.includes('TUSD wait'))).toHaveLength(1);
    expect(await cash(player.token)).toBe(before);

    await watcher.rateTable.set({ token: 'TUSD', currency: t.config.defaultCurrency, rate: '0.95', maxAgeSeconds: 3600, setBy: null });
    expect(await watcher.watcher.scan()).toMatchObject({ credited: 1 });
    expect(await cash(player.token)).toBe(before + 19_00);
    expect((await watcher.watcher.depositsOf(Number(player.id)))[0]).toMatchObject({
      status: 'credited',
      waiting_for: null,
      quote: { amount: 19_00, rate: '0.95' },
    });
  });

  it('credits native ether, and ignores transfers to other addresses and of tokens it does not accept', async () => {
    const player = await kit.player();
    const watcher = rail();
    const address = await watcher.addressBook.addressOf(Number(player.id));
    await watcher.watcher.scan();
    const before = await cash(player.token);
    const paid = await node.sendTransaction({ account: payer, chain: hardhat, to: address, value: parseEther('0.0123') });
    await node.waitForTransactionReceipt({ hash: paid, pollingInterval: 20 });
    // Not a player's address; and a token the rail does not accept.
    await send(await signedTokenTransfer('0x000000000000000000000000000000000000dEaD', parseUnits('1', 6)));
    const other = await node.deployContract({
      abi: testStablecoinAbi,
      bytecode: (await import('../../../../scripts/local-chain/test-stablecoin-artifact.ts')).testStablecoinBytecode,
      account: payer,
      chain: hardhat,
    });
    const otherToken = (await node.waitForTransactionReceipt({ hash: other, pollingInterval: 20 })).contractAddress!;
    const minted = await node.writeContract({
      address: otherToken,
      abi: testStablecoinAbi,
      functionName: 'mint',
      args: [address, 1_000_000n],
      account: payer,
      chain: hardhat,
    });
    await node.waitForTransactionReceipt({ hash: minted, pollingInterval: 20 });
    await node.mine({ blocks: N });
    await watcher.watcher.scan();
    const views = await watcher.watcher.depositsOf(Number(player.id));
    expect(views).toHaveLength(1);
    // 0.0123 ETH at 2,000 = 24.60
    expect(views[0]).toMatchObject({ token: 'ETH', amount: '0.0123', status: 'credited', quote: { amount: 24_60 } });
    expect(await cash(player.token)).toBe(before + 24_60);
  });
});

describe('deposit addresses', () => {
  it('gives each player one address of their own, the same every time', async () => {
    const watcher = rail();
    const players = await Promise.all([kit.player(), kit.player(), kit.player()]);
    const first = await Promise.all(players.map((player) => watcher.addressBook.addressOf(Number(player.id))));
    const again = await Promise.all(players.map((player) => rail().addressBook.addressOf(Number(player.id))));
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(3);
    const owners = await watcher.addressBook.owners(first.map((address) => address.toLowerCase()));
    expect(players.map((player) => owners.get(first[players.indexOf(player)]!))).toEqual(players.map((player) => Number(player.id)));
  });
});
