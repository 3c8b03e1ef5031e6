import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';

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

/**
 * An operator's Markdown for one of the static pages (content/pages/{slug}.md): shown instead of the bundled file
 * while it exists; removing the row brings the bundled file back. Each change is in the audit log with before/after.
 */
export const pageOverrides = pgTable('page_overrides', {
  slug: text('slug').primaryKey(),
  markdown: text('markdown').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
