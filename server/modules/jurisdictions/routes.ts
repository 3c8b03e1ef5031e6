import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import { jurisdictionsViewSchema } from '../../../contract/jurisdictions-admin.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import type { Services } from '../../services.ts';

// The back office's read-only view of the jurisdiction profiles (docs/decisions/0120): rules change in code, with tests.

export async function jurisdictionRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = staffGuards(services.operators);

  app.get(
    '/api/admin/jurisdictions',
    { preHandler: requirePermission('reports.read'), schema: { response: { 200: dataOf(jurisdictionsViewSchema) } } },
    async () => ({ data: services.jurisdictions.view(services.config.defaultCurrency) }),
  );
}
