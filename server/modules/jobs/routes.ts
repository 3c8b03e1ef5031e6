import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import { jobNameParamsSchema, jobRunBodySchema, jobRunResponseSchema, jobRunsPageSchema, jobRunsQuerySchema, jobsSchema } from '../../../contract/jobs.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import type { Services } from '../../services.ts';

/**
 * The operators' view of scheduled jobs (decision 0068): anyone who reads reports sees every job, its
 * schedule and its runs; `jobs.run` runs one by hand, with a reason kept in the audit log.
 */
export async function jobRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = staffGuards(services.operators);

  app.get('/api/admin/jobs', { preHandler: requirePermission('reports.read'), schema: { response: { 200: dataOf(jobsSchema) } } }, async () => ({
    data: await services.jobs.list(),
  }));

  app.get(
    '/api/admin/jobs/:name/runs',
    {
      preHandler: requirePermission('reports.read'),
      schema: { params: jobNameParamsSchema, querystring: jobRunsQuerySchema, response: { 200: jobRunsPageSchema } },
    },
    async (request) => services.jobs.runs(request.params.name, { page: Number(request.query.page ?? 1), perPage: Number(request.query.per_page ?? 20) }),
  );

  app.post(
    '/api/admin/jobs/:name/run',
    {
      preHandler: requirePermission('jobs.run'),
      schema: { params: jobNameParamsSchema, body: jobRunBodySchema, response: { 200: jobRunResponseSchema } },
    },
    async (request) => ({ data: await services.jobs.run(request.params.name, request.body, request.operator!.id) }),
  );
}
