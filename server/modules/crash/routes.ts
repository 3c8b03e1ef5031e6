import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  crashBetBodySchema,
  crashBetPlacedSchema,
  crashBetsPageSchema,
  crashBetsQuerySchema,
  crashGameDetailSchema,
  crashGameParamsSchema,
  crashStateSchema,
} from '../../../contract/crash.ts';
import { dataOf } from '../../../contract/http.ts';
import { presentedToken } from '../../http/auth.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// The crash table (docs/decisions/0071-crash.md): the round now and the last ones for everyone; bets and cash-outs
// for active players, with an Idempotency-Key like every money route.
export async function crashRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { crash, accounts } = services;
  const { signedIn, activePlayer } = playerGuards(fastify, accounts);

  app.get('/api/crash', { schema: { response: { 200: dataOf(crashStateSchema) } } }, async (request) => {
    // A guest sees the table; a signed-in player also sees their own bet.
    const token = presentedToken(request);
    const player = token ? await accounts.authenticate(token) : null;
    return { data: await crash.state(player ? Number(player.id) : null) };
  });

  app.get('/api/crash/games/:id', { schema: { params: crashGameParamsSchema, response: { 200: dataOf(crashGameDetailSchema) } } }, async (request) => {
    const { id } = request.params;
    const game = /^[1-9][0-9]{0,14}$/.test(id) ? await crash.game(Number(id)) : null;
    if (!game) throw new Problem(404, 'No crash round with that id.');
    return { data: game };
  });

  app.post(
    '/api/crash/bets',
    { preHandler: activePlayer, schema: { body: crashBetBodySchema, response: { 201: dataOf(crashBetPlacedSchema) } } },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const { stake, auto_cashout } = request.body;
      const placed = await crash.placeBet(Number(request.player!.id), { stake, autoCashout: auto_cashout ?? null }, key);
      return reply.code(201).send({ data: placed });
    },
  );

  app.post('/api/crash/cashout', { preHandler: activePlayer, schema: { response: { 200: dataOf(crashBetPlacedSchema) } } }, async (request) => {
    // The bet's own key (`crash:{bet}:win`) makes a repeated cash-out pay once; the header is still required.
    idempotencyKey(request, true);
    return { data: await crash.cashOut(Number(request.player!.id)) };
  });

  // The player's own bets, newest first: crash rounds are the table's, so they have their own list beside the
  // other games' rounds (GET /api/player/rounds).
  app.get(
    '/api/player/crash-bets',
    { preHandler: signedIn, schema: { querystring: crashBetsQuerySchema, response: { 200: crashBetsPageSchema } } },
    async (request) => crash.betsOf(Number(request.player!.id), { page: Number(request.query.page ?? 1), perPage: Number(request.query.per_page ?? 20) }),
  );
}
