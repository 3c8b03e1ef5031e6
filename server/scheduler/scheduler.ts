// Scheduled work inside the server (docs/decisions/0044-scheduler.md): croner fires each job on its cron pattern
// (UTC); a run holds a lock so only one runs at a time across every node sharing the database (a transaction-level
// advisory lock on PostgreSQL, an in-process guard on PGlite, which only one process can open). A run that finds
// the lock taken is skipped: the holder is doing the same work. Jobs get the start of the period they run for, so
// whatever they write can be keyed by it and a repeat, a restart or a second node changes nothing.

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

/** One attempt at a run, whatever came of it (docs/decisions/0102): what the jobs module records. */
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

  async function underLock(job: ScheduledJob, period: Date): Promise<JobRun> {
    if (database.driver === 'postgres') {
      return database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${job.name})) as locked`);
        if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return { ran: false };
        return { ran: true, result: await job.run(period) };
      });
    }
    let names = embeddedRuns.get(database.db);
    if (!names) embeddedRuns.set(database.db, (names = new Set()));
    if (names.has(job.name)) return { ran: false };
    names.add(job.name);
    try {
      return { ran: true, result: await job.run(period) };
    } finally {
      names.delete(job.name);
    }
  }

  /** The start of the period `at` falls in: the pattern's latest time at or before it. */
  function periodOf(job: ScheduledJob, at: Date): Date {
    return new Cron(job.pattern, { timezone: 'UTC', paused: true }).previousRuns(1, new Date(at.getTime() + 1))[0] ?? at;
  }

  /** Runs the job once now, for the current period, under its lock; the caller sees its result or its error. */
  function runNow(job: ScheduledJob, at = new Date()): Promise<JobRun> {
    const run = underLock(job, periodOf(job, at));
    running.add(run);
    void run.catch(() => {}).finally(() => running.delete(run));
    return run;
  }

  /** Like runNow, but never throws: the outcome (ran, skipped or failed), the period and the times of the attempt. */
  async function runReported(job: ScheduledJob, at = new Date()): Promise<RunReport> {
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
      const run = await runNow(job, at);
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
          const report = await runReported(job);
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
