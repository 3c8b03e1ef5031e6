import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, check, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

/**
 * Ledger accounts (docs/decisions/0020-ledger.md). A player has cash, bonus and withdrawal_hold accounts per
 * currency; the house has payment_clearing, game and bonus_cost accounts per currency. `balance` is the cached
 * sum of the account's entries, in integer minor units, updated in the same transaction as the entries. The house's
 * game account is split into shards (decision 0091); its balance is the sum of theirs.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerType: text('owner_type').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).references(() => players.id),
    kind: text('kind').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * One of the house's game or provider accounts per currency (HOUSE_GAME_SHARDS of each, decision 0091): each
     * round's bet and win go to its player's shard, so concurrent rounds do not queue on one row. 0 for every other
     * account.
     */
    shard: smallint('shard').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_player_kind_currency').on(table.playerId, table.kind, table.currency).where(sql`${table.ownerType} = 'player'`),
    uniqueIndex('ledger_accounts_house_kind_currency_shard').on(table.kind, table.currency, table.shard).where(sql`${table.ownerType} = 'house'`),
    check(
      'ledger_accounts_shard',
      sql`${table.shard} = 0 or (${table.ownerType} = 'house' and ${table.kind} in ('game', 'provider') and ${table.shard} between 1 and 255)`,
    ),
    check(
      'ledger_accounts_owner_kind',
      sql`(${table.ownerType} = 'player' and ${table.playerId} is not null and ${table.kind} in ('cash', 'bonus', 'withdrawal_hold'))
        or (${table.ownerType} = 'house' and ${table.playerId} is null and ${table.kind} in ('payment_clearing', 'game', 'bonus_cost', 'loyalty', 'adjustments', 'provider', 'receivables', 'affiliate_commission', 'affiliate_payable'))`,
    ),
    check('ledger_accounts_currency_iso', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    // Backstop only: the service refuses overdrafts with a conditional update before this could fire.
    check('ledger_accounts_player_not_negative', sql`${table.ownerType} = 'house' or ${table.balance} >= 0`),
  ],
);

/** One row per money movement; its entries sum to zero. The idempotency key makes a replay move nothing. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    referenceId: text('reference_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Journals are written in time order, so a BRIN index finds a period's journals (the weekly cashback) for a
    // few pages of index and next to no cost on each transfer.
    index('ledger_journals_created_brin').using('brin', table.createdAt),
    check(
      'ledger_journals_type',
      sql`${table.type} in ('deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment', 'withdrawal_hold', 'withdrawal_release', 'refund', 'chargeback', 'debt_repayment', 'affiliate_commission', 'affiliate_payout')`,
    ),
  ],
);

/**
 * A journal's entries, keyed by (journal, position) so the primary key also finds a journal's entries: one index
 * fewer to write per entry on the hottest insert path. An account's entries are found, in order, by
 * (account_id, journal_id); their time is the journal's. Each entry keeps the balance it left its account with, so a
 * statement or an audit reads running balances without summing the account's history.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    position: smallint('position').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The account's balance right after this entry, from the transfer's own update: a statement's running balance. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.journalId, table.position] }),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
    index('ledger_entries_account').on(table.accountId, table.journalId),
  ],
);
