import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVATION_TYPES, type ActivationType } from '../../../contract/site.ts';
import { bearerToken } from '../../http/auth.ts';
import { bodyEmail, limitFailures, limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
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
  const { operators, accounts, settings } = services;
  app.decorateRequest('operator', null);

  async function operatorOnly(request: FastifyRequest) {
    const operator = await operators.authenticate(bearerToken(request));
    if (!operator) throw new Problem(401, 'Unauthenticated.');
    request.operator = operator;
  }

  const failures = limitFailures(app, { name: 'admin-login-failures', max: 10, windowMs: MINUTES_15, by: bodyEmail, message: 'Too many failed login attempts for this account.' });
  app.post(
    '/api/admin/login',
    {
      schema: {
        body: { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 1024 } } },
        response: { 200: { type: 'object', required: ['token', 'expires_at'], properties: { token: { type: 'string' }, expires_at: { type: 'string' } } } },
      },
      preHandler: limitRequests(app, services.config.rateLimitAllowlist, [
        { name: 'admin-login-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many login attempts from your network.' },
      ]),
    },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
      await failures.check(request, reply);
      const result = await operators.login(email, password);
      if (!result) {
        await failures.fail(request);
        throw invalid({ email: ['These credentials do not match our records.'] });
      }
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
      { preHandler: operatorOnly, schema: { params: playerIdParams, response: { 200: { type: 'object', required: ['data'], properties: { data: adminPlayer } } } } },
      async (request) => {
        const id = (request.params as { id: string }).id;
        const player = await accounts.setBlocked(Number(id), action === 'block');
        if (!player) throw new Problem(404, 'No player with that id.');
        await operators.record(request.operator!.id, `player.${action}`, `player:${id}`);
        return { data: player };
      },
    );
  }

  app.put(
    '/api/admin/settings',
    {
      preHandler: operatorOnly,
      schema: {
        body: { type: 'object', required: ['registration_activation_type'], properties: { registration_activation_type: { type: 'string', enum: [...ACTIVATION_TYPES] } } },
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
