import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';

// Listing pages resolve `/{slug}` against these (the all-games guard).
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

/**
 * The catalogue (docs/decisions/0041-games-api.md). A game has one category of its own and listing tags (`new`,
 * `popular`) that put it in those categories too. `engine` and `engine_config` say which games/ engine plays it
 * and with which maths (a slot title's id); the stakes and `bet_limits` are the house's table limits.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    providerId: integer('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => gameCategories.id),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    engine: text('engine').notNull(),
    engineConfig: text('engine_config').notNull(),
    rtp: numeric('rtp', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    volatility: text('volatility').notNull(),
    thumbnail: text('thumbnail').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    minStake: bigint('min_stake', { mode: 'number' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
    /** Roulette: the most one bet position of each type may hold, in minor units. */
    betLimits: jsonb('bet_limits').$type<Record<string, number>>().notNull().default({}),
    /** An operator's switch: a disabled game leaves the lobby, listings, search and its page, and takes no new rounds. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    index('games_category').on(table.categoryId),
    index('games_provider').on(table.providerId),
    check('games_engine_known', sql`${table.engine} in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko', 'crash')`),
    check('games_volatility_known', sql`${table.volatility} in ('low', 'medium', 'high')`),
    check('games_stakes', sql`${table.minStake} > 0 and ${table.maxStake} >= ${table.minStake}`),
  ],
);
