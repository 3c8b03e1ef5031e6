import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from '../accounts/schema.ts';

/** Operator messages in a player's inbox. Deleting hides a message from the player; the operator's record stays. */
export const playerMessages = pgTable(
  'player_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => players.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentBy: bigint('sent_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('player_messages_inbox').on(table.playerId, table.id)],
);
