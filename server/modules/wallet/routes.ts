import type { FastifyInstance } from 'fastify';
import { walletEndpoints as endpoints } from '../../../contract/wallet.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
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
  const { wallet, accounts } = services;
  const app = endpointApp(fastify, { accounts });

  route(app, endpoints.wallet, async ({ player }) => ({ data: await wallet.wallet(player.id) }));

  route(app, endpoints.transactions, ({ player, query }) =>
    wallet.transactions(player.id, filtersOf(query), { page: Number(query.page ?? 1), perPage: Number(query.per_page ?? 20) }),
  );

  route(app, endpoints.exportTransactions, async ({ player, query, reply }) => {
    const csv = await wallet.transactionsCsv(player.id, filtersOf(query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
