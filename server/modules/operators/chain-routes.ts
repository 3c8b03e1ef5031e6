import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminChainDepositSchema, adminChainDepositsQuerySchema, chainRateBodySchema, chainRatesSchema } from '../../../contract/chain.ts';
import { dataOf } from '../../../contract/http.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { OperatorGuards } from './guards.ts';

// The crypto rail's back office (docs/decisions/0109): on-chain deposits with transactions, confirmations, quotes,
// statuses and reorg flags (payments.read), and the rate table deposits are credited at (read: payments.read; set:
// payments.manage, with a reason, audited). 404 while the rail is off.

export async function chainRoutes(fastify: FastifyInstance, { services, guards }: { services: Services; guards: OperatorGuards }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = guards;
  const { accounts, operators, config } = services;
  const rail = () => {
    if (!services.chainRail) throw new Problem(404, 'Crypto deposits are not configured.');
    return services.chainRail;
  };

  async function rates() {
    const { chain, rateTable } = rail();
    const now = Date.now();
    return {
      tokens: chain.tokens.map((token) => token.symbol),
      currency: config.defaultCurrency,
      confirmations: chain.confirmations,
      chain_id: chain.chainId,
      rates: (await rateTable.list()).map((row) => ({
        token: row.token,
        currency: row.currency,
        rate: row.rate,
        max_age_seconds: row.maxAgeSeconds,
        set_at: row.setAt.toISOString(),
        stale: now - row.setAt.getTime() > row.maxAgeSeconds * 1000,
      })),
    };
  }

  app.get(
    '/api/admin/chain/deposits',
    {
      preHandler: requirePermission('payments.read'),
      schema: { querystring: adminChainDepositsQuerySchema, response: { 200: dataOf(z.array(adminChainDepositSchema)) } },
    },
    async (request) => {
      const { status, reorged } = request.query;
      const rows = await rail().admin.deposits({ status, reorged: reorged === undefined ? undefined : reorged === 'true' });
      const ids = [...new Set(rows.map((row) => row.playerId))];
      const players = ids.length ? await accounts.searchPlayers({ onlyIds: ids }, ids.length) : [];
      const byId = new Map(players.map((player) => [Number(player.id), player]));
      return {
        data: rows.map(({ playerId, ...row }) => ({
          ...row,
          player: { id: String(playerId), name: byId.get(playerId)?.name ?? '', email: byId.get(playerId)?.email ?? '' },
        })),
      };
    },
  );

  app.get('/api/admin/chain/rates', { preHandler: requirePermission('payments.read'), schema: { response: { 200: dataOf(chainRatesSchema) } } }, async () => ({
    data: await rates(),
  }));

  app.put(
    '/api/admin/chain/rates',
    { preHandler: requirePermission('payments.manage'), schema: { body: chainRateBodySchema, response: { 200: dataOf(chainRatesSchema) } } },
    async (request) => {
      const { chain, rateTable } = rail();
      const { token, rate, max_age_seconds: maxAgeSeconds, reason } = request.body;
      if (!chain.tokens.some((accepted) => accepted.symbol === token)) throw invalid({ token: ['The token must be one the site accepts.'] });
      if (!/[1-9]/.test(rate)) throw invalid({ rate: ['The rate must be more than zero.'] });
      const currency = config.defaultCurrency;
      const before = (await rateTable.list()).find((row) => row.token === token && row.currency === currency);
      const row = await rateTable.set({ token, currency, rate, maxAgeSeconds, setBy: request.operator!.id });
      await operators.audit.record({
        staffId: request.operator!.id,
        action: 'payments.rate',
        subject: `rate:${token}:${currency}`,
        before: before ? { rate: before.rate, max_age_seconds: before.maxAgeSeconds } : null,
        after: { rate: row.rate, max_age_seconds: row.maxAgeSeconds, reason },
      });
      return { data: await rates() };
    },
  );
}
