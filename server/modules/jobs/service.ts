// Every scheduled job of every module in one place (docs/decisions/0068-operator-jobs.md): the clock runs them on
// their patterns, operators run one for a period they name, and each run is recorded with what it did. The jobs'
// own writes are keyed by period, so a run by hand repeats nothing a scheduled run did.

import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunView } from '../../../contract/clubs.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { ScheduledJob, Scheduler } from '../../scheduler/scheduler.ts';
import { jobRuns } from './schema.ts';

/** A scheduled job, optionally with its own way of naming periods (`2026-W47`); ISO times otherwise. */
export type RegisteredJob = ScheduledJob & {
  periodFormat?: string;
  parsePeriod?: (text: string) => Date | null;
  periodName?: (period: Date) => string;
};

type Trigger = 'schedule' | 'operator';
type RunRow = typeof jobRuns.$inferSelect;

const toView = (row: RunRow): JobRunView => ({
  id: String(row.id),
  job: row.job,
  period: row.period,
  trigger: row.trigger as Trigger,
  status: row.status as JobRunView['status'],
  result: row.result ?? null,
  started_at: row.startedAt.toISOString(),
  finished_at: row.finishedAt.toISOString(),
});

const parseIso = (text: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
};

export type JobsService = ReturnType<typeof createJobsService>;

export function createJobsService({ db, scheduler, jobs, logger }: { db: Database; scheduler: Scheduler; jobs: RegisteredJob[]; logger?: FastifyBaseLogger }) {
  const byName = new Map(jobs.map((job) => [job.name, job]));

  async function record(job: RegisteredJob, run: Omit<typeof jobRuns.$inferInsert, 'job'>): Promise<RunRow> {
    const [row] = await db
      .insert(jobRuns)
      .values({ job: job.name, ...run })
      .returning();
    return row!;
  }

  /** The job with every run it makes (or fails to make) recorded; the lock still goes by the job's own name. */
  function recorded(job: RegisteredJob, trigger: Trigger, operatorId: number | null, into?: (row: RunRow) => void): ScheduledJob {
    const periodName = job.periodName ?? ((period: Date) => period.toISOString());
    return {
      name: job.name,
      pattern: job.pattern,
      run: async (period) => {
        const startedAt = new Date();
        try {
          const result = await job.run(period);
          into?.(
            await record(job, { period: periodName(period), trigger, status: 'ran', result: result ?? null, operatorId, startedAt, finishedAt: new Date() }),
          );
          return result;
        } catch (error) {
          const row = await record(job, {
            period: periodName(period),
            trigger,
            status: 'failed',
            result: { message: 'The run failed; the server log has the details.' },
            operatorId,
            startedAt,
            finishedAt: new Date(),
          }).catch(() => undefined);
          if (row) into?.(row);
          throw error;
        }
      },
    };
  }

  return {
    /** Starts the clock for every job. */
    scheduleAll(): void {
      for (const job of jobs) scheduler.schedule(recorded(job, 'schedule', null));
    },

    /** Runs `name` now for the period named (the current one without it); a run the lock refused is `skipped`. */
    async run(name: string, periodText: string | undefined, operatorId: number): Promise<JobRunView> {
      const job = byName.get(name);
      if (!job) throw new Problem(404, 'No scheduled job with that name.');
      let at = new Date();
      if (periodText !== undefined) {
        const parsed = (job.parsePeriod ?? parseIso)(periodText);
        if (!parsed) throw invalid({ period: [`The period must be ${job.periodFormat ?? 'an ISO time in UTC, e.g. 2026-11-23T10:00:00Z'}.`] });
        at = parsed;
      }
      let made: RunRow | undefined;
      const startedAt = new Date();
      try {
        const outcome = await scheduler.runNow(
          recorded(job, 'operator', operatorId, (row) => (made = row)),
          at,
        );
        if (outcome.ran && made) return toView(made);
      } catch (error) {
        logger?.error({ err: error, job: name }, 'job run by an operator failed');
        if (made) return toView(made);
        throw error;
      }
      const periodName = job.periodName ?? ((period: Date) => period.toISOString());
      return toView(
        await record(job, {
          period: periodName(at),
          trigger: 'operator',
          status: 'skipped',
          result: { message: 'Another run of this job was in progress; it does the same work.' },
          operatorId,
          startedAt,
          finishedAt: new Date(),
        }),
      );
    },

    /** Every job with its last runs, newest first. */
    async list(limit = 10) {
      return Promise.all(
        jobs.map(async (job) => ({
          name: job.name,
          pattern: job.pattern,
          period_format: job.periodFormat ?? 'an ISO time in UTC, e.g. 2026-11-23T10:00:00Z',
          last_runs: (await db.select().from(jobRuns).where(eq(jobRuns.job, job.name)).orderBy(desc(jobRuns.id)).limit(limit)).map(toView),
        })),
      );
    },
  };
}
