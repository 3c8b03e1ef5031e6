import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BonusBanner, BonusTerms, Contributions } from '../../../contract/bonuses.ts';
import { players } from '../accounts/schema.ts';

/**
 * Bonus definitions (docs/decisions/0050-bonus-engine.md): seeded per APP_ENV, managed by operators. A change
 * never touches bonuses already granted: each player bonus keeps the terms it was granted with.
 */
export const bonusDefinitions = pgTable(
  'bonus_definitions',
  {
    slug: text('slug').primaryKey(),
    title: text('title').notNull(),
    title2: text('title2').notNull().default(''),
    title3: text('title3').notNull().default(''),
    buttonClaim: text('button_claim').notNull().default('Claim'),
    buttonDeposit: text('button_deposit').notNull().default('Deposit'),
    visibility: text('visibility').notNull().default('public'),
    banner: jsonb('banner').$type<BonusBanner>().notNull(),
    type: text('type').notNull(),
    matchPercent: integer('match_percent').notNull().default(0),
    maxBonus: bigint('max_bonus', { mode: 'number' }).notNull().default(0),
    minDeposit: bigint('min_deposit', { mode: 'number' }).notNull().default(0),
    freeSpins: integer('free_spins').notNull().default(0),
    freeSpinGame: text('free_spin_game'),
    freeSpinStake: bigint('free_spin_stake', { mode: 'number' }).notNull().default(0),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    contributions: jsonb('contributions').$type<Contributions>().notNull(),
    maxBet: bigint('max_bet', { mode: 'number' }),
    maxConversion: bigint('max_conversion', { mode: 'number' }),
    claimDays: integer('claim_days').notNull().default(7),
    expiresInDays: integer('expires_in_days').notNull().default(30),
    firstDepositOnly: boolean('first_deposit_only').notNull().default(false),
    oncePerPlayer: boolean('once_per_player').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    weekdays: integer('weekdays').array(),
    retired: boolean('retired').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(100),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('bonus_definitions_type_known', sql`${table.type} in ('deposit_match', 'free_spins', 'no_deposit', 'reload')`),
    check('bonus_definitions_visibility_known', sql`${table.visibility} in ('public', 'hidden', 'code-only')`),
  ],
);

/**
 * A player's bonus: pending (a deposit offer waiting for its deposit), active (its money is in the player's bonus
 * account), then completed, forfeited, expired or cancelled. One pending or active bonus per player at a time.
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: uuid('id').primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** The definition's numbers when it was granted. */
    terms: jsonb('terms').$type<BonusTerms>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull().default(0),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    freeSpinsLeft: integer('free_spins_left').notNull().default(0),
    /** The deposit that activated it (deposit offers). */
    depositId: uuid('deposit_id'),
    converted: bigint('converted', { mode: 'number' }),
    /** Why it ended, for operators (withdrawal, self-exclusion, cancelled by the player, …). */
    endReason: text('end_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_bonuses_one_open').on(table.playerId).where(sql`${table.status} in ('pending', 'active')`),
    index('player_bonuses_player_created').on(table.playerId, table.createdAt),
    index('player_bonuses_open_expiry').on(table.expiresAt).where(sql`${table.status} in ('pending', 'active')`),
    check('player_bonuses_status_known', sql`${table.status} in ('pending', 'active', 'completed', 'forfeited', 'expired', 'cancelled')`),
    check('player_bonuses_wagered_nonnegative', sql`${table.wagered} >= 0`),
  ],
);

/** How a round's stake was paid while a bonus was active (one row per stake journal), so its win is split alike. */
export const bonusRoundStakes = pgTable(
  'bonus_round_stakes',
  {
    journalKey: text('journal_key').primaryKey(),
    roundId: text('round_id').notNull(),
    bonusId: uuid('bonus_id')
      .notNull()
      .references(() => playerBonuses.id),
    cash: bigint('cash', { mode: 'number' }).notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull(),
    freeSpin: boolean('free_spin').notNull().default(false),
    /** The wagering progress this stake added to its bonus: taken off again if the stake is given back. */
    wagering: bigint('wagering', { mode: 'number' }).notNull().default(0),
    /** When the stake was given back (an aggregator's rollback): its wagering was taken off once. */
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bonus_round_stakes_round').on(table.roundId)],
);
