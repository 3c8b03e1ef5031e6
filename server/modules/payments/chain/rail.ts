import type { FastifyBaseLogger } from 'fastify';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../../../config-chain.ts';
import type { Database } from '../../../db/client.ts';
import type { ScheduledJob } from '../../../scheduler/scheduler.ts';
import { createChainAddressBook } from './addresses.ts';
import { createChainAdmin } from './admin.ts';
import { type OnchainWithdrawals, RETURN_FAILED_PAYOUTS_JOB } from './payouts.ts';
import { createRateTable, type RateProvider } from './rates.ts';
import { type ChainDepositView, type CreditOnChain, createChainWatcher } from './watcher.ts';

// The on-chain crypto rail's parts, built once from configuration (docs/decisions/0109-crypto-rail.md): the node's
// JSON-RPC client, the players' address book (from the xpub: no private key here), the rate table, the watcher and
// its scheduled job. server/services.ts builds it when CHAIN_* are set.

export const CHAIN_WATCHER_JOB = 'payments:chain-watcher';
/** The payment method on-chain deposits are recorded under (contract/wallet.rules.ts). */
export const ONCHAIN_METHOD = 'onchain';
/** The name on-chain deposits' history records as their gateway (payment_events); the chain has no webhook adapter. */
export const EVM_GATEWAY_ID = 'evm';

export type ChainRailDependencies = {
  db: Database;
  chain: ChainConfig;
  currency: string;
  credit: CreditOnChain;
  publish?: (playerId: number, view: ChainDepositView) => void;
  logger?: FastifyBaseLogger;
  /** Tests hand in their own client or rate source; by default JSON-RPC over HTTP to CHAIN_RPC_URL and the rate table. */
  client?: PublicClient;
  rates?: RateProvider;
  /** On-chain withdrawals (docs/decisions/0123): the cashier offers them when a signer is configured. */
  withdrawals?: OnchainWithdrawals;
};

export function createChainRail({ db, chain, currency, credit, publish, logger, client, rates, withdrawals }: ChainRailDependencies) {
  const rpc = client ?? (createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 2, timeout: 10_000 }) }) as PublicClient);
  const addressBook = createChainAddressBook({ db, xpub: chain.depositXpub });
  const rateTable = createRateTable({ db });
  const watcher = createChainWatcher({
    db,
    client: rpc,
    chain,
    addressBook,
    rates: rates ?? rateTable,
    currency,
    credit,
    publish,
    alert: (message, details) => logger?.warn({ alert: 'crypto-rail', ...details }, message),
  });
  const job: ScheduledJob = { name: CHAIN_WATCHER_JOB, pattern: `*/${chain.pollSeconds} * * * * *`, run: () => watcher.scan() };
  return {
    chain,
    addressBook,
    rateTable,
    watcher,
    admin: createChainAdmin({ db, chainId: chain.chainId, required: chain.confirmations }),
    withdrawals,
    jobs: withdrawals?.enabled
      ? [job, { name: RETURN_FAILED_PAYOUTS_JOB, pattern: '*/30 * * * * *', run: () => withdrawals.returnFailedPayouts() } satisfies ScheduledJob]
      : [job],
    /** What the cashier tells a player: their address, the network and the coins accepted, and how many confirmations a deposit needs. */
    async depositInfo(playerId: number) {
      return {
        address: await addressBook.addressOf(playerId),
        chain_id: chain.chainId,
        confirmations: chain.confirmations,
        tokens: chain.tokens.map((token) => ({ symbol: token.symbol, decimals: token.decimals, contract: token.kind === 'erc20' ? token.address : null })),
        deposits: await watcher.depositsOf(playerId),
        withdrawal: (await withdrawals?.withdrawalInfo()) ?? null,
      };
    },
  };
}

export type ChainRail = ReturnType<typeof createChainRail>;
