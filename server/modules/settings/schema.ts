import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable settings, one row per key; defaults live in the settings service. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
