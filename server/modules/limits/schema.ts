import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The limits module's tables (docs/decisions/0055-limits.md). Players are referred to by id only: the accounts
// module owns them (decision 0028).

/** One money limit of a player: the amount in force and at most one pending raise or removal. */
export const playerLimits = pgTable(
  'player_limits',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    /** A raise or removal waiting for its 24 hours and the player's confirmation. */
    hasPending: boolean('has_pending').notNull().default(false),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingRequestedAt: timestamp('pending_requested_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.type, table.period] }),
    check('player_limits_type_known', sql`${table.type} in ('deposit', 'loss', 'wager')`),
    check('player_limits_period_known', sql`${table.period} in ('day', 'week', 'month')`),
  ],
);

/** A player's session limit, reality-check interval, time-out, self-exclusion and current session. */
export const limitSettings = pgTable('limit_settings', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  sessionMinutes: integer('session_minutes'),
  hasSessionPending: boolean('has_session_pending').notNull().default(false),
  sessionMinutesPending: integer('session_minutes_pending'),
  sessionPendingAt: timestamp('session_pending_at', { withTimezone: true }),
  realityCheckMinutes: integer('reality_check_minutes'),
  timeoutUntil: timestamp('timeout_until', { withTimezone: true }),
  selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
  returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
  /** The login token whose session is running; a new token starts a new session. */
  sessionTokenId: bigint('session_token_id', { mode: 'number' }),
  sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
  sessionSeenAt: timestamp('session_seen_at', { withTimezone: true }),
  realityCheckAnsweredAt: timestamp('reality_check_answered_at', { withTimezone: true }),
  /** When the player's last real-money slot spin started: a profile's minimum spin time counts from it (decision 0120). */
  lastSlotSpinAt: timestamp('last_slot_spin_at', { withTimezone: true }),
  /** When the player last answered the deposit limit prompt (set a limit or declined), and how (decision 0121). */
  depositPromptAnsweredAt: timestamp('deposit_prompt_answered_at', { withTimezone: true }),
  depositPromptAnswer: text('deposit_prompt_answer'),
  /** When the player acknowledged the responsible-gambling information a profile asks for before the first stake. */
  rgInfoAcknowledgedAt: timestamp('rg_info_acknowledged_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deposits counted against deposit limits, written under the player's lock in the transaction that checks the
 * limit, before the deposit exists. A declined deposit is released; one paid after all is counted again.
 */
export const limitDeposits = pgTable(
  'limit_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('limit_deposits_reference').on(table.reference), index('limit_deposits_player_created').on(table.playerId, table.createdAt)],
);

/** Every change of a limit, time-out or exclusion, by whom, with the old and the new value. */
export const limitChanges = pgTable(
  'limit_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    actor: text('actor').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    subject: text('subject').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('limit_changes_player').on(table.playerId, table.createdAt)],
);

/** Money that arrived past a limit and could not be refused (a deposit paid after it was declined), for review. */
export const limitBreaches = pgTable(
  'limit_breaches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    detail: text('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('limit_breaches_player').on(table.playerId, table.createdAt)],
);
