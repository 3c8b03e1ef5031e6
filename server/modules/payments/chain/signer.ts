import { encodeFunctionData, erc20Abi, getAddress, keccak256, type PrivateKeyAccount, type PublicClient, TransactionReceiptNotFoundError } from 'viem';
import type { SignerWithdrawal } from '../../../../contract/chain.ts';
import type { ChainToken } from '../../../config-chain.ts';
import type { SignerReport } from './payouts.ts';
import type { PayoutRecord, SignerJournal } from './signer-journal.ts';
import type { SiteLink } from './signer-site.ts';

// Where the signer's process and its tests find the journal and the link to the web server.
export { fileJournal, type PayoutRecord, type SignerJournal } from './signer-journal.ts';
export { httpSiteLink, type SiteLink } from './signer-site.ts';

// The signer (docs/decisions/0123-signer.md): the one process that holds the hot wallet's key. It pays only what the
// web server lists as approved on-chain withdrawals, each at most once, ever: every transaction is signed, with its
// nonce, and written to the signer's own append-only journal (fsync) BEFORE it is broadcast, so a restart sends the
// same bytes again (same nonce, same hash) and never a second payment. It tracks each payout to N confirmations and
// reports to the web server, which gives a failed payout's money back to the player once. Sweeping moves deposit
// addresses' coins into the hot wallet, with a gas top-up for token sweeps.

/** Gas for a native transfer, and the limit set for an ERC-20 `transfer` (never estimated: a transfer that would revert is still recorded and reported). */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

export type SignerDependencies = {
  client: PublicClient;
  chainId: number;
  confirmations: number;
  hot: PrivateKeyAccount;
  tokens: readonly ChainToken[];
  journal: SignerJournal;
  site: SiteLink;
  /** The key of deposit address `index` (m/44'/60'/account'/0/index); sweeping is off without it. */
  depositKeyAt?: (index: number) => PrivateKeyAccount;
  /** Caps the signer keeps whatever the web server says (minor units): per payout and per UTC day. */
  maxPayout?: number;
  dailyLimit?: number;
  log?: (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;
  /** Tests: runs after a payout is journalled and before it is broadcast (a crash there must pay nothing twice). */
  beforeBroadcast?: (payout: PayoutRecord) => Promise<void>;
  now?: () => Date;
};

export function createSigner(dependencies: SignerDependencies) {
  const { client, chainId, confirmations: required, hot, tokens, journal, site, depositKeyAt, maxPayout, dailyLimit, beforeBroadcast } = dependencies;
  const log = dependencies.log ?? (() => {});
  const now = dependencies.now ?? (() => new Date());
  const payouts = new Map<string, PayoutRecord>();
  for (const line of journal.load()) {
    if (line.type === 'signed') payouts.set(line.payout.withdrawal_id, line.payout);
    else if (payouts.has(line.withdrawal_id)) Object.assign(payouts.get(line.withdrawal_id)!, line.changes);
  }

  // Everything that signs with the hot key runs one at a time: nonces are handed out in order, never twice.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const record = (payout: PayoutRecord, changes: Partial<PayoutRecord>) => {
    const changed = Object.entries(changes).some(([key, value]) => payout[key as keyof PayoutRecord] !== value);
    if (!changed) return false;
    Object.assign(payout, changes);
    journal.append({ type: 'status', withdrawal_id: payout.withdrawal_id, changes });
    return true;
  };

  /** The next nonce: the node's pending count, or past every nonce this signer ever used, whichever is higher. */
  async function nextNonce(): Promise<number> {
    const pending = await client.getTransactionCount({ address: hot.address, blockTag: 'pending' });
    const used = [...payouts.values()].filter((payout) => payout.from === hot.address).map((payout) => payout.nonce + 1);
    return Math.max(pending, ...used, sweepNonceFloor);
  }
  /** Nonces the hot wallet used for gas top-ups (not journalled as payouts): never handed out again in this run. */
  let sweepNonceFloor = 0;

  async function fees() {
    const estimate = await client.estimateFeesPerGas();
    return { maxFeePerGas: estimate.maxFeePerGas, maxPriorityFeePerGas: estimate.maxPriorityFeePerGas };
  }

  async function broadcast(payout: PayoutRecord) {
    try {
      await client.sendRawTransaction({ serializedTransaction: payout.raw_tx });
    } catch (error) {
      const message = (error as Error).message.toLowerCase();
      // Already in the pool or mined: the same bytes, nothing new was paid.
      if (!/already known|known transaction|nonce too low|already imported|nonce has already been used/.test(message)) {
        log('warn', 'a payout could not be sent; it is sent again next round', {
          withdrawalId: payout.withdrawal_id,
          error: (error as Error).message.slice(0, 200),
        });
        return;
      }
    }
    if (payout.status === 'signed') record(payout, { status: 'broadcast' });
  }

  const paidToday = () => {
    const day = now().toISOString().slice(0, 10);
    return [...payouts.values()]
      .filter((payout) => payout.signed_at.startsWith(day) && payout.status !== 'failed')
      .reduce((sum, payout) => sum + payout.amount, 0);
  };

  /** Signs, journals and sends one approved withdrawal; null when it is paid already or must wait (caps, balance). */
  async function payOne(withdrawal: SignerWithdrawal): Promise<PayoutRecord | null> {
    if (payouts.has(withdrawal.withdrawal_id)) return payouts.get(withdrawal.withdrawal_id)!;
    if (withdrawal.chain_id !== chainId) return null;
    const token = tokens.find((candidate) => candidate.symbol === withdrawal.token);
    const contract = token?.kind === 'erc20' ? getAddress(token.address) : null;
    if (!token || (contract ?? null) !== (withdrawal.token_contract ? getAddress(withdrawal.token_contract) : null) || token.decimals !== withdrawal.decimals) {
      log('warn', 'alert: a withdrawal names a coin this signer does not pay; it waits for operators', { withdrawalId: withdrawal.withdrawal_id });
      return null;
    }
    if (maxPayout !== undefined && withdrawal.amount > maxPayout) {
      log('warn', 'alert: a withdrawal is above the signer’s per-payout cap; it waits for operators', { withdrawalId: withdrawal.withdrawal_id });
      return null;
    }
    if (dailyLimit !== undefined && paidToday() + withdrawal.amount > dailyLimit) {
      log('warn', 'alert: the signer’s daily limit is reached; the withdrawal waits until tomorrow or a higher limit', {
        withdrawalId: withdrawal.withdrawal_id,
      });
      return null;
    }
    const to = getAddress(withdrawal.address);
    const raw = BigInt(withdrawal.raw_amount);
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
    const gas = token.kind === 'native' ? NATIVE_GAS : TOKEN_GAS;
    // Enough in the hot wallet now (pending payouts are not subtracted: one that lacks it later reverts and is returned).
    const ether = await client.getBalance({ address: hot.address });
    const coins =
      token.kind === 'native' ? ether : await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [hot.address] });
    const needEther = gas * maxFeePerGas + (token.kind === 'native' ? raw : 0n);
    if (ether < needEther || coins < raw) {
      log('warn', 'alert: the hot wallet holds too little to pay a withdrawal; it waits until the hot wallet is topped up', {
        withdrawalId: withdrawal.withdrawal_id,
        token: token.symbol,
      });
      return null;
    }
    const nonce = await nextNonce();
    const serialized = await hot.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
      ...(token.kind === 'native'
        ? { to, value: raw }
        : { to: token.address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, raw] }) }),
    });
    const payout: PayoutRecord = {
      withdrawal_id: withdrawal.withdrawal_id,
      amount: withdrawal.amount,
      currency: withdrawal.currency,
      from: hot.address,
      nonce,
      tx_hash: keccak256(serialized),
      raw_tx: serialized,
      status: 'signed',
      confirmations: 0,
      block_number: null,
      failure: null,
      signed_at: now().toISOString(),
    };
    // Persisted before it can reach the network: after a crash from here on, the same bytes are sent again.
    journal.append({ type: 'signed', payout });
    payouts.set(payout.withdrawal_id, payout);
    log('info', 'payout signed', { withdrawalId: payout.withdrawal_id, nonce, tx: payout.tx_hash });
    await beforeBroadcast?.(payout);
    await broadcast(payout);
    return payout;
  }

  /** Follows one open payout: confirmations, a revert, its nonce taken by another transaction, or sends it again. */
  async function track(payout: PayoutRecord, head: number) {
    // Only "no receipt" means not mined; any other failure ends the round, to be tried again (never a false "dropped").
    const receipt = await client.getTransactionReceipt({ hash: payout.tx_hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
    if (receipt) {
      const count = Math.max(0, head - Number(receipt.blockNumber) + 1);
      if (count >= required) {
        record(payout, {
          status: receipt.status === 'success' ? 'confirmed' : 'failed',
          confirmations: count,
          block_number: Number(receipt.blockNumber),
          failure: receipt.status === 'success' ? null : 'reverted',
        });
      } else record(payout, { status: 'broadcast', confirmations: count, block_number: Number(receipt.blockNumber) });
      return;
    }
    // Not mined. Its nonce used by another transaction N blocks deep: it can never be mined; else send it again.
    const settledAt = head - required + 1;
    const settledNonce = settledAt >= 0 ? await client.getTransactionCount({ address: payout.from, blockNumber: BigInt(settledAt) }) : 0;
    if (settledNonce > payout.nonce && !(await client.getTransaction({ hash: payout.tx_hash }).catch(() => null))?.blockNumber) {
      record(payout, { status: 'failed', confirmations: 0, block_number: null, failure: 'dropped' });
      return;
    }
    if (payout.confirmations !== 0 || payout.block_number !== null) record(payout, { confirmations: 0, block_number: null });
    await broadcast(payout);
  }

  const open = () => [...payouts.values()].filter((payout) => payout.status === 'signed' || payout.status === 'broadcast').sort((a, b) => a.nonce - b.nonce);

  const toReport = (payout: PayoutRecord) => ({
    withdrawal_id: payout.withdrawal_id,
    from: payout.from,
    nonce: payout.nonce,
    tx_hash: payout.tx_hash,
    raw_tx: payout.raw_tx,
    status: payout.status,
    confirmations: payout.confirmations,
    block_number: payout.block_number,
    failure: payout.failure,
  });

  /** What the web server has not heard in its latest state (everything, on the first round after a start). */
  const reported = new Map<string, string>();

  async function report(extra: Partial<SignerReport> = {}) {
    const changed = [...payouts.values()].filter((payout) => reported.get(payout.withdrawal_id) !== JSON.stringify(toReport(payout)));
    await site.report({ hot_wallet: { address: hot.address, next_nonce: await nextNonce() }, payouts: changed.map(toReport), ...extra });
    for (const payout of changed) reported.set(payout.withdrawal_id, JSON.stringify(toReport(payout)));
  }

  return {
    address: hot.address,
    /** The journal's payout for a withdrawal (tests and the health answer). */
    payout: (withdrawalId: string) => payouts.get(withdrawalId),

    /** One round: pay what is approved and unpaid, follow what is open, tell the web server. Safe to repeat. */
    round: () =>
      serial(async () => {
        const approved = await site.approved();
        for (const withdrawal of approved) {
          try {
            await payOne(withdrawal);
          } catch (error) {
            log('warn', 'a payout failed before it was signed; it is tried again next round', {
              withdrawalId: withdrawal.withdrawal_id,
              error: (error as Error).message.slice(0, 200),
            });
          }
        }
        // Never viem's cached block number: confirmations are counted from the node's head now.
        const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
        for (const payout of open()) await track(payout, head);
        await report();
        return { open: open().length, paid: [...payouts.values()].filter((payout) => payout.status === 'confirmed').length };
      }),

    /**
     * Sweeps every deposit address into the hot wallet: each token balance (after topping the address up with just
     * enough ether for the transfer's gas), then the ether left minus the gas of that last transfer.
     */
    sweep: () =>
      serial(async () => {
        if (!depositKeyAt) throw new Error('sweeping needs SIGNER_MNEMONIC (the deposit addresses’ keys)');
        const sweeps: NonNullable<SignerReport['sweeps']> = [];
        const addresses = await site.depositAddresses();
        for (const { index, address } of addresses) {
          const key = depositKeyAt(index);
          if (key.address !== getAddress(address)) {
            log('warn', 'alert: a deposit address does not match the key the signer derives for its index; it is not swept', { index });
            continue;
          }
          for (const token of tokens) {
            if (token.kind !== 'erc20') continue;
            const balance = await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [key.address] });
            if (balance === 0n) continue;
            const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
            const gasCost = TOKEN_GAS * maxFeePerGas;
            const ether = await client.getBalance({ address: key.address });
            if (ether < gasCost) {
              const nonce = await nextNonce();
              const topUp = await hot.signTransaction({
                type: 'eip1559',
                chainId,
                nonce,
                gas: NATIVE_GAS,
                maxFeePerGas,
                maxPriorityFeePerGas,
                to: key.address,
                value: gasCost - ether,
              });
              const hash = await client.sendRawTransaction({ serializedTransaction: topUp });
              sweepNonceFloor = nonce + 1;
              sweeps.push({
                kind: 'gas',
                address: key.address,
                token: tokens.find((coin) => coin.kind === 'native')?.symbol ?? 'ETH',
                raw_amount: String(gasCost - ether),
                tx_hash: hash,
              });
              await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 120_000 });
            }
            const nonce = await client.getTransactionCount({ address: key.address, blockTag: 'pending' });
            const transfer = await key.signTransaction({
              type: 'eip1559',
              chainId,
              nonce,
              gas: TOKEN_GAS,
              maxFeePerGas,
              maxPriorityFeePerGas,
              to: token.address,
              value: 0n,
              data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot.address, balance] }),
            });
            const hash = await client.sendRawTransaction({ serializedTransaction: transfer });
            sweeps.push({ kind: 'sweep', address: key.address, token: token.symbol, raw_amount: String(balance), tx_hash: hash });
            await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 120_000 });
          }
          const native = tokens.find((token) => token.kind === 'native');
          if (native) {
            const ether = await client.getBalance({ address: key.address });
            const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
            const fee = NATIVE_GAS * maxFeePerGas;
            // Worth sweeping only when the ether is more than twice its own transfer's gas.
            if (ether > 2n * fee) {
              const nonce = await client.getTransactionCount({ address: key.address, blockTag: 'pending' });
              const sweep = await key.signTransaction({
                type: 'eip1559',
                chainId,
                nonce,
                gas: NATIVE_GAS,
                maxFeePerGas,
                maxPriorityFeePerGas,
                to: hot.address,
                value: ether - fee,
              });
              const hash = await client.sendRawTransaction({ serializedTransaction: sweep });
              sweeps.push({ kind: 'sweep', address: key.address, token: native.symbol, raw_amount: String(ether - fee), tx_hash: hash });
              await client.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 120_000 });
            }
          }
        }
        await report({ sweeps });
        log('info', 'sweep done', { transactions: sweeps.length });
        return { sent: sweeps.length, sweeps };
      }),
  };
}

export type Signer = ReturnType<typeof createSigner>;
