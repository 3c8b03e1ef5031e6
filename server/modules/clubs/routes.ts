import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminLoyaltySchema,
  exchangeBodySchema,
  exchangeSchema,
  loyaltyAdjustBodySchema,
  loyaltyEntrySchema,
  loyaltyQuerySchema,
  loyaltyResponseSchema,
  vipSchema,
} from '../../../contract/clubs.ts';
import { dataOf } from '../../../contract/http.ts';
import { playerIdParamsSchema } from '../../../contract/operators.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

/** The player's loyalty and VIP club, and the operators' view and adjustment of a player's points. */
export async function clubRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clubs, accounts } = services;
  const { signedIn, activePlayer } = playerGuards(fastify, accounts);
  const { requirePermission } = staffGuards(services.operators);

  app.get(
    '/api/player/loyalty',
    { preHandler: signedIn, schema: { querystring: loyaltyQuerySchema, response: { 200: loyaltyResponseSchema } } },
    async (request) => clubs.loyalty(request.player!.id, { page: Number(request.query.page ?? 1), perPage: Number(request.query.per_page ?? 20) }),
  );

  app.post(
    '/api/player/loyalty/exchange',
    { preHandler: activePlayer, schema: { body: exchangeBodySchema, response: { 201: dataOf(exchangeSchema) } } },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const exchange = await clubs.exchange(request.player!.id, request.body.points, key);
      return reply.code(201).send({ data: exchange });
    },
  );

  app.get('/api/player/vip', { preHandler: signedIn, schema: { response: { 200: dataOf(vipSchema) } } }, async (request) => ({
    data: await clubs.vip(request.player!.id),
  }));

  const knownPlayer = async (id: string) => {
    if (!(await accounts.playerExists(Number(id)))) throw new Problem(404, 'No player with that id.');
    return Number(id);
  };

  app.get(
    '/api/admin/players/:id/loyalty',
    { preHandler: requirePermission('players.read'), schema: { params: playerIdParamsSchema, response: { 200: dataOf(adminLoyaltySchema) } } },
    async (request) => ({ data: await clubs.adminView(await knownPlayer(request.params.id)) }),
  );

  app.post(
    '/api/admin/players/:id/loyalty',
    {
      preHandler: requirePermission('loyalty.manage'),
      schema: { params: playerIdParamsSchema, body: loyaltyAdjustBodySchema, response: { 201: dataOf(loyaltyEntrySchema) } },
    },
    async (request, reply) => {
      const playerId = await knownPlayer(request.params.id);
      // The audit row commits with the entry; a replay of the same key writes neither.
      const entry = await clubs.adjust(
        playerId,
        { points: request.body.points, reason: request.body.reason, operatorId: request.operator!.id, idempotencyKey: idempotencyKey(request, false) },
        (tx, entryId) =>
          services.operators.audit.record(
            {
              staffId: request.operator!.id,
              action: 'player.loyalty.adjust',
              playerId,
              subject: `player:${playerId}`,
              after: { entry_id: entryId, points: request.body.points, reason: request.body.reason.trim() },
            },
            tx,
          ),
      );
      return reply.code(201).send({ data: entry });
    },
  );
}
