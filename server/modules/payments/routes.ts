import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEPOSIT_STATUSES, paymentEndpoints as endpoints } from '../../../contract/wallet.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { SANDBOX_GATEWAY_ID, sandboxNotificationSchemas } from './gateways/sandbox.ts';
import { signerRoutes } from './chain/signer-routes.ts';

const webhookAnswerSchema = z.object({ received: z.boolean(), status: z.enum(DEPOSIT_STATUSES), credited: z.boolean() });

export async function paymentRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { payments, paymentGateways: gateways, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  route(app, endpoints.methods, () => ({ data: payments.methods() }));

  route(app, endpoints.deposit, async ({ player, body, idempotencyKey }) => ({ data: await payments.createDeposit(player, body, idempotencyKey) }));

  route(app, endpoints.depositStatus, async ({ player, params }) => {
    const deposit = await payments.deposit(player.id, params.id);
    if (!deposit) throw new Problem(404, 'No deposit with that id.');
    return { data: deposit };
  });

  // The on-chain crypto rail (docs/decisions/0109): the player's own address and their deposits to it; 404 while it is off.
  route(app, endpoints.crypto, async ({ player }) => {
    if (!services.chainRail) throw new Problem(404, 'Crypto deposits are not available.');
    return { data: await services.chainRail.depositInfo(player.id) };
  });

  route(app, endpoints.withdraw, async ({ player, body, idempotencyKey }) => ({ data: await payments.requestWithdrawal(player, body, idempotencyKey) }));

  route(app, endpoints.withdrawals, async ({ player }) => ({ data: await payments.pendingWithdrawalsOf(player.id) }));

  // The signer's own endpoints (docs/decisions/0123), signed with SIGNER_SECRET; absent without a signer.
  const signer = services.config.chain?.signer;
  if (services.chainRail?.withdrawals?.enabled && signer) await signerRoutes(fastify, { withdrawals: services.chainRail.withdrawals, secret: signer.secret });

  // Each gateway that is on has its webhook, `/api/payments/webhooks/{id}` (docs/decisions/0104); one that is off has
  // none. These stay registered by hand, not from an endpoint object: one route per gateway, each with its own
  // signature guard and a body that only that guard may read. The signature covers the raw bytes, so this scope keeps the body as received and only parses it once the
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
          schema: {
            body: gateway.id === SANDBOX_GATEWAY_ID ? z.union(sandboxNotificationSchemas) : z.unknown(),
            response: { 200: webhookAnswerSchema },
            summary: `The ${gateway.id} gateway's signed payment notification`,
            operationId: `paymentWebhook_${gateway.id.replace(/[^A-Za-z0-9]/g, '_')}`,
          },
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
        const response = await fastify.inject({
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
