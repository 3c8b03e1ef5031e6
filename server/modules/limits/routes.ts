import { staffGuards } from '../../http/operator-guard.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '../../../contract/http.ts';
import {
  adminPlayerLimitsSchema,
  depositPromptBodySchema,
  limitKeyBodySchema,
  operatorSelfExclusionBodySchema,
  operatorTimeOutBodySchema,
  playerLimitsSchema,
  realityCheckBodySchema,
  selfExclusionBodySchema,
  sessionSchema,
  sessionSettingsBodySchema,
  setLimitBodySchema,
  timeOutBodySchema,
} from '../../../contract/limits.ts';
import { playerIdParamsSchema } from '../../../contract/operators.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Database } from '../../db/client.ts';
import type { Services } from '../../services.ts';

// Responsible gambling (docs/decisions/0055-limits.md): the player's limits, session, time-out and self-exclusion,
// and the operator's view and tightening of them.

export async function limitRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { limits, accounts, config } = services;
  const { notBlocked } = playerGuards(fastify, accounts);
  const limitsResponse = { 200: dataOf(playerLimitsSchema) };
  const sessionResponse = { 200: dataOf(sessionSchema) };
  const adminResponse = { 200: dataOf(adminPlayerLimitsSchema) };
  const me = (request: FastifyRequest) => request.player!;

  // --- the player ---------------------------------------------------------------------------------------------
  app.get('/api/player/limits', { preHandler: notBlocked, schema: { response: limitsResponse } }, async (request) => ({
    data: await limits.overview(me(request).id),
  }));

  app.put('/api/player/limits', { preHandler: notBlocked, schema: { body: setLimitBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.setLimit(me(request).id, request.body),
  }));

  app.post('/api/player/limits/confirm', { preHandler: notBlocked, schema: { body: limitKeyBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.confirm(me(request).id, request.body),
  }));

  app.post('/api/player/limits/cancel', { preHandler: notBlocked, schema: { body: limitKeyBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.cancel(me(request).id, request.body),
  }));

  // The deposit limit prompt before the first deposit and every 6 months (UKGC, decision 0121).
  app.post(
    '/api/player/limits/deposit-prompt',
    { preHandler: notBlocked, schema: { body: depositPromptBodySchema, response: limitsResponse } },
    async (request) => ({ data: await limits.answerDepositPrompt(me(request).id, request.body) }),
  );

  // The responsible-gambling information acknowledged before the first stake (MGA, decision 0120).
  app.post('/api/player/limits/rg-info', { preHandler: notBlocked, schema: { response: limitsResponse } }, async (request) => ({
    data: await limits.acknowledgeRgInfo(me(request).id),
  }));

  app.put('/api/player/limits/session', { preHandler: notBlocked, schema: { body: sessionSettingsBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.setSessionSettings(me(request).id, request.body),
  }));

  app.get('/api/player/limits/session', { preHandler: notBlocked, schema: { response: sessionResponse } }, async (request) => ({
    data: await limits.session(me(request).id, me(request).tokenId),
  }));

  app.post(
    '/api/player/limits/reality-check',
    { preHandler: notBlocked, schema: { body: realityCheckBodySchema, response: sessionResponse } },
    async (request) => ({ data: await limits.answerRealityCheck(me(request).id, me(request).tokenId) }),
  );

  app.post('/api/player/time-out', { preHandler: notBlocked, schema: { body: timeOutBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.timeOut(me(request).id, request.body.days, request.body.password),
  }));

  app.post('/api/player/self-exclusion', { preHandler: notBlocked, schema: { body: selfExclusionBodySchema, response: limitsResponse } }, async (request) => ({
    data: await limits.selfExclude(me(request).id, request.body.months, request.body.password),
  }));

  app.post('/api/player/self-exclusion/return', { preHandler: notBlocked, schema: { response: limitsResponse } }, async (request) => ({
    data: await limits.requestReturn(me(request).id),
  }));

  // The browser tests' stand-in for time passing (a reality check due): staging only, never in production.
  if (config.appEnv === 'staging') {
    app.post(
      '/api/testing/limits/rewind-session',
      { preHandler: notBlocked, schema: { body: z.object({ minutes: z.int().min(1).max(1440) }), response: { 204: z.null() } } },
      async (request, reply) => {
        await limits.rewindSession(me(request).id, request.body.minutes);
        return reply.code(204).send(null);
      },
    );
  }

  // --- operators ----------------------------------------------------------------------------------------------
  const { requirePermission } = staffGuards(services.operators);

  /** The operator's change in the hash-chained audit log too (issue 18), beside the limits' own change history. */
  // Each operator action's audit row is written inside the change's own transaction.
  const operatorAudit = (staffId: number, playerId: number, action: string, after: Record<string, unknown>) => (tx: Database) =>
    services.operators.audit.record({ staffId, action, playerId, subject: `player:${playerId}`, after }, tx);

  async function playerOr404(id: string): Promise<number> {
    const playerId = Number(id);
    if (!(await accounts.playerExists(playerId))) throw new Problem(404, 'No player with that id.');
    return playerId;
  }

  app.get(
    '/api/admin/players/:id/limits',
    { preHandler: requirePermission('limits.manage'), schema: { params: playerIdParamsSchema, response: adminResponse } },
    async (request) => ({ data: await limits.adminView(await playerOr404(request.params.id)) }),
  );

  app.put(
    '/api/admin/players/:id/limits',
    { preHandler: requirePermission('limits.manage'), schema: { params: playerIdParamsSchema, body: setLimitBodySchema, response: adminResponse } },
    async (request) => {
      const playerId = await playerOr404(request.params.id);
      const { type, period, amount } = request.body;
      if (amount === null) throw new Problem(422, 'Operators may not remove a limit.', { errors: { amount: ['Operators may not remove a limit.'] } });
      const data = await limits.operatorTighten(
        request.operator!.id,
        playerId,
        { type, period, amount },
        operatorAudit(request.operator!.id, playerId, 'player.limit.tighten', { type, period, amount }),
      );
      return { data };
    },
  );

  app.post(
    '/api/admin/players/:id/time-out',
    { preHandler: requirePermission('limits.manage'), schema: { params: playerIdParamsSchema, body: operatorTimeOutBodySchema, response: adminResponse } },
    async (request) => {
      const playerId = await playerOr404(request.params.id);
      const data = await limits.operatorTimeOut(request.operator!.id, playerId, request.body.days, (tx, until) =>
        operatorAudit(request.operator!.id, playerId, 'player.time-out', { days: request.body.days, until: until.toISOString() })(tx),
      );
      return { data };
    },
  );

  app.post(
    '/api/admin/players/:id/self-exclusion',
    {
      preHandler: requirePermission('limits.manage'),
      schema: { params: playerIdParamsSchema, body: operatorSelfExclusionBodySchema, response: adminResponse },
    },
    async (request) => {
      const playerId = await playerOr404(request.params.id);
      const data = await limits.operatorSelfExclude(request.operator!.id, playerId, request.body.months, (tx, until) =>
        operatorAudit(request.operator!.id, playerId, 'player.self-exclusion', { months: request.body.months, until: until.toISOString() })(tx),
      );
      return { data };
    },
  );
}
