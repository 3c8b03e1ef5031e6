import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, createPublicClient, erc20Abi, getAddress, http, isAddress, type PublicClient, zeroAddress } from 'viem';
import type { PaymentMethod } from '../../../../contract/wallet.ts';
import type { ChainConfig } from '../../../config-chain.ts';
import type { Database } from '../../../db/client.ts';
import { invalid } from '../../../problem.ts';
import type { LedgerService } from '../../ledger/service.ts';
import { recordPaymentEvent } from '../events.ts';
import { chainAddresses, chainNonces, chainPayouts, chainSweeps, chainWithdrawals, withdrawals } from '../schema.ts';
import { formatRate, formatTokenAmount, tokenUnitsFor } from './quote.ts';
import type { RateProvider } from './rates.ts';
import type { PreparedChainWithdrawal, SignerReport } from './payout-types.ts';
import { signerHeaders } from './signer-auth.ts';

// On-chain withdrawals, the web server's side (docs/decisions/0109, docs/decisions/0123-signer.md). The player picks
// a coin of CHAIN_TOKENS and an address (EIP-55 checked; all lowercase accepted); the amount in the wallet currency is
// quoted into the token's smallest units (exact, rounded down) and stored with the withdrawal, which then goes
// through the usual approval and four-eyes flow. Approved, the web server only asks the signer to pay it by id: it
// holds no key. A payout the signer reports failed gives the money back to the player once (`withdrawal-return:{id}`).

export const ONCHAIN_WITHDRAWAL_METHOD = 'onchain';
/** What a player may withdraw on chain at a time, in minor units of the wallet currency. */
export const ONCHAIN_WITHDRAWAL_LIMITS = { min: 20_00, max: 20_000_00 } as const;
export const RETURN_FAILED_PAYOUTS_JOB = 'payments:chain-payout-returns';

export type { PreparedChainWithdrawal, SignerReport } from './payout-types.ts';

export type OnchainWithdrawalsDependencies = {
  db: Database;
  ledger: LedgerService;
  chain: ChainConfig;
  currency: string;
  rates: RateProvider;
  /** By default JSON-RPC over HTTP to CHAIN_RPC_URL (the hot wallet's balances; public data). */
  client?: PublicClient;
  logger?: FastifyBaseLogger;
  /** Tests hand in their own; by default the global fetch. */
  fetch?: typeof fetch;
};

export function createOnchainWithdrawals({
  db,
  ledger,
  chain,
  currency,
  rates,
  client: given,
  logger,
  fetch: fetchImpl = fetch,
}: OnchainWithdrawalsDependencies) {
  const client = given ?? (createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 2, timeout: 10_000 }) }) as PublicClient);
  const tokenOf = (symbol: string) => chain.tokens.find((token) => token.symbol === symbol);

  const method: PaymentMethod = {
    id: ONCHAIN_WITHDRAWAL_METHOD,
    name: 'Crypto to your own wallet',
    type: 'crypto',
    currency,
    // On-chain deposits come by the player's own address (no deposit is started through this method).
    deposit: { min: 0, max: 0 },
    withdrawal: { ...ONCHAIN_WITHDRAWAL_LIMITS },
    quick_amounts: [],
  };

  /** Posts to the signer; resolves to its JSON answer, or throws. */
  async function askSigner(path: string, payload: unknown): Promise<unknown> {
    if (!chain.signer) throw new Error('no signer is configured');
    const body = JSON.stringify(payload);
    const response = await fetchImpl(new URL(path, chain.signer.url), {
      method: 'POST',
      headers: signerHeaders(chain.signer.secret, body),
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw new Error(`the signer answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  const self = {
    /** On-chain withdrawals are offered only with a signer to pay them. */
    enabled: chain.signer !== undefined,
    method,

    /** What the cashier offers: the coins, each with its current rate (null: not withdrawable now), and the limits. */
    async withdrawalInfo() {
      if (!chain.signer) return null;
      const now = new Date();
      const tokens = await Promise.all(
        chain.tokens.map(async (token) => {
          const answer = await rates.rate(token.symbol, currency, now);
          return { symbol: token.symbol, decimals: token.decimals, rate: 'rate' in answer ? answer.rate : null };
        }),
      );
      return { tokens, min: ONCHAIN_WITHDRAWAL_LIMITS.min, max: ONCHAIN_WITHDRAWAL_LIMITS.max };
    },

    /** Checks the coin and the address and quotes the amount; the 422 the player sees otherwise. */
    async prepare(input: { amount: number; token?: string | null; address?: string | null }): Promise<PreparedChainWithdrawal> {
      const symbol = input.token?.trim();
      const text = input.address?.trim() ?? '';
      const errors: Record<string, string[]> = {};
      const token = symbol ? tokenOf(symbol) : undefined;
      if (!symbol) errors.token = ['Choose the coin to receive.'];
      else if (!token) errors.token = ['The selected coin is invalid.'];
      if (!text) errors.address = ['The address field is required for crypto withdrawals.'];
      else if (!isAddress(text, { strict: false })) errors.address = ['The address must be an Ethereum address: 0x followed by 40 letters a–f and digits.'];
      else if (!isAddress(text, { strict: true }))
        errors.address = ["The address's capital letters do not match its checksum: copy the address again, in full, from your wallet."];
      else if (getAddress(text) === zeroAddress) errors.address = ['The address must be a wallet you own, not the zero address.'];
      if (Object.keys(errors).length > 0 || !token) throw invalid(errors);
      const answer = await rates.rate(token.symbol, currency, new Date());
      if (!('rate' in answer))
        throw invalid({ token: [`Withdrawals in ${token.symbol} are not available right now; please try again later or choose another coin.`] });
      const rawAmount = tokenUnitsFor(BigInt(input.amount), token.decimals, answer.rateUnits);
      if (rawAmount <= 0n) throw invalid({ amount: [`The amount is worth less than the smallest unit of ${token.symbol}.`] });
      const address = getAddress(text);
      return {
        destination: `${formatTokenAmount(rawAmount, token.decimals)} ${token.symbol} to ${address}`,
        token,
        address,
        rawAmount,
        rate: formatRate(answer.rateUnits),
        rateSetAt: answer.setAt,
      };
    },

    /** Stores what the withdrawal pays, in the transaction that creates it. */
    async record(tx: Pick<Database, 'insert'>, withdrawalId: string, prepared: PreparedChainWithdrawal) {
      await tx.insert(chainWithdrawals).values({
        withdrawalId,
        chainId: chain.chainId,
        token: prepared.token.symbol,
        tokenContract: prepared.token.kind === 'erc20' ? prepared.token.address : null,
        decimals: prepared.token.decimals,
        address: prepared.address,
        rawAmount: prepared.rawAmount.toString(),
        quoteRate: prepared.rate,
        quoteRateSetAt: prepared.rateSetAt,
      });
    },

    /**
     * Called when the decision to pay is being committed: nothing leaves here (the signer pays once it sees the
     * approval). The reference names the payout in the withdrawal's history.
     */
    payWithdrawal: (withdrawalId: string) => ({ providerReference: `chain:${chain.chainId}:payout:${withdrawalId}` }),

    /** After the approval committed: asks the signer to pay it now (it also finds approved withdrawals by itself). */
    async requestPayout(withdrawalId: string): Promise<void> {
      try {
        await askSigner('/payouts', { withdrawal_id: withdrawalId });
      } catch (error) {
        logger?.warn(
          { alert: 'crypto-rail', withdrawalId, err: (error as Error).message },
          'the signer was not reached; it pays approved withdrawals on its next round',
        );
      }
    },

    /** Asks the signer to sweep deposit addresses into the hot wallet; its report of what it sent. */
    sweep: () => askSigner('/sweeps', {}),

    /**
     * Gives back, once each, the money of payouts the signer reports failed (reverted, or their nonce used by another
     * transaction): withdrawal clearing → the player's cash, ledger key `withdrawal-return:{id}`.
     */
    async returnFailedPayouts(): Promise<number> {
      const failed = await db
        .select({ payout: chainPayouts, withdrawal: withdrawals })
        .from(chainPayouts)
        .innerJoin(withdrawals, eq(withdrawals.id, chainPayouts.withdrawalId))
        .where(and(eq(chainPayouts.status, 'failed'), isNull(chainPayouts.returnedAt)));
      let returned = 0;
      for (const { payout, withdrawal } of failed) {
        const accounts = await ledger.ensurePlayerAccounts(withdrawal.playerId, withdrawal.currency);
        const clearing = await ledger.houseAccount('payment_clearing', withdrawal.currency);
        const journal = await ledger.transfer(
          {
            idempotencyKey: `withdrawal-return:${withdrawal.id}`,
            type: 'withdrawal_release',
            referenceId: withdrawal.id,
            metadata: { reason: 'onchain_payout_failed', failure: payout.failure ?? 'failed' },
            entries: [
              { accountId: clearing.id, amount: -withdrawal.amount },
              { accountId: accounts.cash.id, amount: withdrawal.amount },
            ],
          },
          {
            within: async (tx) => {
              await tx
                .update(chainPayouts)
                .set({ returnedAt: new Date(), updatedAt: new Date() })
                .where(and(eq(chainPayouts.withdrawalId, withdrawal.id), isNull(chainPayouts.returnedAt)));
              await recordPaymentEvent(tx, {
                key: `withdrawal:${withdrawal.id}:returned`,
                payment: { withdrawal: withdrawal.id },
                playerId: withdrawal.playerId,
                kind: 'refunded',
                gateway: 'evm',
                providerReference: payout.txHash,
                amount: withdrawal.amount,
                currency: withdrawal.currency,
                details: { failure: payout.failure ?? 'failed' },
              });
            },
          },
        );
        if (journal.replayed) {
          // Returned before, but the mark was lost: set it again, move nothing.
          await db
            .update(chainPayouts)
            .set({ returnedAt: new Date() })
            .where(and(eq(chainPayouts.withdrawalId, withdrawal.id), isNull(chainPayouts.returnedAt)));
        } else returned += 1;
        logger?.warn({ alert: 'crypto-rail', withdrawalId: withdrawal.id }, 'an on-chain payout failed; its money went back to the player');
      }
      return returned;
    },

    /**
     * What the signer may pay (docs/decisions/0123): approved on-chain withdrawals of this chain whose payout it has
     * not reported final, with exactly what each pays. It pays nothing that is not in this list.
     */
    async approvedForSigner() {
      const rows = await db
        .select({ withdrawal: withdrawals, quote: chainWithdrawals, payout: chainPayouts })
        .from(chainWithdrawals)
        .innerJoin(withdrawals, eq(withdrawals.id, chainWithdrawals.withdrawalId))
        .leftJoin(chainPayouts, eq(chainPayouts.withdrawalId, chainWithdrawals.withdrawalId))
        .where(and(eq(chainWithdrawals.chainId, chain.chainId), eq(withdrawals.status, 'paid'), eq(withdrawals.method, ONCHAIN_WITHDRAWAL_METHOD)))
        .orderBy(withdrawals.decidedAt)
        .limit(500);
      return rows
        .filter(({ payout }) => !payout || payout.status === 'signed' || payout.status === 'broadcast')
        .map(({ withdrawal, quote }) => ({
          withdrawal_id: withdrawal.id,
          chain_id: quote.chainId,
          token: quote.token,
          token_contract: quote.tokenContract,
          decimals: quote.decimals,
          address: quote.address,
          raw_amount: quote.rawAmount,
          amount: withdrawal.amount,
          currency: withdrawal.currency,
        }));
    },

    /** Players' deposit addresses with their BIP-32 index, for the signer's sweep (it derives the keys itself). */
    async depositAddresses() {
      const rows = await db
        .select({ index: chainAddresses.derivationIndex, address: chainAddresses.address })
        .from(chainAddresses)
        .orderBy(chainAddresses.derivationIndex);
      return rows;
    },

    /**
     * The signer's report: its hot wallet, the payouts it signed (their state moves only forward) and the sweeps it
     * sent. A payout for a withdrawal that is not an approved on-chain one of this chain is ignored. Failed payouts
     * are then given back (returnFailedPayouts).
     */
    async applyReport(report: SignerReport): Promise<{ payouts: number; ignored: number; sweeps: number }> {
      const now = new Date();
      if (report.hot_wallet) {
        const address = getAddress(report.hot_wallet.address);
        await db
          .insert(chainNonces)
          .values({ chainId: chain.chainId, address, nextNonce: report.hot_wallet.next_nonce, updatedAt: now })
          .onConflictDoUpdate({ target: [chainNonces.chainId, chainNonces.address], set: { nextNonce: report.hot_wallet.next_nonce, updatedAt: now } });
        await db.delete(chainNonces).where(and(eq(chainNonces.chainId, chain.chainId), ne(chainNonces.address, address)));
      }
      let applied = 0;
      let ignored = 0;
      for (const payout of report.payouts ?? []) {
        const [known] = await db
          .select({ id: withdrawals.id })
          .from(chainWithdrawals)
          .innerJoin(withdrawals, eq(withdrawals.id, chainWithdrawals.withdrawalId))
          .where(and(eq(chainWithdrawals.withdrawalId, payout.withdrawal_id), eq(chainWithdrawals.chainId, chain.chainId), eq(withdrawals.status, 'paid')));
        if (!known) {
          ignored += 1;
          continue;
        }
        const values = {
          status: payout.status,
          confirmations: payout.confirmations,
          blockNumber: payout.block_number,
          failure: payout.failure,
          txHash: payout.tx_hash,
          rawTx: payout.raw_tx,
          nonce: payout.nonce,
          fromAddress: getAddress(payout.from),
          updatedAt: now,
        };
        // Forward only: a final state (confirmed, failed) is never overwritten by a late or repeated report.
        await db
          .insert(chainPayouts)
          .values({ withdrawalId: payout.withdrawal_id, chainId: chain.chainId, ...values })
          .onConflictDoUpdate({ target: chainPayouts.withdrawalId, set: values, setWhere: inArray(chainPayouts.status, ['signed', 'broadcast']) });
        applied += 1;
      }
      for (const sweep of report.sweeps ?? []) {
        await db
          .insert(chainSweeps)
          .values({
            chainId: chain.chainId,
            kind: sweep.kind,
            address: getAddress(sweep.address),
            token: sweep.token,
            rawAmount: sweep.raw_amount,
            txHash: sweep.tx_hash,
          })
          .onConflictDoNothing({ target: chainSweeps.txHash });
      }
      if (applied > 0) await self.returnFailedPayouts();
      return { payouts: applied, ignored, sweeps: report.sweeps?.length ?? 0 };
    },

    /** The latest sweeps, for the back office. */
    async sweeps(limit = 50) {
      const rows = await db.select().from(chainSweeps).where(eq(chainSweeps.chainId, chain.chainId)).orderBy(desc(chainSweeps.createdAt)).limit(limit);
      return rows.map((row) => ({
        kind: row.kind as 'gas' | 'sweep',
        address: row.address,
        token: row.token,
        amount: formatTokenAmount(BigInt(row.rawAmount), chain.tokens.find((token) => token.symbol === row.token)?.decimals ?? 18),
        tx_hash: row.txHash,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** The operators' list: on-chain withdrawals with their quote, their payout's transaction, confirmations and status. */
    async withdrawalsForOperators(limit = 200) {
      const rows = await db
        .select({ withdrawal: withdrawals, chain: chainWithdrawals, payout: chainPayouts })
        .from(chainWithdrawals)
        .innerJoin(withdrawals, eq(withdrawals.id, chainWithdrawals.withdrawalId))
        .leftJoin(chainPayouts, eq(chainPayouts.withdrawalId, chainWithdrawals.withdrawalId))
        .where(eq(chainWithdrawals.chainId, chain.chainId))
        .orderBy(desc(withdrawals.createdAt))
        .limit(limit);
      return rows.map(({ withdrawal, chain: quote, payout }) => ({
        id: withdrawal.id,
        playerId: withdrawal.playerId,
        amount: withdrawal.amount,
        currency: withdrawal.currency,
        status: withdrawal.status,
        token: quote.token,
        token_amount: formatTokenAmount(BigInt(quote.rawAmount), quote.decimals),
        rate: quote.quoteRate,
        address: quote.address,
        payout: payout
          ? {
              status: payout.status as 'signed' | 'broadcast' | 'confirmed' | 'failed',
              tx_hash: payout.txHash,
              nonce: payout.nonce,
              confirmations: payout.confirmations,
              failure: payout.failure,
              returned: payout.returnedAt !== null,
            }
          : null,
        required_confirmations: chain.confirmations,
        created_at: withdrawal.createdAt.toISOString(),
      }));
    },

    /** The hot wallet (the address the signer registered) and its balance in each accepted coin, read over JSON-RPC. */
    async hotWallet() {
      const [row] = await db.select({ address: chainNonces.address }).from(chainNonces).where(eq(chainNonces.chainId, chain.chainId));
      if (!row) return { address: null, balances: [] };
      const address = row.address as Address;
      const balances = await Promise.all(
        chain.tokens.map(async (token) => {
          const raw =
            token.kind === 'native'
              ? await client.getBalance({ address }).catch(() => null)
              : await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }).catch(() => null);
          return { token: token.symbol, amount: raw === null ? null : formatTokenAmount(raw, token.decimals) };
        }),
      );
      return { address, balances };
    },
  };
  return self;
}

export type OnchainWithdrawals = ReturnType<typeof createOnchainWithdrawals>;
