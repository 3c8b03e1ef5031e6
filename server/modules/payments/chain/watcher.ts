import { and, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { type Address, getAddress, type Hash, parseAbiItem, type PublicClient } from 'viem';
import type { ChainDeposit } from '../../../../contract/chain.ts';
import type { ChainConfig, ChainToken } from '../../../config-chain.ts';
import type { Database } from '../../../db/client.ts';
import { chainCursors, chainDeposits } from '../schema.ts';
import type { ChainAddressBook } from './addresses.ts';
import { type ChainDepositState, type ChainObservation, firstSeen, nextChainDepositState } from './deposit-state.ts';
import { formatTokenAmount, quoteMinorUnits } from './quote.ts';
import type { RateProvider } from './rates.ts';

// The chain watcher (docs/decisions/0109-crypto-rail.md), run as a keyed scheduled job so one node reads at a time:
// each run reads the blocks after its cursor through standard JSON-RPC (viem's public client): ERC-20 `Transfer`
// logs of the accepted tokens and native transfers to players' addresses; then compares every open deposit with
// the chain (deposit-state.ts) and credits those with N confirmations in still-canonical blocks, exactly once.

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read per run at most (a node that fell behind catches up over several runs). */
const MAX_BLOCKS_PER_RUN = 500;
/** Native transfers need every block with its transactions: fewer per run. */
const MAX_NATIVE_BLOCKS_PER_RUN = 100;
/** An `eth_getLogs` filter names at most this many recipient addresses (a topic OR-list). */
const ADDRESSES_PER_FILTER = 500;
/** The largest deposit credited in one go (contract/wallet.rules.ts MAX_AMOUNT); more waits for operators. */
const MAX_CREDIT = 100_000_000_00;

export type ChainTransfer = {
  txHash: Hash;
  /** The log's index in its block; -1 for a native transfer (one per transaction). */
  logIndex: number;
  blockNumber: number;
  blockHash: Hash;
  from: Address;
  to: Address;
  token: ChainToken;
  raw: bigint;
};

/** What the player's cashier shows of an on-chain deposit; also the `ChainDepositUpdated` event's data. */
export type ChainDepositView = ChainDeposit;

export type ChainDepositRow = typeof chainDeposits.$inferSelect;

export type CreditOnChain = (input: {
  playerId: number;
  transferKey: string;
  amount: number;
  address: string;
  txHash: string;
  details: Record<string, unknown>;
}) => Promise<{ row: { id: string } }>;

export type ChainWatcherDependencies = {
  db: Database;
  client: PublicClient;
  chain: ChainConfig;
  addressBook: ChainAddressBook;
  rates: RateProvider;
  /** The wallet currency deposits are credited in. */
  currency: string;
  credit: CreditOnChain;
  /** Tells the player's browsers (ChainDepositUpdated). */
  publish?: (playerId: number, view: ChainDepositView) => void;
  /** Tells operators: a stale or missing rate, a reorg after N confirmations, an amount too large to credit. */
  alert?: (message: string, details: Record<string, unknown>) => void;
};

/** The idempotency key of a transfer: chain id, transaction hash and log index (docs/decisions/0109). */
export const transferKey = (chainId: number, txHash: string, logIndex: number) => `chain:${chainId}:${txHash.toLowerCase()}:${logIndex}`;

export function toChainDepositView(row: ChainDepositRow, required: number): ChainDepositView {
  return {
    id: row.id,
    token: row.token,
    amount: formatTokenAmount(BigInt(row.rawAmount), row.decimals),
    decimals: row.decimals,
    tx_hash: row.txHash,
    status: row.status as ChainDepositView['status'],
    confirmations: row.confirmations,
    required_confirmations: required,
    waiting_for: (row.waitingFor as ChainDepositView['waiting_for']) ?? null,
    quote:
      row.quoteAmount !== null && row.quoteCurrency && row.quoteRate ? { amount: row.quoteAmount, currency: row.quoteCurrency, rate: row.quoteRate } : null,
    seen_at: row.seenAt.toISOString(),
    credited_at: row.creditedAt?.toISOString() ?? null,
  };
}

const stateOf = (row: ChainDepositRow): ChainDepositState => ({
  status: row.status as ChainDepositState['status'],
  blockNumber: row.blockNumber,
  blockHash: row.blockHash,
  confirmations: row.confirmations,
  reorged: row.reorged,
});

export type ScanSummary = { from: number; to: number; head: number; seen: number; credited: number; dropped: number; flagged: number; waiting: number };

export function createChainWatcher(dependencies: ChainWatcherDependencies) {
  const { db, client, chain, addressBook, rates, currency, credit, publish, alert } = dependencies;
  const { chainId, confirmations: required } = chain;
  const erc20 = chain.tokens.filter((token): token is Extract<ChainToken, { kind: 'erc20' }> => token.kind === 'erc20');
  const native = chain.tokens.find((token) => token.kind === 'native');

  async function blockAt(number: number): Promise<{ number: number; hash: Hash } | null> {
    const block = await client.getBlock({ blockNumber: BigInt(number) }).catch(() => null);
    return block?.hash ? { number, hash: block.hash } : null;
  }

  async function tokenTransfers(from: number, to: number, recipients: readonly Address[]): Promise<ChainTransfer[]> {
    if (erc20.length === 0 || recipients.length === 0) return [];
    const found: ChainTransfer[] = [];
    for (let start = 0; start < recipients.length; start += ADDRESSES_PER_FILTER) {
      const logs = await client.getLogs({
        address: erc20.map((token) => token.address),
        event: TRANSFER,
        args: { to: recipients.slice(start, start + ADDRESSES_PER_FILTER) as Address[] },
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      for (const log of logs) {
        const token = erc20.find((candidate) => candidate.address.toLowerCase() === log.address.toLowerCase());
        if (!token || log.removed || log.args.value <= 0n || !log.blockHash || !log.transactionHash) continue;
        found.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
          from: log.args.from,
          to: log.args.to,
          token,
          raw: log.args.value,
        });
      }
    }
    return found;
  }

  async function nativeTransfers(from: number, to: number): Promise<ChainTransfer[]> {
    if (!native) return [];
    const found: ChainTransfer[] = [];
    for (let number = from; number <= to; number++) {
      const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true });
      const paying = block.transactions.filter((tx) => tx.to && tx.value > 0n);
      if (paying.length === 0 || !block.hash) continue;
      const owners = await addressBook.owners(paying.map((tx) => tx.to!));
      for (const tx of paying) {
        if (!owners.has(getAddress(tx.to!))) continue;
        // A reverted transaction moves no value.
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        found.push({
          txHash: tx.hash,
          logIndex: -1,
          blockNumber: number,
          blockHash: block.hash,
          from: getAddress(tx.from),
          to: getAddress(tx.to!),
          token: native,
          raw: tx.value,
        });
      }
    }
    return found;
  }

  /** The transfer seen in a block: recorded once per (chain, transaction, log); a repeat or a re-inclusion goes through the state machine. */
  async function observe(transfer: ChainTransfer, playerId: number): Promise<boolean> {
    const key = and(eq(chainDeposits.chainId, chainId), eq(chainDeposits.txHash, transfer.txHash.toLowerCase()), eq(chainDeposits.logIndex, transfer.logIndex));
    const [existing] = await db.select().from(chainDeposits).where(key);
    if (!existing) {
      const state = firstSeen(transfer.blockNumber, transfer.blockHash);
      const [row] = await db
        .insert(chainDeposits)
        .values({
          chainId,
          txHash: transfer.txHash.toLowerCase(),
          logIndex: transfer.logIndex,
          playerId,
          address: transfer.to,
          fromAddress: transfer.from,
          token: transfer.token.symbol,
          rawAmount: transfer.raw.toString(),
          decimals: transfer.token.decimals,
          blockNumber: state.blockNumber,
          blockHash: state.blockHash,
          status: state.status,
        })
        .onConflictDoNothing()
        .returning();
      if (row) publish?.(playerId, toChainDepositView(row, required));
      return Boolean(row);
    }
    const { state } = nextChainDepositState(stateOf(existing), { kind: 'transfer', blockNumber: transfer.blockNumber, blockHash: transfer.blockHash });
    await save(existing, state, existing.waitingFor);
    return false;
  }

  async function save(row: ChainDepositRow, state: ChainDepositState, waitingFor: string | null): Promise<ChainDepositRow> {
    const before = stateOf(row);
    if (JSON.stringify(before) === JSON.stringify(state) && waitingFor === row.waitingFor) return row;
    const [updated] = await db
      .update(chainDeposits)
      .set({ ...state, waitingFor, updatedAt: new Date() })
      .where(and(eq(chainDeposits.id, row.id), eq(chainDeposits.status, row.status)))
      .returning();
    if (updated) publish?.(updated.playerId, toChainDepositView(updated, required));
    return updated ?? row;
  }

  type Quote = { amount: number; rate: string; setAt: Date } | { waiting: 'rate' | 'amount' };

  /** The stored quote, or a new one stored before any money moves (a retried credit then uses the same one). */
  async function quoteOf(row: ChainDepositRow, at: Date, staleAlerts: Set<string>): Promise<Quote> {
    if (row.quoteAmount !== null && row.quoteRate && row.quoteRateSetAt) return { amount: row.quoteAmount, rate: row.quoteRate, setAt: row.quoteRateSetAt };
    const answer = await rates.rate(row.token, currency, at);
    if (!('rate' in answer)) {
      const problem = 'missing' in answer ? 'no rate is set' : 'the rate is older than its maximum age';
      if (!staleAlerts.has(row.token)) {
        staleAlerts.add(row.token);
        alert?.(`Crypto deposits in ${row.token} wait: ${problem} for ${row.token} → ${currency}.`, { token: row.token, currency });
      }
      return { waiting: 'rate' };
    }
    const minor = quoteMinorUnits(BigInt(row.rawAmount), row.decimals, answer.rateUnits);
    if (minor < 1n || minor > BigInt(MAX_CREDIT)) {
      if (minor > BigInt(MAX_CREDIT)) alert?.('A crypto deposit is larger than one credit may be; credit it by hand.', { deposit: row.id });
      return { waiting: 'amount' };
    }
    const [stored] = await db
      .update(chainDeposits)
      .set({ quoteRate: answer.rate, quoteAmount: Number(minor), quoteCurrency: currency, quoteRateSetAt: answer.setAt, updatedAt: new Date() })
      .where(and(eq(chainDeposits.id, row.id), isNull(chainDeposits.quoteAmount)))
      .returning();
    const [current] = stored ? [stored] : await db.select().from(chainDeposits).where(eq(chainDeposits.id, row.id));
    return { amount: current!.quoteAmount!, rate: current!.quoteRate!, setAt: current!.quoteRateSetAt! };
  }

  /** Every deposit not yet final, and credited ones still shallow enough to be reorged, against the chain at `head`. */
  async function checkOpen(head: number, at: Date, summary: ScanSummary): Promise<void> {
    const rows = await db
      .select()
      .from(chainDeposits)
      .where(
        and(
          eq(chainDeposits.chainId, chainId),
          or(
            inArray(chainDeposits.status, ['seen', 'confirmed']),
            and(eq(chainDeposits.status, 'credited'), eq(chainDeposits.reorged, false), gte(chainDeposits.blockNumber, head - 4 * required)),
          ),
        ),
      )
      .orderBy(chainDeposits.blockNumber);
    const hashes = new Map<number, Hash | null>();
    const staleAlerts = new Set<string>();
    for (const row of rows) {
      if (!hashes.has(row.blockNumber)) hashes.set(row.blockNumber, row.blockNumber > head ? null : ((await blockAt(row.blockNumber))?.hash ?? null));
      const canonicalHash = hashes.get(row.blockNumber) ?? null;
      const deepEnough = row.status !== 'credited' && canonicalHash === row.blockHash && head - row.blockNumber + 1 >= required;
      const quote = deepEnough ? await quoteOf(row, at, staleAlerts) : null;
      const observation: ChainObservation = { kind: 'check', head, canonicalHash, required, canCredit: quote !== null && 'amount' in quote };
      const { state, action } = nextChainDepositState(stateOf(row), observation);
      if (action === 'flag') {
        summary.flagged += 1;
        alert?.('A crypto deposit left the chain after its confirmations: check the player’s balance.', {
          deposit: row.id,
          tx: row.txHash,
          credited: row.status === 'credited',
        });
      }
      if (action === 'credit' && quote && 'amount' in quote) {
        const { row: deposit } = await credit({
          playerId: row.playerId,
          transferKey: transferKey(chainId, row.txHash, row.logIndex),
          amount: quote.amount,
          address: row.address,
          txHash: row.txHash,
          details: {
            chain_id: chainId,
            tx: row.txHash,
            log_index: row.logIndex,
            block: row.blockNumber,
            token: row.token,
            amount: row.rawAmount,
            rate: quote.rate,
          },
        });
        const [updated] = await db
          .update(chainDeposits)
          .set({ ...state, waitingFor: null, depositId: deposit.id, creditedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(chainDeposits.id, row.id), inArray(chainDeposits.status, ['seen', 'confirmed'])))
          .returning();
        if (updated) {
          summary.credited += 1;
          publish?.(updated.playerId, toChainDepositView(updated, required));
        }
        continue;
      }
      const waitingFor = state.status === 'confirmed' && quote && 'waiting' in quote ? quote.waiting : null;
      if (waitingFor) summary.waiting += 1;
      if (state.status === 'dropped' && row.status !== 'dropped') summary.dropped += 1;
      await save(row, state, waitingFor);
    }
  }

  return {
    /** One run: read new blocks, record transfers to players' addresses, then confirm, credit, drop or flag. */
    async scan(at = new Date()): Promise<ScanSummary> {
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
      const genesis = (await blockAt(0))?.hash;
      if (!genesis) throw new Error('The chain node did not answer for block 0');
      const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
      let from: number;
      if (!cursor) from = Math.max(0, head - 2 * required);
      // Another chain under the same id (a restarted local chain): read it from its start.
      else if (cursor.genesisHash !== genesis) from = 0;
      else if (cursor.blockNumber > head || (await blockAt(cursor.blockNumber))?.hash !== cursor.blockHash) {
        // The block we stopped at left the chain: read the last N blocks again (their transfers may have moved).
        from = Math.max(0, Math.min(cursor.blockNumber, head) - required);
      } else from = cursor.blockNumber + 1;
      const to = Math.min(head, from + (native ? MAX_NATIVE_BLOCKS_PER_RUN : MAX_BLOCKS_PER_RUN) - 1);
      const summary: ScanSummary = { from, to, head, seen: 0, credited: 0, dropped: 0, flagged: 0, waiting: 0 };
      if (from <= to) {
        const recipients = await addressBook.all();
        const transfers = [...(await tokenTransfers(from, to, recipients)), ...(await nativeTransfers(from, to))];
        const owners = await addressBook.owners(transfers.map((transfer) => transfer.to));
        for (const transfer of transfers) {
          const playerId = owners.get(transfer.to);
          if (playerId !== undefined && (await observe(transfer, playerId))) summary.seen += 1;
        }
        const last = await blockAt(to);
        if (!last) throw new Error(`The chain node did not answer for block ${to}`);
        await db
          .insert(chainCursors)
          .values({ chainId, genesisHash: genesis, blockNumber: to, blockHash: last.hash })
          .onConflictDoUpdate({ target: chainCursors.chainId, set: { genesisHash: genesis, blockNumber: to, blockHash: last.hash, updatedAt: new Date() } });
      }
      await checkOpen(head, at, summary);
      return summary;
    },

    /** The player's on-chain deposits, newest first. */
    async depositsOf(playerId: number, limit = 20): Promise<ChainDepositView[]> {
      const rows = await db
        .select()
        .from(chainDeposits)
        .where(and(eq(chainDeposits.playerId, playerId), eq(chainDeposits.chainId, chainId)))
        .orderBy(desc(chainDeposits.seenAt))
        .limit(limit);
      return rows.map((row) => toChainDepositView(row, required));
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
