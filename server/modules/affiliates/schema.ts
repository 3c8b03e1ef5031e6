import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

// The affiliate programme's tables (issue 31, docs/decisions/0107-affiliates.md). Only this module reads or writes them.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Commission plans; an affiliate has one (or none: earns nothing until assigned). */
export const affiliatePlans = pgTable(
  'affiliate_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    cpaAmount: bigint('cpa_amount', { mode: 'number' }),
    cpaMinDeposit: bigint('cpa_min_deposit', { mode: 'number' }),
    cpaWindowDays: integer('cpa_window_days'),
    cpaMinWagering: bigint('cpa_min_wagering', { mode: 'number' }),
    /** [{min_active_players, percent_bp}] ascending; percent in basis points (2500 = 25 %). */
    revshareTiers: jsonb('revshare_tiers').$type<{ minActivePlayers: number; percentBp: number }[]>().notNull().default([]),
    negativeCarryover: boolean('negative_carryover').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('affiliate_plans_type_known', sql`${table.type} in ('cpa', 'revshare', 'hybrid')`)],
);

export const affiliates = pgTable(
  'affiliates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull(),
    /** Lower case; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    country: text('country').notNull(),
    website: text('website'),
    payoutMethod: text('payout_method').notNull(),
    payoutDetails: text('payout_details').notNull(),
    status: text('status').notNull().default('pending'),
    planId: bigint('plan_id', { mode: 'number' }).references(() => affiliatePlans.id),
    /** The TOTP secret sealed as the staff's are; null while 2FA is off. `totpPending` holds one being set up. */
    totpSecret: text('totp_secret'),
    totpPending: text('totp_pending'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    /** Shared with the affiliate to check postbacks' signatures. */
    postbackSecret: text('postback_secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('affiliates_email_unique').on(table.email),
    index('affiliates_status_index').on(table.status),
    check('affiliates_status_known', sql`${table.status} in ('pending', 'approved', 'suspended')`),
    check('affiliates_kind_known', sql`${table.kind} in ('company', 'person')`),
  ],
);

/** Portal sessions (only the token's SHA-256) and one-time sign-in links (kind 'link'). */
export const affiliateTokens = pgTable(
  'affiliate_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('affiliate_tokens_affiliate_index').on(table.affiliateId), check('affiliate_tokens_kind_known', sql`${table.kind} in ('session', 'link')`)],
);

export const affiliateLinks = pgTable(
  'affiliate_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    token: text('token').notNull(),
    name: text('name'),
    landingPath: text('landing_path').notNull().default('/'),
    sub: text('sub'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('affiliate_links_token_unique').on(table.token), index('affiliate_links_affiliate_index').on(table.affiliateId)],
);

/** Counted clicks: a bot's and a visitor's repeats within the window are not rows. The visitor is a keyed hash, never an address. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The click's public id (`{click_id}`, the `ma_token` suffix). */
    publicId: text('public_id').notNull(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => affiliateLinks.id),
    sub: text('sub'),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('affiliate_clicks_public_id_unique').on(table.publicId),
    index('affiliate_clicks_link_time_index').on(table.linkId, table.createdAt),
    index('affiliate_clicks_visitor_index').on(table.visitorHash, table.linkId, table.createdAt),
  ],
);

/** One row per attributed player: the first registration wins (the primary key). */
export const affiliateAttributions = pgTable(
  'affiliate_attributions',
  {
    playerId: bigint('player_id', { mode: 'number' })
      .primaryKey()
      .references(() => players.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => affiliateLinks.id),
    clickId: bigint('click_id', { mode: 'number' }).references(() => affiliateClicks.id),
    sub: text('sub'),
    /** Marked by an operator: never qualifies, never counts in NGR. */
    testPlayer: boolean('test_player').notNull().default(false),
    /** Another account of someone already attributed (the same visitor's click), or marked so by an operator: excluded as test players are. */
    duplicate: boolean('duplicate').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    firstDepositAmount: bigint('first_deposit_amount', { mode: 'number' }),
    /** When the plan's CPA conditions were met (set once). */
    cpaQualifiedAt: timestamp('cpa_qualified_at', { withTimezone: true }),
    /** The statement that paid this player's CPA: at most one, ever. */
    cpaStatementId: bigint('cpa_statement_id', { mode: 'number' }),
  },
  (table) => [index('affiliate_attributions_affiliate_index').on(table.affiliateId, table.registeredAt)],
);

/**
 * Monthly statements and corrections: the figures are written once and never changed; only the status moves
 * (pending → approved → paid). A correction is a new row naming the statement it corrects.
 */
export const affiliateStatements = pgTable(
  'affiliate_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    corrects: bigint('corrects', { mode: 'number' }),
    currency: text('currency').notNull(),
    planId: bigint('plan_id', { mode: 'number' }),
    cpaCount: integer('cpa_count').notNull().default(0),
    cpaAmount: bigint('cpa_amount', { mode: 'number' }).notNull().default(0),
    ngr: bigint('ngr', { mode: 'number' }).notNull().default(0),
    activePlayers: integer('active_players').notNull().default(0),
    revsharePercentBp: integer('revshare_percent_bp').notNull().default(0),
    revshareAmount: bigint('revshare_amount', { mode: 'number' }).notNull().default(0),
    carryOverIn: bigint('carry_over_in', { mode: 'number' }).notNull().default(0),
    carryOverOut: bigint('carry_over_out', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    createdBy: bigint('created_by', { mode: 'number' }),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One statement per affiliate and month, whatever runs the job, wherever, however often.
    uniqueIndex('affiliate_statements_one_per_period').on(table.affiliateId, table.period).where(sql`${table.kind} = 'statement'`),
    index('affiliate_statements_status_index').on(table.status, table.period),
    check('affiliate_statements_kind_known', sql`${table.kind} in ('statement', 'correction')`),
    check('affiliate_statements_status_known', sql`${table.status} in ('pending', 'approved', 'paid')`),
  ],
);

/** A statement's payout: one per statement; above the four-eyes threshold it waits for a second staff member. */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => affiliateStatements.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    journalId: bigint('journal_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('affiliate_payouts_one_per_statement').on(table.statementId),
    check('affiliate_payouts_status_known', sql`${table.status} in ('awaiting_approval', 'paid')`),
  ],
);

/** Postback addresses per event. */
export const affiliatePostbackUrls = pgTable(
  'affiliate_postback_urls',
  {
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    event: text('event').notNull(),
    url: text('url').notNull(),
  },
  (table) => [uniqueIndex('affiliate_postback_urls_unique').on(table.affiliateId, table.event)],
);

/** Postbacks sent (through the outbox, whose row says how delivery went): one per affiliate, event and player. */
export const affiliatePostbacks = pgTable(
  'affiliate_postbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    event: text('event').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('affiliate_postbacks_once').on(table.affiliateId, table.event, table.playerId),
    index('affiliate_postbacks_affiliate_index').on(table.affiliateId, table.id),
  ],
);

/** Banners the operator uploads (checked by their bytes), served publicly for affiliates' sites. */
export const affiliateCreatives = pgTable('affiliate_creatives', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  landingPath: text('landing_path').notNull().default('/'),
  image: bytea('image').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
