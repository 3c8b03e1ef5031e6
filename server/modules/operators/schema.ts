import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Staff accounts: a table of their own, so no player credential can ever open an admin route. */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('operator_tokens_operator_index').on(table.operatorId)],
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
