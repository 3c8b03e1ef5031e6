import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import { transactionFiltersSchema, transactionsPageSchema, transactionsQuerySchema, walletSchema } from '../../../contract/wallet.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { invalid } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { TransactionFilters } from './service.ts';

// Dates a casino's records can hold; year 0 and the far future are typing mistakes or probes, not filters.
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2100;

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

export async function walletRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { wallet, accounts } = services;
  const { signedIn } = playerGuards(fastify, accounts);

  app.get('/api/player/wallet', { preHandler: signedIn, schema: { response: { 200: dataOf(walletSchema) } } }, async (request) => ({
    data: await wallet.wallet(request.player!.id),
  }));

  app.get(
    '/api/player/transactions',
    {
      preHandler: signedIn,
      schema: {
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return wallet.transactions(request.player!.id, filtersOf(query), { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) });
    },
  );

  app.get('/api/player/transactions/export', { preHandler: signedIn, schema: { querystring: transactionFiltersSchema } }, async (request, reply) => {
    const csv = await wallet.transactionsCsv(request.player!.id, filtersOf(request.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
