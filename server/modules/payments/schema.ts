import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

/**
 * A player's deposit: created pending when they start paying, completed exactly once when the gateway's
 * signed webhook says the money arrived (docs/decisions/0021-wallet-and-payments.md). The ledger journal
 * `deposit:{id}` is the credit; this row is what the player and the operator see.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('pending'),
    bonusId: text('bonus_id'),
    /** The player's Idempotency-Key and the hash of the request it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The gateway's checkout (card) and where the player pays it, or the address paid to (crypto). */
    gatewayReference: text('gateway_reference'),
    redirectUrl: text('redirect_url'),
    address: text('address'),
    failureMessage: text('failure_message'),
    /** Card deposits: the last four digits the gateway reports, so a card withdrawal can name where it goes. */
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What refunds and chargebacks took back so far (docs/decisions/0104); never more than the amount. */
    reversedAmount: bigint('reversed_amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('deposits_player_idempotency_key').on(table.playerId, table.idempotencyKey),
    index('deposits_player_created').on(table.playerId, table.createdAt),
    index('deposits_status_created').on(table.status, table.createdAt),
    check('deposits_status_known', sql`${table.status} in ('pending', 'completed', 'declined', 'refunded', 'charged_back')`),
    check('deposits_amount_positive', sql`${table.amount} > 0`),
    check('deposits_reversed_within_amount', sql`${table.reversedAmount} >= 0 and ${table.reversedAmount} <= ${table.amount}`),
  ],
);

/**
 * A withdrawal: the money moves from cash to the player's withdrawal hold when it is requested, then an
 * operator pays it (hold → clearing) or rejects it (hold → cash). The player cannot reverse it (RTS 14B).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('pending'),
    destination: text('destination').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the player's VIP tier promised a decision by (decision 0066); the operators' queue is ordered by it. */
    reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('withdrawals_player_idempotency_key').on(table.playerId, table.idempotencyKey),
    index('withdrawals_player_created').on(table.playerId, table.createdAt),
    index('withdrawals_status_created').on(table.status, table.createdAt),
    check('withdrawals_status_known', sql`${table.status} in ('pending', 'paid', 'rejected')`),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Each player's crypto deposit address, stable across deposits so it can be saved in a wallet app. */
export const depositAddresses = pgTable('deposit_addresses', {
  playerId: bigint('player_id', { mode: 'number' })
    .primaryKey()
    .references(() => players.id),
  address: text('address').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment's history (docs/decisions/0104): each provider notification and each operator action on a deposit or a
 * withdrawal, once per `key` (a repeated notification adds nothing). `details` is what the provider said, redacted
 * by its adapter; `staff_id` is who acted when it was staff.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    depositId: uuid('deposit_id').references(() => deposits.id),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    gateway: text('gateway'),
    providerReference: text('provider_reference'),
    amount: bigint('amount', { mode: 'number' }),
    currency: char('currency', { length: 3 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    staffId: bigint('staff_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_events_key').on(table.key),
    index('payment_events_deposit').on(table.depositId, table.id),
    index('payment_events_withdrawal').on(table.withdrawalId, table.id),
    index('payment_events_player').on(table.playerId, table.id),
    check('payment_events_one_payment', sql`(${table.depositId} is null) <> (${table.withdrawalId} is null)`),
    check(
      'payment_events_kind_known',
      sql`${table.kind} in ('created', 'authorised', 'completed', 'declined', 'refunded', 'charged_back', 'reversed', 'debt_repaid', 'paid', 'rejected')`,
    ),
  ],
);

/**
 * What a player owes after a chargeback took back more than their balance held (docs/decisions/0104): the rest of
 * the chargeback is the house's receivable, and their next deposits repay it first.
 */
export const paymentDebts = pgTable(
  'payment_debts',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    currency: char('currency', { length: 3 }).notNull(),
    owed: bigint('owed', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.currency] }), check('payment_debts_owed_nonnegative', sql`${table.owed} >= 0`)],
);

// The on-chain crypto rail (docs/decisions/0109-crypto-rail.md).

/** Hands out BIP-32 child indexes for deposit addresses (0/index under the deposit xpub), never the same one twice. */
export const chainAddressIndex = pgSequence('chain_address_index', { startWith: 0, minValue: 0, maxValue: 2_147_483_647 });

/** Each player's deposit address on the chain: the xpub's child at `derivation_index`, the same for every deposit. */
export const chainAddresses = pgTable('chain_addresses', {
  playerId: bigint('player_id', { mode: 'number' })
    .primaryKey()
    .references(() => players.id),
  derivationIndex: integer('derivation_index').notNull().unique(),
  /** EIP-55 checksummed. */
  address: text('address').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A transfer to a player's address the chain watcher saw: a native transfer (`log_index` -1) or an ERC-20 `Transfer`
 * log, once per (chain, transaction, log). `seen` → `confirmed` (N confirmations, its block still canonical, waiting
 * for a rate or a limit) → `credited` (the `deposits` row `deposit_id`, credited once); `dropped` when its block left
 * the chain before N confirmations; `reorged` marks a credited one whose block left the chain afterwards.
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    address: text('address').notNull(),
    fromAddress: text('from_address').notNull(),
    token: text('token').notNull(),
    /** The token's smallest units (wei for ETH), exact. */
    rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    status: text('status').notNull().default('seen'),
    confirmations: integer('confirmations').notNull().default(0),
    /** Why a confirmed deposit is not credited yet: `rate` (missing or stale) or `limit` (the player's limits refuse it). */
    waitingFor: text('waiting_for'),
    reorged: boolean('reorged').notNull().default(false),
    /** The quote it was credited at: the rate (currency per whole token), the amount in minor units, the rate's time. */
    quoteRate: text('quote_rate'),
    quoteAmount: bigint('quote_amount', { mode: 'number' }),
    quoteCurrency: char('quote_currency', { length: 3 }),
    quoteRateSetAt: timestamp('quote_rate_set_at', { withTimezone: true }),
    depositId: uuid('deposit_id').references(() => deposits.id),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chain_deposits_transfer').on(table.chainId, table.txHash, table.logIndex),
    index('chain_deposits_status').on(table.status, table.blockNumber),
    index('chain_deposits_player').on(table.playerId, table.seenAt),
    check('chain_deposits_status_known', sql`${table.status} in ('seen', 'confirmed', 'credited', 'dropped')`),
    check('chain_deposits_credited_has_deposit', sql`(${table.status} = 'credited') = (${table.depositId} is not null)`),
  ],
);

/** How far the watcher has read each chain: the last block it scanned and that block's hash (a reorg changes it). */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** Block 0's hash: a different one means a different chain under the same id (a restarted local chain). */
  genesisHash: text('genesis_hash').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The operator-set rate table (the default rate provider): what one whole token is worth in `currency`, and how long it holds. */
export const chainRates = pgTable(
  'chain_rates',
  {
    token: text('token').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** A decimal, up to 18 places: currency units (not cents) per one whole token. */
    rate: text('rate').notNull(),
    maxAgeSeconds: integer('max_age_seconds').notNull(),
    setBy: bigint('set_by', { mode: 'number' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.token, table.currency] }), check('chain_rates_max_age_positive', sql`${table.maxAgeSeconds} > 0`)],
);

// On-chain withdrawals and the signer (docs/decisions/0109, docs/decisions/0123-signer.md).

/**
 * What an on-chain withdrawal pays, fixed when the player asks: the chain, the token, the destination (EIP-55) and
 * the token amount its quote came to (exact smallest units). Written with the `withdrawals` row, in its transaction;
 * the signer pays exactly this and nothing else.
 */
export const chainWithdrawals = pgTable('chain_withdrawals', {
  withdrawalId: uuid('withdrawal_id')
    .primaryKey()
    .references(() => withdrawals.id),
  chainId: integer('chain_id').notNull(),
  token: text('token').notNull(),
  /** The ERC-20 contract (EIP-55); null for the native coin. */
  tokenContract: text('token_contract'),
  decimals: integer('decimals').notNull(),
  /** EIP-55 checksummed. */
  address: text('address').notNull(),
  rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
  quoteRate: text('quote_rate').notNull(),
  quoteRateSetAt: timestamp('quote_rate_set_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The signer's record of paying an approved on-chain withdrawal: the transaction is signed and stored here (with its
 * nonce) before it is broadcast, so a restart sends the same bytes again and never a second payment. `signed` →
 * `broadcast` → `confirmed` (N confirmations) or `failed` (reverted, or its nonce was used by another transaction);
 * `returned_at` is when payments gave a failed payout's money back to the player (once, ledger key
 * `withdrawal-return:{id}`).
 */
export const chainPayouts = pgTable(
  'chain_payouts',
  {
    withdrawalId: uuid('withdrawal_id')
      .primaryKey()
      .references(() => withdrawals.id),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    rawTx: text('raw_tx').notNull(),
    status: text('status').notNull().default('signed'),
    confirmations: integer('confirmations').notNull().default(0),
    blockNumber: bigint('block_number', { mode: 'number' }),
    failure: text('failure'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chain_payouts_nonce').on(table.chainId, table.fromAddress, table.nonce),
    uniqueIndex('chain_payouts_tx').on(table.txHash),
    index('chain_payouts_status').on(table.status),
    check('chain_payouts_status_known', sql`${table.status} in ('signed', 'broadcast', 'confirmed', 'failed')`),
  ],
);

/** The hot wallet's next nonce per chain, handed out under a row lock: one transaction per nonce, never a gap. */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

/**
 * Sweeps of deposit addresses into the hot wallet, by the signer (docs/decisions/0123): one row per transaction it
 * sent, a gas top-up (`gas`, hot wallet → deposit address) or a sweep (`sweep`, deposit address → hot wallet).
 */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    token: text('token').notNull(),
    rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
    txHash: text('tx_hash').notNull(),
    status: text('status').notNull().default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chain_sweeps_tx').on(table.txHash),
    index('chain_sweeps_created').on(table.createdAt),
    check('chain_sweeps_kind_known', sql`${table.kind} in ('gas', 'sweep')`),
    check('chain_sweeps_status_known', sql`${table.status} in ('sent', 'confirmed', 'failed')`),
  ],
);
