import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const promotions = pgTable('promotions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  summary: text('summary').notNull(),
  body: text('body').notNull(),
  badge: text('badge').notNull().default(''),
  ctaLabel: text('cta_label').notNull().default('Claim now'),
  sortOrder: integer('sort_order').notNull().default(0),
  published: boolean('published').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server route rules (SPEC.md §2): operator-managed redirects applied before any page renders. */
export const routeRules = pgTable(
  'route_rules',
  {
    id: serial('id').primaryKey(),
    sourcePath: text('source_path').notNull().unique(),
    target: text('target').notNull(),
    status: integer('status').notNull().default(302),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('route_rules_status_is_redirect', sql`${table.status} in (301, 302, 307, 308)`),
    check('route_rules_source_is_path', sql`${table.sourcePath} like '/%'`),
  ],
);
