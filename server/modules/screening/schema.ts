import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The screening module's table (docs/decisions/0116-sanctions-screening.md). Players are referred to by id only:
// the accounts module owns them (decision 0028).

/**
 * A player's name that matched a listed person: which entry, how closely, when and why it was screened, and what
 * compliance decided. One row per player, entry and screened name, so a daily re-screen records nothing twice and a
 * hit marked false-positive stays so until the player's name changes.
 */
export const screeningHits = pgTable(
  'screening_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    /** The list that matched (`EU consolidated financial sanctions list`). */
    source: text('source').notNull(),
    /** The entry's stable id on its list and the reference staff look up. */
    entryId: text('entry_id').notNull(),
    entryReference: text('entry_reference').notNull(),
    /** The list's spelling of the name that matched. */
    matchedName: text('matched_name').notNull(),
    /** The player's name as normalised when screened (the key a changed name is told apart by). */
    screenedName: text('screened_name').notNull(),
    score: real('score').notNull(),
    birthdate: text('birthdate').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('open'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('screening_hits_player_entry_name_unique').on(table.playerId, table.entryId, table.screenedName),
    index('screening_hits_status_created_index').on(table.status, table.createdAt),
    check('screening_hits_status_known', sql`${table.status} in ('open', 'false_positive')`),
    check('screening_hits_trigger_known', sql`${table.trigger} in ('registration', 'profile', 'rescreen')`),
    check('screening_hits_birthdate_known', sql`${table.birthdate} in ('match', 'not-listed')`),
  ],
);
