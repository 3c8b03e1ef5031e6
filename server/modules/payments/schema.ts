import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
