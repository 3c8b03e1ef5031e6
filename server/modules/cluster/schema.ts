import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per shared secret (server/shared-secrets.ts): a keyed fingerprint of the value the first node started
 * with, never the value. A node whose secret gives another fingerprint refuses to start (decision 0110).
 */
export const secretFingerprints = pgTable('secret_fingerprints', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
