import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, char, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

// Game aggregators' seamless wallets (docs/decisions/0096-hub88-seamless-wallet.md). `provider` names the
// aggregator ('hub88'); every amount is in our minor units (cents) of the row's currency.

/** The opaque reference an aggregator knows a player by (its `user`), made once per player and never reused. */
export const providerPlayers = pgTable(
  'provider_players',
  {
    provider: text('provider').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.playerId] }), uniqueIndex('provider_players_reference').on(table.provider, table.reference)],
);

/**
 * A game launch's session token: only its SHA-256 is kept. Good while it is used, until `expires_at`, which each
 * use pushes on up to a day after the launch.
 */
export const providerSessions = pgTable(
  'provider_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    gameCode: text('game_code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('provider_sessions_player').on(table.playerId)],
);

/**
 * Each of an aggregator's transactions, once: its `transaction_uuid` is unique per provider, and a repeat is answered
 * from this row. `state`: a bet is `accepted` (its money moved), `refused` (nothing kept) or `rolled_back`; wins and
 * rollbacks are kept only once accepted. A bet row with no `request_hash` was made by a rollback that came before
 * the bet: the bet is refused when it arrives. `response` is the outcome first answered (`ok`, `not_enough_money`…).
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    round: text('round'),
    gameCode: text('game_code'),
    /** The game's name when the transaction came, shown in the player's history instead of any id. */
    gameName: text('game_name'),
    currency: char('currency', { length: 3 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** A bet the aggregator pays (a free round): recorded, no money moves. */
    free: boolean('free').notNull().default(false),
    /** The aggregator's free-rounds reward a free bet was played from: the player's screen counts the rounds used. */
    rewardUuid: text('reward_uuid'),
    /** The bet a win or a rollback names. */
    referenceUuid: text('reference_uuid'),
    state: text('state').notNull(),
    response: text('response'),
    requestHash: text('request_hash'),
    /** Why a bet was refused (a limit's words), for support; never sent to the aggregator. */
    detail: text('detail'),
    journalId: bigint('journal_id', { mode: 'number' }),
    /** The journal that gave a bet's money back (its rollback, or its refusal after the fact). */
    reversalJournalId: bigint('reversal_journal_id', { mode: 'number' }),
    /** The cash part of a bet's stake that earned loyalty points, and the rule it earned by: given back with the stake. */
    pointsStake: bigint('points_stake', { mode: 'number' }).notNull().default(0),
    pointsEngine: text('points_engine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_transactions_uuid').on(table.provider, table.transactionUuid),
    index('provider_transactions_player_time').on(table.playerId, table.createdAt),
    // The reconciliation view reads a round's transactions.
    index('provider_transactions_round').on(table.provider, table.round),
    // Rows are written in time order: a period's (the reports') are found for a few pages of index, as journals are.
    index('provider_transactions_created_brin').using('brin', table.createdAt),
    check('provider_transactions_kind', sql`${table.kind} in ('bet', 'win', 'rollback')`),
    check('provider_transactions_state', sql`${table.state} in ('accepted', 'refused', 'rolled_back')`),
    check('provider_transactions_amount', sql`${table.amount} >= 0`),
  ],
);

/**
 * A player's round on an aggregator's game: open from its first bet until a transaction says it closed. A round left
 * open long after its last transaction is one to reconcile with the aggregator (the partial index finds them).
 */
export const providerRounds = pgTable(
  'provider_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    round: text('round').notNull(),
    gameCode: text('game_code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    status: text('status').notNull().default('open'),
    /** Accepted stakes less those rolled back, and wins, in minor units. */
    stake: bigint('stake', { mode: 'number' }).notNull().default(0),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('provider_rounds_player_round').on(table.provider, table.playerId, table.round),
    index('provider_rounds_open').on(table.updatedAt).where(sql`${table.status} = 'open'`),
    check('provider_rounds_status', sql`${table.status} in ('open', 'closed')`),
  ],
);

/** Each sync of an aggregator's game list into the catalogue: when, who asked, what it changed or why it failed. */
export const providerSyncs = pgTable(
  'provider_syncs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    trigger: text('trigger').notNull(),
    /** The staff member who pressed "Sync now"; null for the scheduled sync. */
    staffId: bigint('staff_id', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    total: integer('total').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
    error: text('error'),
  },
  (table) => [
    index('provider_syncs_provider_started').on(table.provider, table.startedAt),
    check('provider_syncs_trigger', sql`${table.trigger} in ('schedule', 'operator')`),
  ],
);

/** Each call we made to an aggregator's Operator API, kept a week: the console's error rate and last failures. */
export const providerCalls = pgTable(
  'provider_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    endpoint: text('endpoint').notNull(),
    ok: boolean('ok').notNull(),
    status: integer('status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('provider_calls_provider_at').on(table.provider, table.at)],
);

/**
 * Free rounds granted through an aggregator's Freebets API, once per `reference` (the bonus that granted them).
 * `bet_value` is in our minor units; `pending` until the aggregator made the reward, `failed` with its refusal.
 */
export const providerFreebets = pgTable(
  'provider_freebets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    gameCode: text('game_code').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    betValue: bigint('bet_value', { mode: 'number' }).notNull(),
    betCount: integer('bet_count').notNull(),
    rewardUuid: text('reward_uuid'),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_freebets_reference').on(table.provider, table.reference),
    index('provider_freebets_player').on(table.playerId),
    check('provider_freebets_status', sql`${table.status} in ('pending', 'active', 'failed')`),
  ],
);
