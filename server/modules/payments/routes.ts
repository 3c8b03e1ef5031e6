import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cryptoDepositInfoSchema } from '../../../contract/chain.ts';
import { dataOf } from '../../../contract/http.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import {
  DEPOSIT_STATUSES,
  depositBodySchema,
  depositSchema,
  paymentIdParamsSchema,
  paymentMethodSchema,
  withdrawalBodySchema,
  withdrawalSchema,
} from '../../../contract/wallet.ts';
import { SANDBOX_GATEWAY_ID, sandboxNotificationSchemas } from './gateways/sandbox.ts';
import { signerRoutes } from './chain/signer-routes.ts';

const webhookAnswerSchema = z.object({ received: z.boolean(), status: z.enum(DEPOSIT_STATUSES), credited: z.boolean() });

export async function paymentRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { payments, paymentGateways: gateways, accounts } = services;
  const { signedIn, activePlayer } = playerGuards(fastify, accounts);

  app.get('/api/payments/methods', { schema: { response: { 200: dataOf(z.array(paymentMethodSchema)) } } }, async () => ({ data: payments.methods() }));

  app.post(
    '/api/payments/deposits',
    {
      preHandler: activePlayer,
      schema: {
        body: depositBodySchema,
        response: { 200: dataOf(depositSchema), 201: dataOf(depositSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const deposit = await payments.createDeposit(request.player!, request.body, key);
      return reply.code(201).send({ data: deposit });
    },
  );

  app.get(
    '/api/payments/deposits/:id',
    { preHandler: signedIn, schema: { params: paymentIdParamsSchema, response: { 200: dataOf(depositSchema) } } },
    async (request) => {
      const deposit = await payments.deposit(request.player!.id, request.params.id);
      if (!deposit) throw new Problem(404, 'No deposit with that id.');
      return { data: deposit };
    },
  );

  // The on-chain crypto rail (docs/decisions/0109): the player's own address and their deposits to it; 404 while it is off.
  app.get('/api/payments/crypto', { preHandler: activePlayer, schema: { response: { 200: dataOf(cryptoDepositInfoSchema) } } }, async (request) => {
    if (!services.chainRail) throw new Problem(404, 'Crypto deposits are not available.');
    return { data: await services.chainRail.depositInfo(request.player!.id) };
  });

  app.post(
    '/api/payments/withdrawals',
    {
      preHandler: activePlayer,
      schema: {
        body: withdrawalBodySchema,
        response: { 201: dataOf(withdrawalSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const withdrawal = await payments.requestWithdrawal(request.player!, request.body, key);
      return reply.code(201).send({ data: withdrawal });
    },
  );

  app.get('/api/payments/withdrawals', { preHandler: signedIn, schema: { response: { 200: dataOf(z.array(withdrawalSchema)) } } }, async (request) => ({
    data: await payments.pendingWithdrawalsOf(request.player!.id),
  }));

  // The signer's own endpoints (docs/decisions/0123), signed with SIGNER_SECRET; absent without a signer.
  const signer = services.config.chain?.signer;
  if (services.chainRail?.withdrawals?.enabled && signer) await signerRoutes(fastify, { withdrawals: services.chainRail.withdrawals, secret: signer.secret });

  // Each gateway that is on has its webhook, `/api/payments/webhooks/{id}` (docs/decisions/0104); one that is off has
  // none. The signature covers the raw bytes, so this scope keeps the body as received and only parses it once the
  // adapter knows it comes from its provider.
  if (gateways.all.length === 0) return;
  await fastify.register(async (plain) => {
    const webhooks = plain.withTypeProvider<ZodTypeProvider>();
    webhooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    for (const gateway of gateways.all) {
      // Named: server/http/guards-first.ts runs it, like a sign-in guard, before any check of the input.
      async function gatewaySigned(request: FastifyRequest) {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        if (!gateway.verifyNotification({ rawBody, headers: request.headers })) throw new Problem(401, 'Invalid webhook signature.');
      }
      webhooks.post(
        `/api/payments/webhooks/${gateway.id}`,
        {
          preHandler: gatewaySigned,
          // The body's schema documents the notification; it is checked in the handler, once the signature over the
          // raw bytes is known to be the provider's (so this route's validator passes the raw text through).
          schema: { body: gateway.id === SANDBOX_GATEWAY_ID ? z.union(sandboxNotificationSchemas) : z.unknown(), response: { 200: webhookAnswerSchema } },
          validatorCompiler: () => (value) => ({ value }),
        },
        async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          let body: unknown;
          try {
            body = JSON.parse(raw);
          } catch {
            throw new Problem(400, 'The request body is not valid JSON.');
          }
          const applied = await payments.applyNotificationBody(gateway, body);
          if ('errors' in applied) throw invalid(applied.errors);
          return { received: true, status: applied.deposit.status, credited: applied.credited };
        },
      );
      // An in-process provider (the sandbox) delivers to the same endpoint through the whole HTTP stack, signature included.
      gateway.connect?.(async ({ rawBody, headers }) => {
        const response = await app.inject({
          method: 'POST',
          url: `/api/payments/webhooks/${gateway.id}`,
          headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
          payload: rawBody,
        });
        return response.statusCode >= 200 && response.statusCode < 300;
      });
    }
  });
}
