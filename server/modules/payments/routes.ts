import type { FastifyInstance } from 'fastify';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { BONUS_ID_PATTERN, PAYMENT_METHOD_IDS } from '../../../contract/wallet.ts';
import { MAX_AMOUNT, parseGatewayEvent } from '../sandbox-gateway/event.ts';
import { SIGNATURE_HEADER } from '../sandbox-gateway/service.ts';

// Amounts are integers of minor units: JSON numbers only (no strings, no fractions), positive and bounded.
const AMOUNT = { type: 'integer', minimum: 1, maximum: MAX_AMOUNT } as const;
const METHOD = { type: 'string', enum: [...PAYMENT_METHOD_IDS] } as const;
// Ajv's `uuid` format also takes a `urn:uuid:` prefix, which PostgreSQL's uuid type does not: plain hex only.
const uuidParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } },
} as const;
// Free text the player types: bounded, and never a control character (NUL would reach PostgreSQL).
const ADDRESS = { type: ['string', 'null'], maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;

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
    sandbox_confirm_signature: nullableString,
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
          properties: { method: METHOD, amount: AMOUNT, bonusId: { type: ['string', 'null'], pattern: BONUS_ID_PATTERN } },
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
          properties: { method: METHOD, amount: AMOUNT, address: ADDRESS },
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

  // With the sandbox off there is no gateway to hear from: its webhook does not exist either.
  if (!sandboxGateway) return;

  // The gateway's webhook. The signature covers the raw bytes, so this scope keeps the body as received and only
  // parses it once it is known to come from the gateway.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    webhooks.post('/api/payments/webhooks/sandbox', async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!sandboxGateway.verifySignature(raw, typeof signature === 'string' ? signature : undefined)) {
        throw new Problem(401, 'Invalid webhook signature.');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new Problem(400, 'The request body is not valid JSON.');
      }
      const parsed = parseGatewayEvent(body);
      if ('errors' in parsed) throw invalid(parsed.errors);
      const { deposit, credited } = await payments.applyGatewayEvent(parsed.event);
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
