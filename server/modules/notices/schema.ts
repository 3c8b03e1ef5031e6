import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

/**
 * Notices for money (issue 34 §4, docs/decisions/0119): one row per event told to a player, keyed by the event
 * (`deposit:{id}`, `bonus:{id}:completed`…). The unique key is the de-duplication: a retried or replayed event finds
 * its row and sends nothing twice. The inbox message and the e-mail are written in the same transaction as the row.
 */
export const playerNotices = pgTable(
  'player_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique('player_notices_key_unique'),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    /** What it tells: `deposit_credited`, `withdrawal_paid`, `bonus_granted`, `kyc_reviewed`… */
    kind: text('kind').notNull(),
    /** `service` (always sent) or `marketing` (only with consent and never to an excluded player). */
    purpose: text('purpose').notNull(),
    /** The inbox message written for it; null when marketing was not allowed to reach the player. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('player_notices_player').on(table.playerId, table.kind, table.createdAt)],
);
