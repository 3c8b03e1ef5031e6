import type { FastifyInstance } from 'fastify';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../contract/wallet.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { TransactionFilters } from './service.ts';

const amount = { type: 'integer' } as const;
const walletSchema = {
  type: 'object',
  required: ['currency', 'balance', 'cash', 'bonus', 'withdrawable', 'pending_withdrawals', 'pending_withdrawals_count', 'net_deposits', 'has_deposited'],
  properties: {
    currency: { type: 'string' },
    balance: amount,
    cash: amount,
    bonus: amount,
    withdrawable: amount,
    pending_withdrawals: amount,
    pending_withdrawals_count: amount,
    net_deposits: { type: 'object', required: ['lifetime', 'this_month'], properties: { lifetime: amount, this_month: amount } },
    has_deposited: { type: 'boolean' },
  },
} as const;
const transactionSchema = {
  type: 'object',
  required: ['id', 'type', 'status', 'amount', 'currency', 'created_at', 'reference_id'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    amount,
    currency: { type: 'string' },
    created_at: { type: 'string' },
    reference_id: { type: ['string', 'null'] },
  },
} as const;
// Dates a casino's records can hold; year 0 and the far future are typing mistakes or probes, not filters.
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2100;
const DAY = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } as const;
const filterProperties = {
  type: { type: 'string', enum: [...TRANSACTION_TYPES] },
  status: { type: 'string', enum: [...TRANSACTION_STATUSES] },
  from: DAY,
  to: DAY,
} as const;

function filtersOf(query: TransactionFilters): TransactionFilters {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value && Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw invalid({ [field]: [`The ${field} field must be a valid date.`] });
    if (value && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) throw invalid({ [field]: [`The ${field} field must be a valid date.`] });
    const year = Number(value?.slice(0, 4));
    if (value && (year < EARLIEST_YEAR || year > LATEST_YEAR))
      throw invalid({ [field]: [`The ${field} field must be a date between ${EARLIEST_YEAR} and ${LATEST_YEAR}.`] });
  }
  if (query.from && query.to && query.from > query.to) throw invalid({ to: ['The to date must be on or after the from date.'] });
  return { type: query.type, status: query.status, from: query.from, to: query.to };
}

export async function walletRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { wallet, accounts } = services;
  const { signedIn } = playerGuards(app, accounts);

  app.get(
    '/api/player/wallet',
    { preHandler: signedIn, schema: { response: { 200: { type: 'object', required: ['data'], properties: { data: walletSchema } } } } },
    async (request) => ({ data: await wallet.wallet(request.player!.id) }),
  );

  app.get(
    '/api/player/transactions',
    {
      preHandler: signedIn,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...filterProperties,
            page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
            per_page: { type: 'string', pattern: '^[1-9][0-9]?$|^100$' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['data', 'meta'],
            properties: {
              data: { type: 'array', items: transactionSchema },
              meta: {
                type: 'object',
                required: ['current_page', 'per_page', 'total', 'last_page'],
                properties: { current_page: amount, per_page: amount, total: amount, last_page: amount },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as TransactionFilters & { page?: string; per_page?: string };
      return wallet.transactions(request.player!.id, filtersOf(query), { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) });
    },
  );

  app.get(
    '/api/player/transactions/export',
    { preHandler: signedIn, schema: { querystring: { type: 'object', additionalProperties: false, properties: filterProperties } } },
    async (request, reply) => {
      const csv = await wallet.transactionsCsv(request.player!.id, filtersOf(request.query as TransactionFilters));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
