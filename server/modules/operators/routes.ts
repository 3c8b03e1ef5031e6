import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPlayerSchema } from '../../../contract/accounts.ts';
import { dataOf } from '../../../contract/http.ts';
import { operatorMessageBodySchema, playerMessageSchema } from '../../../contract/messages.ts';
import {
  kycBodySchema,
  operatorLoginBodySchema,
  operatorLoginResponseSchema,
  playerIdParamsSchema,
  playersQuerySchema,
  settingsBodySchema,
  withdrawalDecisionBodySchema,
  withdrawalsQuerySchema,
} from '../../../contract/operators.ts';
import { publicSettingsSchema } from '../../../contract/site.ts';
import { paymentIdParamsSchema, withdrawalSchema } from '../../../contract/wallet.ts';
import { bearerToken } from '../../http/auth.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { AuthenticatedOperator } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** Operator routes: only an operator's bearer token opens them (never a player's, never a cookie). */
export async function operatorRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { operators, accounts, settings, payments, messages } = services;
  app.decorateRequest('operator', null);

  async function operatorOnly(request: FastifyRequest) {
    const operator = await operators.authenticate(bearerToken(request));
    if (!operator) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
    request.operator = operator;
  }

  // API clients without cookies spend the budget for unknown devices; the device cookie is theirs to keep and send.
  const attemptLogin = loginGuard(fastify, services.config, { name: 'admin-login', cookie: 'operator_device', path: '/api/admin/login' });
  app.post(
    '/api/admin/login',
    {
      schema: {
        body: operatorLoginBodySchema,
        response: { 200: operatorLoginResponseSchema },
      },
      preHandler: limitRequests(fastify, services.config.rateLimitAllowlist, [
        { name: 'admin-login-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' },
      ]),
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await attemptLogin(request, reply, email, () => operators.login(email, password));
      if (!result) throw invalid({ email: ['These credentials do not match our records.'] });
      return result;
    },
  );

  app.post('/api/admin/logout', { preHandler: operatorOnly }, async (request, reply) => {
    await operators.logout(bearerToken(request));
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/players',
    {
      preHandler: operatorOnly,
      schema: {
        querystring: playersQuerySchema,
        response: { 200: dataOf(z.array(adminPlayerSchema)) },
      },
    },
    async (request) => ({ data: await accounts.findPlayers(request.query.email) }),
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/api/admin/players/:id/${action}`,
      {
        preHandler: operatorOnly,
        schema: { params: playerIdParamsSchema, response: { 200: dataOf(adminPlayerSchema) } },
      },
      async (request) => {
        const id = request.params.id;
        const player = await accounts.setBlocked(Number(id), action === 'block');
        if (!player) throw new Problem(404, 'No player with that id.');
        await operators.record(request.operator!.id, `player.${action}`, `player:${id}`);
        return { data: player };
      },
    );
  }

  // Until document upload arrives with the verification work, an operator decides KYC directly.
  app.post(
    '/api/admin/players/:id/kyc',
    {
      preHandler: operatorOnly,
      schema: {
        params: playerIdParamsSchema,
        body: kycBodySchema,
        response: { 200: dataOf(adminPlayerSchema) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const status = request.body.status;
      const player = await accounts.setKycStatus(Number(id), status);
      if (!player) throw new Problem(404, 'No player with that id.');
      await operators.record(request.operator!.id, 'player.kyc', `player:${id}`, { status });
      return { data: player };
    },
  );

  app.get(
    '/api/admin/withdrawals',
    {
      preHandler: operatorOnly,
      schema: {
        querystring: withdrawalsQuerySchema,
        response: { 200: dataOf(z.array(withdrawalSchema)) },
      },
    },
    async (request) => ({ data: await payments.withdrawalsForOperators(request.query.status) }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/withdrawals/:id/${decision}`,
      {
        preHandler: operatorOnly,
        schema: {
          params: paymentIdParamsSchema,
          body: withdrawalDecisionBodySchema,
          response: { 200: dataOf(withdrawalSchema) },
        },
      },
      async (request) => {
        const id = request.params.id;
        const operatorId = request.operator!.id;
        const note = request.body?.note ?? null;
        const withdrawal = decision === 'approve' ? await payments.approveWithdrawal(id, operatorId) : await payments.rejectWithdrawal(id, operatorId, note);
        await operators.record(operatorId, `withdrawal.${decision}`, `withdrawal:${id}`, note ? { note } : {});
        return { data: withdrawal };
      },
    );
  }

  app.post(
    '/api/admin/messages',
    {
      preHandler: operatorOnly,
      schema: {
        body: operatorMessageBodySchema,
        response: { 201: dataOf(playerMessageSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const playerId = Number(body.player_id);
      if (!body.subject.trim()) throw invalid({ subject: ['The subject field is required.'] });
      if (!body.body.trim()) throw invalid({ body: ['The body field is required.'] });
      const message = await messages.send({ playerId, subject: body.subject.trim(), body: body.body.trim(), sentBy: request.operator!.id });
      if (!message) throw invalid({ player_id: ['No player with that id.'] });
      await operators.record(request.operator!.id, 'message.send', `player:${playerId}`, { message_id: message.id });
      return reply.code(201).send({ data: message });
    },
  );

  app.put(
    '/api/admin/settings',
    {
      preHandler: operatorOnly,
      schema: {
        body: settingsBodySchema,
        response: { 200: dataOf(publicSettingsSchema) },
      },
    },
    async (request) => {
      const type = request.body.registration_activation_type;
      await settings.setRegistrationActivationType(type);
      await operators.record(request.operator!.id, 'settings.update', 'settings', { registration_activation_type: type });
      return { data: await settings.publicSettings() };
    },
  );
}
