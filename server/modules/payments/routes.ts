import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { SIGNATURE_HEADER, type GatewayEvent } from '../sandbox-gateway/service.ts';

// Amounts are integers of minor units: JSON numbers only (no strings, no fractions), positive and bounded.
const AMOUNT = { type: 'integer', minimum: 1, maximum: 100_000_000_00 } as const;
const METHOD = { type: 'string', maxLength: 50 } as const;
const uuidParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

const limits = { type: 'object', required: ['min', 'max'], properties: { min: { type: 'integer' }, max: { type: 'integer' } } } as const;
const methodSchema = {
  type: 'object',
  required: ['id', 'name', 'type', 'currency', 'deposit', 'withdrawal', 'quick_amounts'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    currency: { type: 'string' },
    deposit: limits,
    withdrawal: limits,
    quick_amounts: { type: 'array', items: { type: 'integer' } },
  },
} as const;
const nullableString = { type: ['string', 'null'] } as const;
const depositSchema = {
  type: 'object',
  required: ['id', 'method', 'status', 'amount', 'currency', 'redirect_url', 'address', 'created_at'],
  properties: {
    id: { type: 'string' },
    method: { type: 'string' },
    status: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    redirect_url: nullableString,
    address: nullableString,
    sandbox_confirm_url: nullableString,
    bonus_id: nullableString,
    failure_message: nullableString,
    created_at: { type: 'string' },
    completed_at: nullableString,
  },
} as const;
export const withdrawalSchema = {
  type: 'object',
  required: ['id', 'method', 'status', 'amount', 'currency', 'destination', 'created_at'],
  properties: {
    id: { type: 'string' },
    player_id: { type: 'string' },
    method: { type: 'string' },
    status: { type: 'string' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    destination: { type: 'string' },
    created_at: { type: 'string' },
    decided_at: nullableString,
  },
} as const;
const data = <T>(schema: T) => ({ 200: { type: 'object', required: ['data'], properties: { data: schema } } }) as const;

export async function paymentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { payments, sandboxGateway, accounts } = services;
  const { signedIn, activePlayer } = playerGuards(app, accounts);

  app.get('/api/payments/methods', { schema: { response: data({ type: 'array', items: methodSchema }) } }, async () => ({ data: payments.methods() }));

  app.post(
    '/api/payments/deposits',
    {
      preHandler: activePlayer,
      schema: {
        body: {
          type: 'object',
          required: ['method', 'amount'],
          additionalProperties: false,
          properties: { method: METHOD, amount: AMOUNT, bonusId: { type: ['string', 'null'], maxLength: 100 } },
        },
        response: { ...data(depositSchema), 201: { type: 'object', required: ['data'], properties: { data: depositSchema } } },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const body = request.body as { method: string; amount: number; bonusId?: string | null };
      const deposit = await payments.createDeposit(request.player!, body, key);
      return reply.code(201).send({ data: deposit });
    },
  );

  app.get('/api/payments/deposits/:id', { preHandler: signedIn, schema: { params: uuidParams, response: data(depositSchema) } }, async (request) => {
    const deposit = await payments.deposit(request.player!.id, (request.params as { id: string }).id);
    if (!deposit) throw new Problem(404, 'No deposit with that id.');
    return { data: deposit };
  });

  app.post(
    '/api/payments/withdrawals',
    {
      preHandler: activePlayer,
      schema: {
        body: {
          type: 'object',
          required: ['method', 'amount'],
          additionalProperties: false,
          properties: { method: METHOD, amount: AMOUNT, address: { type: ['string', 'null'], maxLength: 100 } },
        },
        response: { 201: { type: 'object', required: ['data'], properties: { data: withdrawalSchema } } },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request, true);
      const withdrawal = await payments.requestWithdrawal(request.player!, request.body as { method: string; amount: number; address?: string | null }, key);
      return reply.code(201).send({ data: withdrawal });
    },
  );

  app.get('/api/payments/withdrawals', { preHandler: signedIn, schema: { response: data({ type: 'array', items: withdrawalSchema }) } }, async (request) => ({
    data: await payments.pendingWithdrawalsOf(request.player!.id),
  }));

  // The gateway's webhook: the signature covers the raw body, so this scope keeps it as received.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }));
      }
    });
    webhooks.post('/api/payments/webhooks/sandbox', async (request) => {
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!sandboxGateway.verifySignature(raw, typeof signature === 'string' ? signature : undefined)) {
        throw new Problem(401, 'Invalid webhook signature.');
      }
      const event = request.body as Partial<GatewayEvent> | null;
      const known = event?.type === 'payment.succeeded' || event?.type === 'payment.failed';
      const d = event?.data;
      if (
        !known ||
        !d ||
        typeof d.reference !== 'string' ||
        !/^[0-9a-f-]{36}$/i.test(d.reference) ||
        !Number.isSafeInteger(d.amount) ||
        typeof d.currency !== 'string'
      ) {
        throw new Problem(400, 'Unrecognised webhook event.');
      }
      const { deposit, credited } = await payments.applyGatewayEvent(event as GatewayEvent);
      return { received: true, status: deposit.status, credited };
    });
  });

  // The in-process sandbox delivers to the same endpoint through the whole HTTP stack, signature included.
  sandboxGateway.connect(async (rawBody, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: rawBody,
    });
    return response.statusCode >= 200 && response.statusCode < 300;
  });
}
