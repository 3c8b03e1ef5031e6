import type { FastifyInstance } from 'fastify';
import { clubEndpoints as endpoints } from '../../../contract/clubs.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

/** The player's loyalty and VIP club, and the operators' view and adjustment of a player's points. */
export async function clubRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { clubs, accounts, operators } = services;
  const app = endpointApp(fastify, { accounts, operators });

  route(app, endpoints.loyalty, ({ player, query }) => clubs.loyalty(player.id, { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) }));

  route(app, endpoints.exchange, async ({ player, body, idempotencyKey }) => ({ data: await clubs.exchange(player.id, body.points, idempotencyKey) }));

  route(app, endpoints.vip, async ({ player }) => ({ data: await clubs.vip(player.id) }));

  const knownPlayer = async (id: string) => {
    if (!(await accounts.playerExists(Number(id)))) throw new Problem(404, 'No player with that id.');
    return Number(id);
  };

  route(app, endpoints.adminLoyalty, async ({ params }) => ({ data: await clubs.adminView(await knownPlayer(params.id)) }));

  route(app, endpoints.adjust, async ({ request, staff, params, body }) => {
    const playerId = await knownPlayer(params.id);
    // The audit row commits with the entry; a replay of the same key writes neither.
    const entry = await clubs.adjust(
      playerId,
      { points: body.points, reason: body.reason, operatorId: staff.id, idempotencyKey: idempotencyKey(request, false) },
      (tx, entryId) =>
        operators.audit.record(
          {
            staffId: staff.id,
            action: 'player.loyalty.adjust',
            playerId,
            subject: `player:${playerId}`,
            after: { entry_id: entryId, points: body.points, reason: body.reason.trim() },
          },
          tx,
        ),
    );
    return { data: entry };
  });
}
