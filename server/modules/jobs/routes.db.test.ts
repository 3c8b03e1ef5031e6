// The jobs API (docs/decisions/0068-operator-jobs.md): GET /api/admin/jobs, GET /api/admin/jobs/{name}/runs
// and POST /api/admin/jobs/{name}/run. Reading is `reports.read`; running is `jobs.run` (admin only) with a reason,
// which the audit row keeps. Refusals change nothing: no run, no run row, no audit row.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { can } from '../operators/permissions.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR, OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { jobRuns } from './schema.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.102');
const { call } = kit;
const db = () => t.services.database.db;
const JOB = 'audit:anchor';
const rowsOf = async (job: string) =>
  (
    await db()
      .select({ n: count() })
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.trigger, 'operator')))
  )[0]!.n;
const auditsOf = async (job: string) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.subject, `job:${job}`))
  )[0]!.n;

describe('GET /api/admin/jobs', () => {
  it('lists every job with what it does, its schedule in words, its next run and its last runs', async () => {
    const admin = await kit.adminToken();
    const listed = await call('GET', '/api/admin/jobs', { token: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const jobs = listed.json().data as { name: string; description: string; schedule: string; pattern: string; next_run: string; manual: boolean }[];
    expect(jobs.map((job) => job.name)).toContain('clubs:weekly-cashback');
    for (const job of jobs) {
      expect(job.description, job.name).not.toBe('No description yet.');
      expect(new Date(job.next_run).getTime(), job.name).toBeGreaterThan(Date.now() - 1_000);
      expect(job.manual).toBe(true);
    }
    expect(jobs.find((job) => job.name === 'clubs:weekly-cashback')).toMatchObject({ pattern: '5 0 * * 1', schedule: 'Every Monday at 00:05 UTC' });
    expect(jobs.find((job) => job.name === 'audit:anchor')).toMatchObject({ schedule: 'Every 5 minutes' });
  });

  it('is open to every role that reads reports and to no one without a staff token', async () => {
    const support = await kit.staff('support');
    expect(can('support', 'reports.read')).toBe(true);
    expect((await call('GET', '/api/admin/jobs', { token: support.token })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/jobs')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/jobs', { token: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/jobs/{name}/run', () => {
  it('runs the job now under its lock, records the run with the staff member, and audits it with the reason', async () => {
    const admin = await kit.adminToken();
    const adminId = await kit.adminId();
    const before = await rowsOf(JOB);
    const run = await call('POST', `/api/admin/jobs/${JOB}/run`, { token: admin, payload: { reason: '  Anchor before the audit visit  ' } });
    expect(run.statusCode, run.body).toBe(200);
    const view = run.json().data;
    expect(view).toMatchObject({ job: JOB, trigger: 'operator', status: 'ran', staff_id: String(adminId), staff_email: OPERATOR.email, error: null });
    expect(view.node).toEqual(expect.any(String));
    expect(view.duration_ms).toBeGreaterThanOrEqual(0);
    expect(await rowsOf(JOB)).toBe(before + 1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `job:${JOB}`), eq(auditLog.action, 'job.run')));
    expect(audit).toMatchObject({ staffId: adminId, after: { job: JOB, outcome: 'ran', run_id: view.id, reason: 'Anchor before the audit visit' } });

    // It is the newest of the job's runs, on the list and on its own page.
    const runs = await call('GET', `/api/admin/jobs/${JOB}/runs?per_page=5`, { token: admin });
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().data[0]).toMatchObject({ id: view.id, staff_email: OPERATOR.email });
    expect(runs.json().meta).toMatchObject({ current_page: 1, per_page: 5, total: expect.any(Number) });
    const listed = (await call('GET', '/api/admin/jobs', { token: admin })).json().data.find((job: { name: string }) => job.name === JOB);
    expect(listed.last_runs[0].id).toBe(view.id);
  });

  it('answers 409 while another run holds the job, and records that attempt as skipped', async () => {
    const admin = await kit.adminToken();
    let release!: () => void;
    let holds!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (holds = resolve));
    const job = 'clubs:points-expiry';
    // Another run of the same job (the lock goes by the name) that holds it until released.
    const other = t.services.scheduler.runNow({
      name: job,
      pattern: '15 0 1 * *',
      run: () => {
        holds();
        return held;
      },
    });
    await holding;
    const refused = await call('POST', `/api/admin/jobs/${job}/run`, { token: admin, payload: { reason: 'Expire points now' } });
    release();
    await other;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('in progress'), data: { status: 'skipped', trigger: 'operator' } });
    const [recorded] = await db()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.id, Number(refused.json().data.id)));
    expect(recorded).toMatchObject({ job, status: 'skipped', trigger: 'operator', operatorId: await kit.adminId() });
  });

  it('refuses without a token (401), without jobs.run (403), for an unknown job (404) and without a usable reason (422), changing nothing', async () => {
    const admin = await kit.adminToken();
    const finance = await kit.staff('finance');
    const support = await kit.staff('support');
    const before = [await rowsOf(JOB), await auditsOf(JOB)];
    const send = (payload: unknown, token?: string, job = JOB) => call('POST', `/api/admin/jobs/${job}/run`, { token, payload });

    expect((await send({ reason: 'No token at all' })).statusCode).toBe(401);
    for (const member of [finance, support]) {
      const refused = await send({ reason: 'Not my job to run' }, member.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'You do not have the jobs.run permission.', type: 'forbidden' });
    }
    expect((await send({ reason: 'There is no such job' }, admin, 'no-such-job')).statusCode).toBe(404);
    for (const payload of [{}, { reason: '' }, { reason: ' ok ' }, { reason: 'x'.repeat(501) }, { reason: 12 }, undefined]) {
      const refused = await send(payload, admin);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      if (payload) expect(Object.keys(refused.json().errors ?? {})).toEqual(['reason']);
    }
    expect((await send({ reason: 'A period it cannot read', period: 'next tuesday' }, admin)).statusCode).toBe(422);
    expect([await rowsOf(JOB), await auditsOf(JOB)]).toEqual(before);
  });
});

describe('GET /api/admin/jobs/{name}/runs', () => {
  it('pages a job’s runs newest first, and refuses an unknown job, a bad page and no token', async () => {
    const admin = await kit.adminToken();
    const job = 'bonuses:expiry';
    for (const reason of ['First run by hand', 'Second run by hand', 'Third run by hand']) {
      expect((await call('POST', `/api/admin/jobs/${job}/run`, { token: admin, payload: { reason } })).statusCode).toBe(200);
    }
    const first = await call('GET', `/api/admin/jobs/${job}/runs?per_page=2`, { token: admin });
    const second = await call('GET', `/api/admin/jobs/${job}/runs?per_page=2&page=2`, { token: admin });
    const ids = [...first.json().data, ...second.json().data].map((run: { id: string }) => Number(run.id));
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.json().meta.total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/admin/jobs/no-such-job/runs', { token: admin })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/jobs/${job}/runs?page=0`, { token: admin })).statusCode).toBe(422);
    expect((await call('GET', `/api/admin/jobs/${job}/runs?per_page=1000`, { token: admin })).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/jobs/BAD%20NAME/runs', { token: admin })).statusCode).toBe(422);
    expect((await call('GET', `/api/admin/jobs/${job}/runs`)).statusCode).toBe(401);
  });
});
