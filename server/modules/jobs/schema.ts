import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every run of a scheduled job, by the clock or by an operator, with what it did (docs/decisions/0068). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    /** The period's own form: `2026-W47`, `2026-11`, or the start time for sweeps. */
    period: text('period').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    result: jsonb('result'),
    operatorId: bigint('operator_id', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('job_runs_job').on(table.job, table.id)],
);
