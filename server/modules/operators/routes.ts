import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVATION_TYPES, type ActivationType } from '../../../contract/site.ts';
import { bearerToken } from '../../http/auth.ts';
import { loginGuard } from '../../http/login-guard.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { KYC_STATUSES, type KycStatus } from '../../../contract/accounts.ts';
import type { WithdrawalStatus } from '../../../contract/wallet.ts';
import { invalid, Problem } from '../../problem.ts';
import { MESSAGE_LIMITS } from '../../../contract/messages.ts';
import { messageSchema } from '../messages/routes.ts';
import { withdrawalSchema } from '../payments/routes.ts';
import type { Services } from '../../services.ts';
import type { AuthenticatedOperator } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

const adminPlayer = {
  type: 'object',
  required: ['id', 'email', 'active', 'blocked', 'kyc_status'],
  properties: { id: { type: 'string' }, email: { type: 'string' }, active: { type: 'boolean' }, blocked: { type: 'boolean' }, kyc_status: { type: 'string' } },
} as const;
const playerIdParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } } } as const;

/** Operator routes: only an operator's bearer token opens them (never a player's, never a cookie). */
export async function operatorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { operators, accounts, settings, payments, messages } = services;
  app.decorateRequest('operator', null);

  async function operatorOnly(request: FastifyRequest) {
    const operator = await operators.authenticate(bearerToken(request));
    if (!operator) throw new Problem(401, 'Unauthenticated.');
    request.operator = operator;
  }

  // API clients without cookies spend the budget for unknown devices; the device cookie is theirs to keep and send.
  const attemptLogin = loginGuard(app, services.config, { name: 'admin-login', cookie: 'operator_device', path: '/api/admin/login' });
  app.post(
    '/api/admin/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 1024 } },
        },
        response: { 200: { type: 'object', required: ['token', 'expires_at'], properties: { token: { type: 'string' }, expires_at: { type: 'string' } } } },
      },
      preHandler: limitRequests(app, services.config.rateLimitAllowlist, [
        { name: 'admin-login-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' },
      ]),
    },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
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
        querystring: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } } },
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: adminPlayer } } } },
      },
    },
    async (request) => ({ data: await accounts.findPlayers((request.query as { email?: string }).email) }),
  );

  for (const action of ['block', 'unblock'] as const) {
    app.post(
      `/api/admin/players/:id/${action}`,
      {
        preHandler: operatorOnly,
        schema: { params: playerIdParams, response: { 200: { type: 'object', required: ['data'], properties: { data: adminPlayer } } } },
      },
      async (request) => {
        const id = (request.params as { id: string }).id;
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
        params: playerIdParams,
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: { type: 'string', enum: KYC_STATUSES.filter((s) => s !== 'unverified') } },
        },
        response: { 200: { type: 'object', required: ['data'], properties: { data: adminPlayer } } },
      },
    },
    async (request) => {
      const id = (request.params as { id: string }).id;
      const status = (request.body as { status: KycStatus }).status;
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
        querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: ['pending', 'paid', 'rejected'] } } },
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: withdrawalSchema } } } },
      },
    },
    async (request) => ({ data: await payments.withdrawalsForOperators((request.query as { status?: WithdrawalStatus }).status) }),
  );

  // A plain UUID: Ajv's "uuid" format also takes a urn:uuid: prefix, which PostgreSQL refuses.
  const withdrawalParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } },
  } as const;
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/admin/withdrawals/:id/${decision}`,
      {
        preHandler: operatorOnly,
        schema: {
          params: withdrawalParams,
          body: { type: ['object', 'null'], additionalProperties: false, properties: { note: { type: 'string', maxLength: 500 } } },
          response: { 200: { type: 'object', required: ['data'], properties: { data: withdrawalSchema } } },
        },
      },
      async (request) => {
        const id = (request.params as { id: string }).id;
        const operatorId = request.operator!.id;
        const note = (request.body as { note?: string } | null)?.note ?? null;
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
        body: {
          type: 'object',
          required: ['player_id', 'subject', 'body'],
          additionalProperties: false,
          properties: {
            player_id: {
              anyOf: [
                { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
                { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
              ],
            },
            subject: { type: 'string', minLength: 1, maxLength: MESSAGE_LIMITS.subject },
            body: { type: 'string', minLength: 1, maxLength: MESSAGE_LIMITS.body },
          },
        },
        response: { 201: { type: 'object', required: ['data'], properties: { data: messageSchema } } },
      },
    },
    async (request, reply) => {
      const body = request.body as { player_id: string | number; subject: string; body: string };
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
        body: {
          type: 'object',
          required: ['registration_activation_type'],
          properties: { registration_activation_type: { type: 'string', enum: [...ACTIVATION_TYPES] } },
        },
      },
    },
    async (request) => {
      const type = (request.body as { registration_activation_type: ActivationType }).registration_activation_type;
      await settings.setRegistrationActivationType(type);
      await operators.record(request.operator!.id, 'settings.update', 'settings', { registration_activation_type: type });
      return { data: await settings.publicSettings() };
    },
  );
}
