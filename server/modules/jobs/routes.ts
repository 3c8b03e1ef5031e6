import type { FastifyInstance } from 'fastify';
import { jobEndpoints as endpoints } from '../../../contract/jobs.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

/**
 * The operators' view of scheduled jobs (decision 0068): anyone who reads reports sees every job, its
 * schedule and its runs; `jobs.run` runs one by hand, with a reason kept in the audit log.
 */
export async function jobRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts, operators: services.operators });

  route(app, endpoints.list, async () => ({ data: await services.jobs.list() }));

  route(app, endpoints.runs, ({ params, query }) => services.jobs.runs(params.name, { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) }));

  route(app, endpoints.run, async ({ staff, params, body }) => ({ data: await services.jobs.run(params.name, body, staff.id) }));
}
