import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The compliance module's tables (issue 33 §2, §5, §6; docs/decisions/0114 and 0115). Only this module reads or
// writes them: the events it heard, the alerts its rules and the other modules raised, the staff's thresholds,
// cases with their notes and attachments, and the responses to markers of harm.

/**
 * What the rules read: the domain events compliance heard about each player (deposits, withdrawals, play, bonus
 * claims, registrations, sign-ins, limit changes), kept as facts in minor units. A window of them is one rule input.
 */
export const complianceEvents = pgTable(
  'compliance_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** Minor units; 0 where the event has no amount. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** The source's own id (journal, withdrawal, bonus); one event per kind and reference. */
    reference: text('reference').notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('compliance_events_reference').on(table.kind, table.reference), index('compliance_events_player_at').on(table.playerId, table.at)],
);

/** One alert per dedupe key; `hold_withdrawals` keeps the player's withdrawals waiting while the alert is open. */
export const complianceAlerts = pgTable(
  'compliance_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    rule: text('rule').notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    holdWithdrawals: boolean('hold_withdrawals').notNull().default(false),
    /** `open` until staff close it (alone, or with its case). */
    status: text('status').notNull().default('open'),
    caseId: bigint('case_id', { mode: 'number' }),
    resolution: text('resolution'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('compliance_alerts_dedupe').on(table.dedupeKey),
    index('compliance_alerts_player').on(table.playerId, table.status),
    index('compliance_alerts_open').on(table.status, table.createdAt),
    check('compliance_alerts_status_known', sql`${table.status} in ('open', 'closed')`),
  ],
);

/** A rule's thresholds as compliance staff set them; a rule without a row runs on its defaults (rules.ts). */
export const complianceThresholds = pgTable('compliance_thresholds', {
  rule: text('rule').primaryKey(),
  values: jsonb('values').$type<Record<string, number | boolean>>().notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const complianceCases = pgTable(
  'compliance_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    /** open → investigating → escalated → closed (closing may skip steps). */
    state: text('state').notNull().default('open'),
    outcome: text('outcome'),
    assignedTo: bigint('assigned_to', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    /** A close with "report filed" waits here for a second staff member's confirmation (four-eyes). */
    closeRequestedBy: bigint('close_requested_by', { mode: 'number' }),
    closeRequestedOutcome: text('close_requested_outcome'),
    closeRequestedNote: text('close_requested_note'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('compliance_cases_state').on(table.state, table.createdAt),
    check('compliance_cases_state_known', sql`${table.state} in ('open', 'investigating', 'escalated', 'closed')`),
  ],
);

/** A case's notes and attachments (small files kept in the row; `body` is the note or the file's description). */
export const complianceCaseNotes = pgTable(
  'compliance_case_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' }).notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    fileName: text('file_name'),
    contentType: text('content_type'),
    /** Base64 of a small attachment (at most 256 KiB decoded) and its SHA-256, for the report's facts. */
    fileData: text('file_data'),
    fileSha256: text('file_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('compliance_case_notes_case').on(table.caseId, table.id)],
);

/** Staff's responses to markers of harm: a message sent, a call logged, a limit suggested, an enforced break. */
export const rgInterventions = pgTable(
  'rg_interventions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    alertId: bigint('alert_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    note: text('note').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rg_interventions_player').on(table.playerId, table.createdAt),
    check('rg_interventions_kind_known', sql`${table.kind} in ('message', 'call', 'limit_suggested', 'break')`),
  ],
);
