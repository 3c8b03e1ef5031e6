import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';
import { games } from '../catalog/schema.ts';

/** A player's favourite games; the order they were added in is the order of the list (SPEC.md §3: latest last). */
export const favouriteGames = pgTable(
  'favourite_games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('favourite_games_player_game').on(table.playerId, table.gameId)],
);

/**
 * Provably fair seed pairs (docs/decisions/0041-games-api.md). A player has one current row (revealed_at null):
 * its server seed is shown only as its SHA-256 until the player rotates it; then revealed_at is set, the seed is
 * shown, and a new current row starts at nonce 0. Rows are never deleted, so every past round can be verified.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round will use. */
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('fairness_seeds_current').on(table.playerId).where(sql`${table.revealedAt} is null`)],
);

/**
 * Real-money rounds. The id is derived from the player and the Idempotency-Key, so the ledger keys
 * `round:{id}:bet` and `round:{id}:win` are known before the round exists. `win` is what the round pays once
 * settled (what it paid back when refunded). Slot and roulette outcomes are decided when the round is created;
 * blackjack keeps its engine state (shoe included, never shown before the end) and the moves taken.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: uuid('id').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    engine: text('engine').notNull(),
    engineConfig: text('engine_config').notNull(),
    status: text('status').notNull().default('open'),
    currency: char('currency', { length: 3 }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    state: jsonb('state').$type<Record<string, unknown>>(),
    /** Blackjack and mines: the actions taken, each with the Idempotency-Key it came with. */
    moves: jsonb('moves').$type<{ action: string; key: string }[]>().notNull().default([]),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => fairnessSeeds.id),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('game_rounds_player_created').on(table.playerId, table.createdAt),
    index('game_rounds_open').on(table.createdAt).where(sql`${table.status} = 'open'`),
    uniqueIndex('game_rounds_seed_nonce').on(table.seedId, table.nonce),
    check('game_rounds_status_known', sql`${table.status} in ('open', 'settled', 'refunded')`),
    check('game_rounds_engine_known', sql`${table.engine} in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko')`),
    check('game_rounds_amounts', sql`${table.stake} > 0 and ${table.win} >= 0`),
  ],
);
