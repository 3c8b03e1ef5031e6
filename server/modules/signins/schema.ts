import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The sign-ins module's tables (issue 33 §1 and §3, docs/decisions/0112-sign-ins-devices-and-linked-accounts.md).
// Players and staff are referred to by id only: the accounts and operators modules own them (decision 0028).

/**
 * One sign-in and the session it opened: from the sign-in, seen until `last_seen_at`, ended at a logout. The IP and
 * user agent are personal data kept for compliance and forgotten after the retention (set to null).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    /** How the player signed in: `password` (login, the auto-login after registration) or `magic-link`. */
    method: text('method').notNull(),
    /** The bearer token the sign-in issued: its later use moves `last_seen_at`, its logout ends the session. */
    tokenId: bigint('token_id', { mode: 'number' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The browser's first-party `device_id` cookie (a random id, no personal data). */
    deviceId: text('device_id'),
  },
  (table) => [
    index('sign_ins_player_signed_in').on(table.playerId, table.signedInAt),
    index('sign_ins_device').on(table.deviceId),
    index('sign_ins_ip_signed_in').on(table.ip, table.signedInAt),
    index('sign_ins_token').on(table.tokenId),
    check('sign_ins_method_known', sql`${table.method} in ('password', 'magic-link')`),
  ],
);

/** Two players linked by something they share; one row per pair and reason, the lower id first. */
export const accountLinks = pgTable(
  'account_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    otherPlayerId: bigint('other_player_id', { mode: 'number' }).notNull(),
    /** device, payment, address, phone or ip */
    reason: text('reason').notNull(),
    /** What they share, for staff: a device id's start, an instrument, the address, the phone, the IP. */
    detail: text('detail').notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_links_pair_reason').on(table.playerId, table.otherPlayerId, table.reason),
    index('account_links_other').on(table.otherPlayerId),
    check('account_links_ordered', sql`${table.playerId} < ${table.otherPlayerId}`),
    check('account_links_reason_known', sql`${table.reason} in ('device', 'payment', 'address', 'phone', 'ip')`),
  ],
);

/** A player staff flagged as a duplicate account: no bonuses, no affiliate commission, while the row exists. */
export const duplicateAccounts = pgTable('duplicate_accounts', {
  playerId: bigint('player_id', { mode: 'number' }).primaryKey(),
  reason: text('reason').notNull(),
  flaggedBy: bigint('flagged_by', { mode: 'number' }).notNull(),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
});
