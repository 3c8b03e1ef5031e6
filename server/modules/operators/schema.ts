import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BudgetCheck } from './second-factor-budget.ts';

/** Staff accounts: a table of their own, so no player credential can ever open an admin route. */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** One of STAFF_ROLES (permissions.ts); the bootstrap operator is an admin. */
    role: text('role').notNull().default('admin'),
    /** Base32 TOTP secret: pending until totpEnabledAt is set by a confirmed code (decision 0080). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code of that step or earlier is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SHA-256 of each unused recovery code. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('operators_email_lower_unique').on(sql`lower(${table.email})`)],
);

export const operatorTokens = pgTable(
  'operator_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** `session` opens the API; `challenge` only lets POST /api/admin/login/two-factor finish a sign-in. */
    kind: text('kind').notNull().default('session'),
    /** Wrong codes spent on a challenge. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('operator_tokens_operator_index').on(table.operatorId)],
);

/**
 * The second-factor budget of an account (decision 0099): the checks of the current window across all of its
 * challenges and addresses, and the lock its wrong codes set. A subject type and id, so affiliates can share it.
 */
export const secondFactorBudgets = pgTable(
  'second_factor_budgets',
  {
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    checks: jsonb('checks').$type<BudgetCheck[]>().notNull().default([]),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.subjectType, table.subjectId] }),
    check('second_factor_budgets_subject_type_known', sql`${table.subjectType} in ('staff', 'affiliate')`),
  ],
);

/** Who did what to which player: the audit trail regulators ask for. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operator_actions_subject_index').on(table.subject)],
);

/**
 * The tamper-evident audit log (decision 0082): append-only, each row carrying the SHA-256 of the previous row
 * and of its own canonical content, written in the same transaction as the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => operators.id),
    action: text('action').notNull(),
    playerId: bigint('player_id', { mode: 'number' }),
    subject: text('subject'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (table) => [index('audit_log_player_index').on(table.playerId), index('audit_log_staff_index').on(table.staffId)],
);

/** Manual balance adjustments awaiting a second staff member (four-eyes, decision 0083). */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending_approval'),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('balance_adjustments_status_index').on(table.status)],
);

/** The first approval of a withdrawal above FOUR_EYES_THRESHOLD; a second, different staff member pays it. */
export const withdrawalApprovals = pgTable('withdrawal_approvals', {
  withdrawalId: uuid('withdrawal_id').primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff notes on a player, visible to staff only. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_notes_player_index').on(table.playerId)],
);
