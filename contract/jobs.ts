// The scheduled jobs' operator API (decision 0068): every job with its schedule and last runs, a job's
// runs page by page, and a run by hand with a reason.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataOf, matching, PAGE, PER_PAGE, pageMetaSchema } from './http.ts';
import { actionReasonSchema } from './operators.ts';

export const JOB_RUN_STATUSES = ['ran', 'skipped', 'failed'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

export const jobNameParamsSchema = z.object({ name: matching(/^[a-z0-9:-]{1,64}$/) });
/** POST /api/admin/jobs/{name}/run body: why (kept in the audit log) and the period to run for, in the job's own form; the current one without it. */
export const jobRunBodySchema = z.object({ reason: actionReasonSchema, period: z.string().max(40).optional() });
export const jobRunsQuerySchema = z.object({ page: PAGE.optional(), per_page: PER_PAGE.optional() });

export const jobRunSchema = z.object({
  /** Null only when the run went ahead but its record could not be written (the log has it). */
  id: z.string().nullable(),
  job: z.string(),
  period: z.string(),
  trigger: z.enum(['schedule', 'operator']),
  status: z.enum(JOB_RUN_STATUSES),
  /** The job's own summary (counts, the period): never personal data. */
  result: z.unknown(),
  /** A failed run's error message; the details stay in the server log. */
  error: z.string().nullable(),
  /** The process that made the run; null on runs recorded before nodes were. */
  node: z.string().nullable(),
  duration_ms: z.int(),
  /** The staff member who ran it by hand; null for the clock's runs. */
  staff_id: z.string().nullable(),
  staff_email: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string(),
});
export type JobRunView = z.infer<typeof jobRunSchema>;

export const jobSchema = z.object({
  name: z.string(),
  description: z.string(),
  pattern: z.string(),
  /** The pattern in words, in UTC. */
  schedule: z.string(),
  next_run: z.string().nullable(),
  /** Whether staff with `jobs.run` may run it by hand. */
  manual: z.boolean(),
  period_format: z.string(),
  last_runs: z.array(jobRunSchema),
});
export type JobView = z.infer<typeof jobSchema>;
export const jobsSchema = z.array(jobSchema);
export const jobRunsPageSchema = z.object({ data: z.array(jobRunSchema), meta: pageMetaSchema });
export const jobRunResponseSchema = dataOf(jobRunSchema);

// --- the endpoints (contract/endpoint.ts) ------------------------------------------------------------------------
export const jobEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/jobs',
    responses: { 200: dataOf(jobsSchema) },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'Every scheduled job, its schedule and its last run',
    operationId: 'listJobs',
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/admin/jobs/:name/runs',
    params: jobNameParamsSchema,
    query: jobRunsQuerySchema,
    responses: { 200: jobRunsPageSchema },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'A job’s runs, a page at a time',
    operationId: 'listJobRuns',
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/admin/jobs/:name/run',
    params: jobNameParamsSchema,
    body: jobRunBodySchema,
    responses: { 200: jobRunResponseSchema },
    auth: 'operator',
    permission: 'jobs.run',
    summary: 'Run a job by hand',
    operationId: 'runJob',
  }),
};
