import type { FastifyInstance } from 'fastify';
import { screeningEndpoints as endpoints } from '../../../contract/screening.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

/**
 * Sanctions screening on the operator API (docs/decisions/0116): `screening.manage` (compliance, admin) sees the list
 * in force and the hits, and marks a hit a false positive with a reason kept in the audit log.
 */
export async function screeningRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts, operators: services.operators });

  route(app, endpoints.list, async () => ({ data: await services.screening.listInfo() }));

  route(app, endpoints.hits, ({ query: { status, player_id, page, per_page } }) =>
    services.screening.hits(
      { status, playerId: player_id === undefined ? undefined : Number(player_id) },
      { page: Number(page ?? 1), perPage: Number(per_page ?? 20) },
    ),
  );

  route(app, endpoints.falsePositive, async ({ staff, params, body }) => ({
    data: await services.screening.markFalsePositive(Number(params.id), staff.id, body.reason),
  }));
}
