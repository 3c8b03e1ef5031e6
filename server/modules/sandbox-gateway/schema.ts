import { sql } from 'drizzle-orm';
import { bigint, char, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment gateway's own records. It stands in for an external provider: it knows our deposits
 * only by the `reference` we gave it and tells us about payments only through signed webhooks.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Crypto checkouts: the address the payer sends to. */
    address: text('address'),
    status: text('status').notNull().default('open'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    check('sandbox_checkouts_kind_known', sql`${table.kind} in ('card', 'crypto')`),
    check('sandbox_checkouts_status_known', sql`${table.status} in ('open', 'paid')`),
  ],
);
