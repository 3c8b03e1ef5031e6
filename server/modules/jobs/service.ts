// Every scheduled job of every module in one place (docs/decisions/0068-operator-jobs.md):
// the clock runs them on their patterns, staff run one by hand with a reason, and every attempt (ran, skipped
// because another node or run held the lock, failed) is recorded with its period, node and duration. Recording
// never breaks a job: a run whose record cannot be written is logged instead. The jobs' own writes are keyed by
// period, so a run by hand repeats nothing a scheduled run did.

import { hostname } from 'node:os';
import { count, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunView, JobView } from '../../../contract/jobs.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { RunReport, ScheduledJob, Scheduler } from '../../scheduler/scheduler.ts';
import type { AuditService } from '../operators/audit.ts';
import { type PageQuery, pageMeta, pageOffset } from '../shared/pagination.ts';
import { describeJob, describePattern, nextRunOf } from './catalogue.ts';
import { jobRuns } from './schema.ts';

/** A scheduled job, optionally with its own way of naming periods (`2026-W47`); ISO times otherwise. */
export type RegisteredJob = ScheduledJob & {
  periodFormat?: string;
  parsePeriod?: (text: string) => Date | null;
  periodName?: (period: Date) => string;
  /** False keeps it off the "Run now" button and the run route; every job may be run by hand unless it says so. */
  manual?: boolean;
};

type Trigger = 'schedule' | 'operator';
type RunRow = typeof jobRuns.$inferSelect;

/** Runs older than this are pruned by `jobs:prune-runs`. */
export const JOB_RUNS_KEPT_DAYS = 90;
/** Every night at 03:40 UTC, away from the cashback (Mondays 00:05) and the month's first-day jobs. */
export const PRUNE_PATTERN = '40 3 * * *';
const ERROR_CHARS = 500;
/** A result longer than this as JSON is not kept (a job's summary is a few counts). */
const RESULT_CHARS = 2_000;
const ISO_FORMAT = 'an ISO time in UTC, e.g. 2026-11-23T10:00:00Z';

/** This process among the nodes sharing the database: host and process id, stable for the process's life. */
export const PROCESS_NODE = `${hostname()}:${process.pid}`;

const parseIso = (text: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_CHARS);

/** The job's summary as kept: JSON-safe and small, or a note that it was too large. */
function summaryOf(result: unknown): unknown {
  if (result === undefined || result === null) return null;
  const json = JSON.stringify(result);
  if (json === undefined) return null;
  return json.length > RESULT_CHARS ? { note: 'The result was too large to keep.' } : JSON.parse(json);
}

export type JobsService = ReturnType<typeof createJobsService>;

export function createJobsService({
  db,
  scheduler,
  jobs: given,
  audit,
  staffEmails = async () => new Map(),
  node = PROCESS_NODE,
  logger,
}: {
  db: Database;
  scheduler: Scheduler;
  jobs: RegisteredJob[];
  audit: Pick<AuditService, 'audited'>;
  /** Staff e-mails by id, to name who ran a job by hand. */
  staffEmails?: () => Promise<Map<number, string>>;
  node?: string;
  logger?: FastifyBaseLogger;
}) {
  const pruneJob: RegisteredJob = {
    name: 'jobs:prune-runs',
    pattern: PRUNE_PATTERN,
    run: async (period) => {
      const before = new Date(period.getTime() - JOB_RUNS_KEPT_DAYS * 86_400_000);
      const deleted = await db.delete(jobRuns).where(lt(jobRuns.startedAt, before)).returning({ id: jobRuns.id });
      return { deleted: deleted.length, before: before.toISOString() };
    },
  };
  const jobs = [...given, pruneJob];
  const byName = new Map(jobs.map((job) => [job.name, job]));

  function rowOf(job: RegisteredJob, report: RunReport, trigger: Trigger, operatorId: number | null): typeof jobRuns.$inferInsert {
    return {
      job: job.name,
      period: (job.periodName ?? ((period: Date) => period.toISOString()))(report.period),
      trigger,
      status: report.outcome,
      result: report.outcome === 'ran' ? summaryOf(report.result) : null,
      error: report.outcome === 'failed' ? messageOf(report.error) : null,
      operatorId,
      node,
      durationMs: report.finishedAt.getTime() - report.startedAt.getTime(),
      startedAt: report.startedAt,
      finishedAt: report.finishedAt,
    };
  }

  async function views(rows: (RunRow | typeof jobRuns.$inferInsert)[]): Promise<JobRunView[]> {
    const emails = rows.some((row) => row.operatorId != null) ? await staffEmails() : new Map<number, string>();
    return rows.map((row) => viewOf(row, emails));
  }

  function viewOf(row: RunRow | typeof jobRuns.$inferInsert, emails: Map<number, string>): JobRunView {
    return {
      id: row.id == null ? null : String(row.id),
      job: row.job,
      period: row.period,
      trigger: row.trigger as Trigger,
      status: row.status as JobRunView['status'],
      result: row.result ?? null,
      error: row.error ?? null,
      node: row.node ?? null,
      duration_ms: row.durationMs ?? row.finishedAt.getTime() - row.startedAt.getTime(),
      staff_id: row.operatorId == null ? null : String(row.operatorId),
      staff_email: row.operatorId == null ? null : (emails.get(row.operatorId) ?? null),
      started_at: row.startedAt.toISOString(),
      finished_at: row.finishedAt.toISOString(),
    };
  }

  /** A scheduled attempt's record; a failure to write it is logged and goes no further. */
  async function recordScheduled(job: RegisteredJob, report: RunReport): Promise<void> {
    try {
      await db.insert(jobRuns).values(rowOf(job, report, 'schedule', null));
    } catch (error) {
      logger?.warn({ err: error, job: job.name, outcome: report.outcome }, 'scheduled job run not recorded');
    }
  }

  function known(name: string): RegisteredJob {
    const job = byName.get(name);
    if (!job) throw new Problem(404, 'No scheduled job with that name.');
    return job;
  }

  async function lastRuns(name: string, page: PageQuery) {
    return db.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(desc(jobRuns.id)).limit(page.perPage).offset(pageOffset(page));
  }

  return {
    /** The jobs module's own job (pruning old runs), for tests. */
    pruneJob,

    /** Starts the clock for every job; each attempt is recorded. */
    scheduleAll(): void {
      for (const job of jobs) scheduler.schedule(job, (report) => recordScheduled(job, report));
    },

    /**
     * Runs `name` now, by hand, for the period named (the current one without it), under the same lock as the
     * clock. The run and an audit row (`job.run`, with the reason) are written together. A run the lock refused is
     * recorded as skipped and answered 409; a failed run is recorded and answered with its error message.
     */
    async run(name: string, input: { reason: string; period?: string }, staffId: number): Promise<JobRunView> {
      const job = known(name);
      if (job.manual === false) throw new Problem(403, 'This job runs only on its schedule.');
      let at = new Date();
      if (input.period !== undefined) {
        const parsed = (job.parsePeriod ?? parseIso)(input.period);
        if (!parsed) throw invalid({ period: [`The period must be ${job.periodFormat ?? ISO_FORMAT}.`] });
        at = parsed;
      }
      const report = await scheduler.runReported(job, at);
      if (report.outcome === 'failed') logger?.error({ err: report.error, job: name }, 'job run by hand failed');
      const values = rowOf(job, report, 'operator', staffId);
      const row = await audit
        .audited(
          async (tx) => (await tx.insert(jobRuns).values(values).returning())[0]!,
          (made) => ({
            staffId,
            action: 'job.run',
            subject: `job:${name}`,
            after: { job: name, period: made.period, outcome: made.status, run_id: String(made.id), reason: input.reason, error: made.error },
          }),
        )
        .catch((error: unknown) => {
          logger?.error({ err: error, job: name, outcome: report.outcome }, 'job run by hand not recorded');
          return null;
        });
      const [view] = await views([row ?? values]);
      if (report.outcome === 'skipped') {
        throw new Problem(409, 'Another run of this job is in progress, on this server or another; it does the same work.', { body: { data: view } });
      }
      return view!;
    },

    /** One job's runs, newest first. */
    async runs(name: string, page: PageQuery) {
      known(name);
      const [rows, [total]] = await Promise.all([lastRuns(name, page), db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.job, name))]);
      return { data: await views(rows), meta: pageMeta(page, total?.n ?? 0) };
    },

    /** Every job: what it does, when it runs next, and its last runs, newest first. */
    async list(limit = 10): Promise<JobView[]> {
      const now = new Date();
      const runs = await Promise.all(jobs.map((job) => lastRuns(job.name, { page: 1, perPage: limit })));
      const emails = runs.flat().some((row) => row.operatorId != null) ? await staffEmails() : new Map<number, string>();
      return jobs.map((job, i) => ({
        name: job.name,
        description: describeJob(job.name),
        pattern: job.pattern,
        schedule: describePattern(job.pattern),
        next_run: nextRunOf(job.pattern, now)?.toISOString() ?? null,
        manual: job.manual !== false,
        period_format: job.periodFormat ?? ISO_FORMAT,
        last_runs: runs[i]!.map((row) => viewOf(row, emails)),
      }));
    },
  };
}
