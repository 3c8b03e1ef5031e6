import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

/**
 * Pre-committed hash chains (docs/decisions/0071-crash.md). The seed is secret; `terminating_hash` (h_0) is
 * published before the chain's first game; game i reveals h_i once it has crashed.
 */
export const crashChains = pgTable('crash_chains', {
  id: serial('id').primaryKey(),
  seed: text('seed').notNull(),
  terminatingHash: text('terminating_hash').notNull(),
  length: integer('length').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shared rounds. `hash` and `crash_point` (hundredths) are fixed when the game is created and shown only once
 * it has crashed. `crash_at` is when the multiplier reaches the crash point (started_at + the time to reach it).
 */
export const crashGames = pgTable(
  'crash_games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => crashChains.id),
    chainIndex: integer('chain_index').notNull(),
    hash: text('hash').notNull(),
    crashPoint: bigint('crash_point', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('betting'),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true, precision: 3 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    crashAt: timestamp('crash_at', { withTimezone: true, precision: 3 }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The round's crash moment passed while no node ran the loop: bets still in were returned (decision 0071). */
    interrupted: boolean('interrupted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('crash_games_chain_index').on(table.chainId, table.chainIndex),
    index('crash_games_open').on(table.id).where(sql`${table.status} <> 'crashed'`),
    check('crash_games_status_known', sql`${table.status} in ('betting', 'running', 'crashed')`),
  ],
);

/** One bet per player per game; its ledger keys are `crash:{id}:bet`, `:win` and `:refund`. */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: uuid('id').primaryKey(),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => crashGames.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    currency: char('currency', { length: 3 }).notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Hundredths; null without an automatic cash-out. */
    autoCashout: integer('auto_cashout'),
    /** The multiplier the bet was cashed out at, hundredths. */
    cashout: integer('cashout'),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('active'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_bets_game_player').on(table.gameId, table.playerId),
    index('crash_bets_player').on(table.playerId, table.createdAt),
    check('crash_bets_status_known', sql`${table.status} in ('active', 'cashed', 'lost', 'refunded')`),
    check('crash_bets_amounts', sql`${table.stake} > 0 and ${table.win} >= 0`),
  ],
);

/** Who runs the round loop: one row, held by the node whose lease has not expired (decision 0071). */
export const crashLeases = pgTable('crash_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
});
