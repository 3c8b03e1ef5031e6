import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const players = pgTable(
  'players',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public id: the referral link /refer-a-friend/{uuid}. Never used to authenticate. */
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    address1: text('address1').notNull(),
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    active: boolean('active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    blocked: boolean('blocked').notNull().default(false),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    kycStatus: text('kyc_status').notNull().default('unverified'),
    /** The affiliate's tracking token (`ma_token` cookie) the player registered with. */
    maToken: text('ma_token'),
    promo: text('promo'),
    referredBy: bigint('referred_by', { mode: 'number' }).references((): AnyPgColumn => players.id, { onDelete: 'set null' }),
    registrationIp: text('registration_ip'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('players_email_lower_unique').on(sql`lower(${table.email})`),
    index('players_referred_by_index').on(table.referredBy),
    index('players_ma_token_index').on(table.maToken),
    check('players_kyc_status_known', sql`${table.kycStatus} in ('unverified', 'pending', 'verified', 'rejected')`),
  ],
);

/** Bearer tokens as Laravel Sanctum keeps them: only the SHA-256 of the plaintext is stored. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** How it was obtained: 'login' or 'magic-link'. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('personal_access_tokens_player_index').on(table.playerId)],
);

/**
 * Single-use secrets sent to a player: activation links and SMS codes, password resets, magic links
 * and e-mail change confirmations. Only a SHA-256 is stored; `details` keeps what the use needs.
 */
export const playerSecrets = pgTable(
  'player_secrets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('player_secrets_hash_index').on(table.secretHash),
    index('player_secrets_player_purpose_index').on(table.playerId, table.purpose),
    check('player_secrets_purpose_known', sql`${table.purpose} in ('activation-email', 'activation-sms', 'password-reset', 'magic-link', 'email-change')`),
  ],
);
