import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import {
  falsePositiveBodySchema,
  screeningHitParamsSchema,
  screeningHitSchema,
  screeningHitsPageSchema,
  screeningHitsQuerySchema,
  screeningListSchema,
} from '../../../contract/screening.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import type { Services } from '../../services.ts';

/**
 * Sanctions screening on the operator API (docs/decisions/0116): `screening.manage` (compliance, admin) sees the list
 * in force and the hits, and marks a hit a false positive with a reason kept in the audit log.
 */
export async function screeningRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = staffGuards(services.operators);
  const manage = requirePermission('screening.manage');

  app.get('/api/admin/screening/list', { preHandler: manage, schema: { response: { 200: dataOf(screeningListSchema) } } }, async () => ({
    data: await services.screening.listInfo(),
  }));

  app.get(
    '/api/admin/screening/hits',
    { preHandler: manage, schema: { querystring: screeningHitsQuerySchema, response: { 200: screeningHitsPageSchema } } },
    async (request) => {
      const { status, player_id, page, per_page } = request.query;
      return services.screening.hits(
        { status, playerId: player_id === undefined ? undefined : Number(player_id) },
        { page: Number(page ?? 1), perPage: Number(per_page ?? 20) },
      );
    },
  );

  app.post(
    '/api/admin/screening/hits/:id/false-positive',
    { preHandler: manage, schema: { params: screeningHitParamsSchema, body: falsePositiveBodySchema, response: { 200: dataOf(screeningHitSchema) } } },
    async (request) => ({ data: await services.screening.markFalsePositive(Number(request.params.id), request.operator!.id, request.body.reason) }),
  );
}
