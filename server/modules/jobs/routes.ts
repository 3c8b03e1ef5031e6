import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobNameParamsSchema, jobRunBodySchema, jobRunSchema, jobsSchema } from '../../../contract/clubs.ts';
import { dataOf } from '../../../contract/http.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import type { Services } from '../../services.ts';

/** The operators' view of scheduled jobs: their last runs, and a run for a period they name. */
export async function jobRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = staffGuards(services.operators);

  app.get('/api/admin/jobs', { preHandler: requirePermission('reports.read'), schema: { response: { 200: dataOf(jobsSchema) } } }, async () => ({
    data: await services.jobs.list(),
  }));

  app.post(
    '/api/admin/jobs/:name/run',
    {
      preHandler: requirePermission('settings.manage'),
      schema: { params: jobNameParamsSchema, body: jobRunBodySchema, response: { 200: dataOf(jobRunSchema) } },
    },
    async (request) => ({ data: await services.jobs.run(request.params.name, request.body?.period, request.operator!.id) }),
  );
}
