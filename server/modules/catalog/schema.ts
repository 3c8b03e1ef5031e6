import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** The house's own game, or an aggregator's (decision 0100): then `engine` is `provider` and it is played there. */
    source: text('source').notNull().default('house'),
    /** The aggregator's game code (Hub88's `game_code`); null for the house's games. */
    externalCode: text('external_code'),
    demoAvailable: boolean('demo_available').notNull().default(true),
    freebetSupport: boolean('freebet_support').notNull().default(false),
    /** Percent of a stake on this game that counts toward bonus wagering, on top of its category's; null: all of it. */
    wageringContribution: integer('wagering_contribution'),
    /** ISO country codes the aggregator may not offer the game in. */
    blockedCountries: text('blocked_countries').array().notNull().default(sql`'{}'::text[]`),
    /** When the aggregator's list stopped naming it: hidden from players, never deleted (history names it). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (table) => [
    index('games_category').on(table.categoryId),
    index('games_provider').on(table.providerId),
    check('games_engine_known', sql`${table.engine} in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko', 'crash', 'provider')`),
    check('games_source_known', sql`${table.source} in ('house', 'hub88')`),
    check('games_external_code', sql`(${table.source} = 'house') = (${table.externalCode} is null)`),
    check('games_wagering_contribution', sql`${table.wageringContribution} between 0 and 100`),
    uniqueIndex('games_source_external_code').on(table.source, table.externalCode).where(sql`${table.externalCode} is not null`),
    check('games_volatility_known', sql`${table.volatility} in ('low', 'medium', 'high')`),
    check('games_stakes', sql`${table.minStake} > 0 and ${table.maxStake} >= ${table.minStake}`),
  ],
);
