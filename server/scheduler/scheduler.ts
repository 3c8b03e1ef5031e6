// Scheduled work inside the server (docs/decisions/0044-scheduler.md): croner fires each job on its cron pattern
// (UTC); a run holds a lock so only one runs at a time across every node sharing the database (a transaction-level
// advisory lock on PostgreSQL, an in-process guard on PGlite, which only one process can open). A run that finds
// the lock taken is skipped: the holder is doing the same work. A scheduled run also claims its period under the lock
// (the jobs module's `scheduled_periods`), so a node whose clock fires a moment after another's finished skips it:
// one run per period across nodes. Jobs get the start of the period they run for, so whatever they write can be
// keyed by it and a repeat (by hand, or after a failure) changes nothing.

import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export type ScheduledJob = {
  /** Names the lock and the logs; unique among jobs. */
  name: string;
  /** A cron pattern in UTC, e.g. every five minutes: `*\/5 * * * *`. */
  pattern: string;
  /** One run for the period starting at `period`; must be safe to repeat for the same period. */
  run: (period: Date) => Promise<unknown>;
};

export type JobRun = { ran: true; result: unknown } | { ran: false };

/** One attempt at a run, whatever came of it (docs/decisions/0068): what the jobs module records. */
export type RunReport = {
  job: string;
  period: Date;
  startedAt: Date;
  finishedAt: Date;
  /** `skipped`: another node, or another run here, held the job's lock and does the same work. */
  outcome: 'ran' | 'skipped' | 'failed';
  result?: unknown;
  error?: unknown;
};

/** Keeps the scheduler's advisory locks apart from any other use of them: "CROU" in ASCII. */
const LOCK_SPACE = 0x43524f55;

// One guard per PGlite database, so several service sets opened on one embedded database (tests) still take turns.
const embeddedRuns = new WeakMap<object, Set<string>>();

export type Scheduler = ReturnType<typeof createScheduler>;

export function createScheduler({ database, logger }: { database: DatabaseHandle; logger?: FastifyBaseLogger }) {
  const crons: Cron[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  async function underLock(job: ScheduledJob, period: Date, claim: boolean): Promise<JobRun> {
    if (database.driver === 'postgres') {
      return database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${job.name})) as locked`);
        if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return { ran: false };
        if (claim) {
          // Taken if this period, or a later one, was already run by any node; rolled back with a failed run.
          const claimed = await tx.execute(sql`
            insert into scheduled_periods (job, period) values (${job.name}, ${period.toISOString()}::timestamptz)
            on conflict (job) do update set period = excluded.period, claimed_at = now() where scheduled_periods.period < excluded.period
            returning job`);
          if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return { ran: false };
        }
        return { ran: true, result: await job.run(period) };
      });
    }
    let names = embeddedRuns.get(database.db);
    if (!names) embeddedRuns.set(database.db, (names = new Set()));
    if (names.has(job.name)) return { ran: false };
    names.add(job.name);
    try {
      // One process opens PGlite, and the guard above keeps this job's runs apart: claim without a transaction (the
      // job's own statements would wait behind it) and give the claim back if the run fails.
      const rows = (database: DatabaseHandle['db']) =>
        database.execute(sql`select period from scheduled_periods where job = ${job.name}`) as unknown as Promise<{ rows: { period: string | Date }[] }>;
      const before = claim ? (await rows(database.db)).rows[0]?.period : undefined;
      if (claim && before !== undefined && new Date(before) >= period) return { ran: false };
      if (claim) {
        await database.db.execute(sql`
          insert into scheduled_periods (job, period) values (${job.name}, ${period.toISOString()}::timestamptz)
          on conflict (job) do update set period = excluded.period, claimed_at = now()`);
      }
      try {
        return { ran: true, result: await job.run(period) };
      } catch (error) {
        if (claim && before === undefined) await database.db.execute(sql`delete from scheduled_periods where job = ${job.name}`);
        if (claim && before !== undefined) {
          await database.db.execute(sql`update scheduled_periods set period = ${new Date(before).toISOString()}::timestamptz where job = ${job.name}`);
        }
        throw error;
      }
    } finally {
      names.delete(job.name);
    }
  }

  /** The start of the period `at` falls in: the pattern's latest time at or before it. */
  function periodOf(job: ScheduledJob, at: Date): Date {
    return new Cron(job.pattern, { timezone: 'UTC', paused: true }).previousRuns(1, new Date(at.getTime() + 1))[0] ?? at;
  }

  /**
   * Runs the job once now, for the current period, under its lock; the caller sees its result or its error.
   * `claim` (the clock's runs) skips a period some node already ran; a run by hand runs it again.
   */
  function runNow(job: ScheduledJob, at = new Date(), { claim = false }: { claim?: boolean } = {}): Promise<JobRun> {
    const run = underLock(job, periodOf(job, at), claim);
    running.add(run);
    void run.catch(() => {}).finally(() => running.delete(run));
    return run;
  }

  /** Like runNow, but never throws: the outcome (ran, skipped or failed), the period and the times of the attempt. */
  async function runReported(job: ScheduledJob, at = new Date(), options: { claim?: boolean } = {}): Promise<RunReport> {
    const period = periodOf(job, at);
    const startedAt = new Date();
    const report = (fields: Pick<RunReport, 'outcome' | 'result' | 'error'>): RunReport => ({
      job: job.name,
      period,
      startedAt,
      finishedAt: new Date(),
      ...fields,
    });
    try {
      const run = await runNow(job, at, options);
      return run.ran ? report({ outcome: 'ran', result: run.result }) : report({ outcome: 'skipped' });
    } catch (error) {
      return report({ outcome: 'failed', error });
    }
  }

  return {
    runNow,
    runReported,
    /**
     * Runs `job` on its pattern until stop(). A failed run is logged and the next one goes ahead; `afterRun` hears
     * of every attempt (the jobs module records it), and its own failure is logged, never the job's.
     */
    schedule(job: ScheduledJob, afterRun?: (report: RunReport) => Promise<void>): void {
      if (stopped) throw new Error('The scheduler is stopped');
      crons.push(
        new Cron(job.pattern, { timezone: 'UTC', protect: true, unref: true }, async () => {
          const report = await runReported(job, new Date(), { claim: true });
          const ms = report.finishedAt.getTime() - report.startedAt.getTime();
          if (report.outcome === 'ran') logger?.info({ job: job.name, result: report.result, ms }, 'scheduled job ran');
          if (report.outcome === 'failed') logger?.error({ err: report.error, job: job.name }, 'scheduled job failed');
          await afterRun?.(report).catch((error: unknown) => logger?.warn({ err: error, job: job.name }, 'scheduled job run not recorded'));
        }),
      );
    },
    /** No new runs; waits for runs in progress so the database outlives them. */
    async stop(): Promise<void> {
      stopped = true;
      for (const cron of crons.splice(0)) cron.stop();
      await Promise.allSettled([...running]);
    },
  };
}
