import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every run of a scheduled job, by the clock or by an operator, with what it did (docs/decisions/0068). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    /** The period's own form: `2026-W47`, `2026-11`, or the start time for sweeps. */
    period: text('period').notNull(),
    trigger: text('trigger').notNull(),
    /** `ran`, `skipped` (another node or run held the lock) or `failed`. */
    status: text('status').notNull(),
    result: jsonb('result'),
    /** The staff member who started a run by hand; null for the clock's runs. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The process that made the run (the cache bus's node id); null on runs recorded before 0028. */
    node: text('node'),
    durationMs: integer('duration_ms'),
    /** A failed run's error message, cut to 500 characters; the stack stays in the log. */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('job_runs_job').on(table.job, table.id), index('job_runs_started').on(table.startedAt)],
);

/**
 * The last period each scheduled job was run for, claimed inside the run's lock (server/scheduler/scheduler.ts): a
 * node whose clock fires a moment later finds the period taken and skips it, so a period runs once across nodes.
 * A failed run's claim rolls back with it. Runs by hand do not claim.
 */
export const scheduledPeriods = pgTable('scheduled_periods', {
  job: text('job').primaryKey(),
  period: timestamp('period', { withTimezone: true }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
