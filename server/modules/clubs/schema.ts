import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

// The clubs' own rows (docs/decisions/0065-loyalty-points.md): every change of a player's points is an entry with a
// unique key (a round earns once, an exchange happens once, a month expires once), and the balance row is changed
// in the same transaction, never below zero.

/** One change of a player's points: earned (a round), exchanged, expired or adjusted by an operator. */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    type: text('type').notNull(),
    /** Signed: earned and positive adjustments add, the rest take away. */
    points: integer('points').notNull(),
    /** `round:{id}`, `exchange:{id}`, `expiry:{player}:{YYYY-MM}`, `adjust:{id}`: the same key never counts twice. */
    key: text('key').notNull(),
    /** The round, the exchange, the expired month or the operator's reason. */
    reference: text('reference'),
    /** The month the points count for (earned and adjusted), YYYY-MM in UTC: tiers and expiry read it. */
    month: text('month').notNull(),
    requestHash: text('request_hash'),
    operatorId: bigint('operator_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_entries_key').on(table.key),
    index('loyalty_entries_player').on(table.playerId, table.id),
    index('loyalty_entries_player_month').on(table.playerId, table.month),
    check('loyalty_entries_type', sql`${table.type} in ('earned', 'exchanged', 'expired', 'adjusted')`),
  ],
);

/** The player's spendable points and all points ever earned. */
export const loyaltyBalances = pgTable(
  'loyalty_balances',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => players.id),
    points: integer('points').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    /** Slot stakes (minor units) not yet worth a whole point: the next slot stake adds to them. */
    slotsCarry: integer('slots_carry').notNull().default(0),
    /** The same for table games, originals and crash. */
    tableCarry: integer('table_carry').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('loyalty_balances_not_negative', sql`${table.points} >= 0`),
    check('loyalty_balances_carry_in_range', sql`${table.slotsCarry} >= 0 and ${table.tableCarry} >= 0`),
  ],
);

/**
 * The tier a player reached in a month (YYYY-MM): written when it changes, so a month never takes a tier back and
 * the change is told once (`notifiedAt`).
 */
export const vipTiers = pgTable(
  'vip_tiers',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    month: text('month').notNull(),
    tier: text('tier').notNull(),
    previousTier: text('previous_tier').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.month] }), index('vip_tiers_unnotified').on(table.notifiedAt)],
);

/** One weekly cashback payment: a player is paid once per ISO week (`week` like 2026-W47). */
export const cashbackPayments = pgTable(
  'cashback_payments',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    week: text('week').notNull(),
    tier: text('tier').notNull(),
    netLoss: bigint('net_loss', { mode: 'number' }).notNull(),
    percent: integer('percent').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.week] })],
);
