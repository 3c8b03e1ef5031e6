import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

// Listing pages resolve `/{slug}` against these (the all-games guard). The games issue adds games.
export const gameCategories = pgTable('game_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const gameProviders = pgTable('game_providers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});
