// Every attempt at a scheduled job is recorded (docs/decisions/0068-operator-jobs.md): by the clock or by
// hand, ran, skipped because another node held the lock, or failed with its message; the clock goes on after a
// failure, a hand run carries the staff member and writes an audit row, and old runs are pruned.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { Problem } from '../../problem.ts';
import { createScheduler, type ScheduledJob } from '../../scheduler/scheduler.ts';
import { createAuditService } from '../operators/audit.ts';
import { auditLog, operators } from '../operators/schema.ts';
import { jobRuns } from './schema.ts';
import { createJobsService, JOB_RUNS_KEPT_DAYS, type RegisteredJob } from './service.ts';

let database: DatabaseHandle;
/** The staff member who runs jobs by hand here (the audit log names real staff). */
let staffId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  const [staff] = await database.db.insert(operators).values({ email: 'jobs@casino.example', passwordHash: 'not used', role: 'admin' }).returning();
  staffId = staff!.id;
});
afterAll(async () => {
  await database.close();
});

const db = () => database.db;
const runsOf = (job: string) => db().select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(asc(jobRuns.id));
/** Every second (croner's six-field form), so a test sees the clock's runs without waiting minutes. */
const EVERY_SECOND = '* * * * * *';

function jobsOn(jobs: RegisteredJob[], node: string) {
  const scheduler = createScheduler({ database });
  const service = createJobsService({
    db: db(),
    scheduler,
    jobs,
    audit: createAuditService({ db: db() }),
    staffEmails: async () => new Map([[staffId, 'jobs@casino.example']]),
    node,
  });
  return { scheduler, service };
}

/** A job that runs until released, so other attempts can be made while it holds the lock. */
function heldJob(name: string): { job: ScheduledJob; release: () => void; started: Promise<void> } {
  let release!: () => void;
  let begin!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (begin = resolve));
  return {
    job: {
      name,
      pattern: EVERY_SECOND,
      run: async () => {
        begin();
        await held;
        return { held: true };
      },
    },
    release,
    started,
  };
}

describe('recorded job runs', () => {
  it('records a scheduled run with its period, node, duration, outcome and summary, and no staff member', async () => {
    const name = `test:recorded:${database.driver}`;
    const { scheduler, service } = jobsOn([{ name, pattern: EVERY_SECOND, run: async (period) => ({ at: period.toISOString(), settled: 2 }) }], 'node-a');
    service.scheduleAll();
    await expect.poll(async () => (await runsOf(name)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    await scheduler.stop();
    const [run] = await runsOf(name);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'ran', node: 'node-a', operatorId: null, error: null, result: { at: run!.period, settled: 2 } });
    expect(run!.period).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(run!.durationMs).toBe(run!.finishedAt.getTime() - run!.startedAt.getTime());
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records a scheduled run as skipped while another node holds the lock', async () => {
    const name = `test:skipped:${database.driver}`;
    const { job, release, started } = heldJob(name);
    const other = jobsOn([], 'node-b');
    const holding = other.scheduler.runNow(job);
    await started;
    const { scheduler, service } = jobsOn([job], 'node-a');
    service.scheduleAll();
    await expect.poll(async () => (await runsOf(name)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    await scheduler.stop();
    release();
    await holding;
    const [skipped] = await runsOf(name);
    expect(skipped).toMatchObject({ trigger: 'schedule', status: 'skipped', node: 'node-a', result: null, error: null });
    await other.scheduler.stop();
  });

  it('records a failed run with its message, and the clock runs the job again after it', async () => {
    const name = `test:failing:${database.driver}`;
    let calls = 0;
    const job: RegisteredJob = {
      name,
      pattern: EVERY_SECOND,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('The provider answered 503');
        return { calls };
      },
    };
    const { scheduler, service } = jobsOn([job], 'node-a');
    service.scheduleAll();
    await expect.poll(async () => (await runsOf(name)).map((run) => run.status), { timeout: 6_000 }).toContain('ran');
    await scheduler.stop();
    const runs = await runsOf(name);
    expect(runs[0]).toMatchObject({ status: 'failed', error: 'The provider answered 503', result: null, node: 'node-a' });
    expect(runs.find((run) => run.status === 'ran')).toMatchObject({ result: { calls: 2 } });
  });

  it('a run by hand records the staff member and writes an audit row with the reason, in one go', async () => {
    const name = `test:by-hand:${database.driver}`;
    const { scheduler, service } = jobsOn([{ name, pattern: '*/5 * * * *', run: async () => ({ paid: 3 }) }], 'node-a');
    const view = await service.run(name, { reason: 'Pay before the weekend' }, staffId);
    expect(view).toMatchObject({
      job: name,
      trigger: 'operator',
      status: 'ran',
      result: { paid: 3 },
      staff_id: String(staffId),
      staff_email: 'jobs@casino.example',
      node: 'node-a',
    });
    const [run] = await runsOf(name);
    expect(run).toMatchObject({ id: Number(view.id), operatorId: staffId, status: 'ran' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `job:${name}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staffId,
      action: 'job.run',
      after: { job: name, period: run!.period, outcome: 'ran', run_id: view.id, reason: 'Pay before the weekend', error: null },
    });
    await scheduler.stop();
  });

  it('a failed run by hand is answered with its message, recorded and audited; a held one is a 409, recorded as skipped', async () => {
    const name = `test:by-hand-failing:${database.driver}`;
    const { scheduler, service } = jobsOn(
      [
        {
          name,
          pattern: '*/5 * * * *',
          run: async () => {
            throw new Error('No ledger account for the house');
          },
        },
      ],
      'node-a',
    );
    const failed = await service.run(name, { reason: 'Try it once more' }, staffId);
    expect(failed).toMatchObject({ status: 'failed', error: 'No ledger account for the house', result: null });

    const heldName = `test:by-hand-held:${database.driver}`;
    const { job, release, started } = heldJob(heldName);
    const both = jobsOn([job], 'node-b');
    const holding = scheduler.runNow(job);
    await started;
    const refusal = await both.service.run(heldName, { reason: 'Run it again' }, staffId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Problem);
    expect((refusal as Problem).statusCode).toBe(409);
    expect((refusal as Problem).body).toMatchObject({ data: { status: 'skipped', node: 'node-b', staff_id: String(staffId) } });
    release();
    await holding;
    expect((await runsOf(heldName)).map((run) => [run.status, run.operatorId])).toEqual([['skipped', staffId]]);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `job:${heldName}`));
    expect(audited.map((row) => (row.after as { outcome: string }).outcome)).toEqual(['skipped']);
    await Promise.all([scheduler.stop(), both.scheduler.stop()]);
  });

  it(`prunes runs older than ${JOB_RUNS_KEPT_DAYS} days and keeps the rest`, async () => {
    const name = `test:prune:${database.driver}`;
    const { scheduler, service } = jobsOn([], 'node-a');
    const now = new Date();
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    const row = (daysAgo: number) => ({
      job: name,
      period: at(daysAgo).toISOString(),
      trigger: 'schedule',
      status: 'ran',
      startedAt: at(daysAgo),
      finishedAt: at(daysAgo),
    });
    await db()
      .insert(jobRuns)
      .values([row(JOB_RUNS_KEPT_DAYS + 5), row(JOB_RUNS_KEPT_DAYS + 2), row(JOB_RUNS_KEPT_DAYS - 1), row(1)]);
    const pruned = await scheduler.runNow(service.pruneJob, now);
    expect(pruned.ran).toBe(true);
    expect((await runsOf(name)).map((run) => run.period)).toEqual([at(JOB_RUNS_KEPT_DAYS - 1).toISOString(), at(1).toISOString()]);
    await scheduler.stop();
  });
});
