import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A webhook: a signed GET to the recipient address (affiliates' postbacks, docs/decisions/0107). */
export type WebhookContent = { headers: Record<string, string> };
export type OutboxContent = { subject: string; html: string; text: string } | { body: string } | { subject: string } | WebhookContent | Record<string, never>;

/**
 * Mail, SMS and webhooks waiting to go out. A row is written in the same transaction as the change that causes
 * it and delivered after commit, so nothing is lost and nothing is sent for a change that rolled back.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    /** The rendered message; emptied to its subject once sent, so the links in it do not linger. */
    content: jsonb('content').$type<OutboxContent>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_due_index').on(table.status, table.nextAttemptAt),
    check('outbox_messages_channel_known', sql`${table.channel} in ('mail', 'sms', 'webhook')`),
    check('outbox_messages_status_known', sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
