// The scheduler (decision 0044): one run of a job at a time across every node on the database, each run told the
// period it is for, failures logged without stopping the schedule, and nothing left running after stop().
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A job that runs until released, so a second run can be tried while it holds the lock. */
function heldJob(name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let runs = 0;
  const job: ScheduledJob = {
    name,
    pattern: '*/5 * * * *',
    run: async () => {
      runs++;
      await held;
      return runs;
    },
  };
  return { job, release, runs: () => runs };
}

const recordingLogger = () => {
  const errors: { job: unknown; message: string }[] = [];
  const logger = {
    info: () => {},
    error: (fields: { job: unknown }, message: string) => errors.push({ job: fields.job, message }),
  } as unknown as FastifyBaseLogger;
  return { logger, errors };
};

describe('scheduler', () => {
  it('tells a run the start of the period it is for, in UTC', async () => {
    const periods: Date[] = [];
    const scheduler = createScheduler({ database });
    const job: ScheduledJob = { name: 'test:period', pattern: '*/5 * * * *', run: async (period) => void periods.push(period) };
    await scheduler.runNow(job, new Date('2026-11-22T12:07:30.250Z'));
    await scheduler.runNow(job, new Date('2026-11-22T12:10:00.000Z'));
    expect(periods.map((period) => period.toISOString())).toEqual(['2026-11-22T12:05:00.000Z', '2026-11-22T12:10:00.000Z']);
    await scheduler.stop();
  });

  it('runs a job on one node at a time: a run while another holds the lock is skipped, on this node or a second', async () => {
    const first = createScheduler({ database });
    const second = createScheduler({ database });
    const { job, release, runs } = heldJob(`test:lock:${database.driver}`);
    const holding = first.runNow(job);
    await expect.poll(runs).toBe(1);
    expect(await first.runNow(job)).toEqual({ ran: false });
    expect(await second.runNow(job)).toEqual({ ran: false });
    // Another job is not held up by it.
    expect(await second.runNow({ name: 'test:other', pattern: '* * * * *', run: async () => 'other' })).toEqual({ ran: true, result: 'other' });
    release();
    expect(await holding).toEqual({ ran: true, result: 1 });
    expect(await second.runNow(job)).toEqual({ ran: true, result: 2 });
    await Promise.all([first.stop(), second.stop()]);
  });

  it('runs a period once across nodes when the clock fires on each; a failed run gives its period back; by hand runs again', async () => {
    const first = createScheduler({ database });
    const second = createScheduler({ database });
    let runs = 0;
    let fail = false;
    const job: ScheduledJob = {
      name: `claimed-${Math.random()}`,
      pattern: '*/5 * * * *',
      run: async () => {
        runs++;
        if (fail) throw new Error('not this time');
        return runs;
      },
    };
    const at = new Date('2026-03-01T10:07:00Z');
    // Two nodes whose clocks fire one after the other for the same period: the second finds it done.
    expect((await first.runReported(job, at, { claim: true })).outcome).toBe('ran');
    expect((await second.runReported(job, new Date('2026-03-01T10:08:30Z'), { claim: true })).outcome).toBe('skipped');
    // A late tick for an earlier period is skipped too; the next period runs.
    expect((await second.runReported(job, new Date('2026-03-01T10:02:00Z'), { claim: true })).outcome).toBe('skipped');
    fail = true;
    expect((await second.runReported(job, new Date('2026-03-01T10:10:00Z'), { claim: true })).outcome).toBe('failed');
    fail = false;
    // The failed run gave its period back: the other node's tick runs it.
    expect((await first.runReported(job, new Date('2026-03-01T10:11:00Z'), { claim: true })).outcome).toBe('ran');
    expect((await second.runReported(job, new Date('2026-03-01T10:12:00Z'), { claim: true })).outcome).toBe('skipped');
    // By hand (no claim) the same period runs again: the job is safe to repeat for its period.
    expect((await first.runReported(job, new Date('2026-03-01T10:12:00Z'))).outcome).toBe('ran');
    expect(runs).toBe(4);
  });

  it('releases the lock when a run fails, and the caller of runNow sees the error', async () => {
    const scheduler = createScheduler({ database });
    let fail = true;
    const job: ScheduledJob = {
      name: 'test:failing',
      pattern: '* * * * *',
      run: async () => {
        if (fail) throw new Error('no luck');
        return 'fine';
      },
    };
    await expect(scheduler.runNow(job)).rejects.toThrow('no luck');
    fail = false;
    expect(await scheduler.runNow(job)).toEqual({ ran: true, result: 'fine' });
    await scheduler.stop();
  });

  it('runs a job on its pattern, logs a failed run and goes on, and stops for good', async () => {
    // croner's clock is a fake one (its timers and Date), so the pattern's ticks come when the test moves it and
    // "no run after stop" is checked over a minute of ticks instead of by waiting; the runs still use the database.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { logger, errors } = recordingLogger();
      const scheduler = createScheduler({ database, logger });
      let runs = 0;
      scheduler.schedule({
        name: 'test:every-second',
        pattern: '* * * * * *',
        run: async () => {
          runs++;
          if (runs === 1) throw new Error('first run fails');
        },
      });
      // One second, one tick, per poll; a tick that comes while the run before is still going is skipped.
      await expect
        .poll(
          async () => {
            await vi.advanceTimersByTimeAsync(1_000);
            return runs;
          },
          { timeout: 5_000 },
        )
        .toBeGreaterThanOrEqual(2);
      expect(errors[0]).toEqual({ job: 'test:every-second', message: 'scheduled job failed' });
      await scheduler.stop();
      const stoppedAt = runs;
      // Sixty ticks' worth: a cron left running would start a run on each, synchronously as its timer fires, and
      // stop() again waits for any run so started, one still on its way to the database included.
      await vi.advanceTimersByTimeAsync(60_000);
      await scheduler.stop();
      expect(runs).toBe(stoppedAt);
      expect(() => scheduler.schedule({ name: 'test:late', pattern: '* * * * *', run: async () => {} })).toThrow('stopped');
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a run in progress when stopped, so the database outlives it', async () => {
    const scheduler = createScheduler({ database });
    const { job, release, runs } = heldJob('test:stop');
    const settled: string[] = [];
    const run = scheduler.runNow(job);
    void run.then(() => settled.push('run'));
    await expect.poll(runs).toBe(1);
    const stopping = scheduler.stop().then(() => settled.push('stop'));
    // stop() does no I/O of its own: had it not waited for the run, it would have settled within this turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([]);
    release();
    await stopping;
    expect(settled).toEqual(['run', 'stop']);
    expect(await run).toEqual({ ran: true, result: 1 });
  });
});
