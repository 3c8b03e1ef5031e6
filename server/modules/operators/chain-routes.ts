import { chainAdminEndpoints as endpoints } from '../../../contract/chain.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

// The crypto rail's back office (docs/decisions/0109): on-chain deposits with transactions, confirmations, quotes,
// statuses and reorg flags (payments.read), and the rate table deposits are credited at (read: payments.read; set:
// payments.manage, with a reason, audited). 404 while the rail is off.

export async function chainRoutes(app: EndpointApp, { services }: { services: Services }) {
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

  /** Each row with its player (id, name, e-mail) in place of the bare id: one look-up for all of them. */
  async function withPlayers<T extends { playerId: number }>(rows: T[]) {
    const ids = [...new Set(rows.map((row) => row.playerId))];
    const players = ids.length ? await accounts.searchPlayers({ onlyIds: ids }, ids.length) : [];
    const byId = new Map(players.map((player) => [Number(player.id), player]));
    return rows.map(({ playerId, ...row }) => ({
      ...row,
      player: { id: String(playerId), name: byId.get(playerId)?.name ?? '', email: byId.get(playerId)?.email ?? '' },
    }));
  }

  route(app, endpoints.deposits, async ({ query: { status, reorged } }) => {
    const rows = await rail().admin.deposits({ status, reorged: reorged === undefined ? undefined : reorged === 'true' });
    return { data: await withPlayers(rows) };
  });

  route(app, endpoints.rates, async () => ({ data: await rates() }));

  route(app, endpoints.setRate, async ({ staff, body }) => {
    const { chain, rateTable } = rail();
    const { token, rate, max_age_seconds: maxAgeSeconds, reason } = body;
    if (!chain.tokens.some((accepted) => accepted.symbol === token)) throw invalid({ token: ['The token must be one the site accepts.'] });
    if (!/[1-9]/.test(rate)) throw invalid({ rate: ['The rate must be more than zero.'] });
    const currency = config.defaultCurrency;
    const before = (await rateTable.list()).find((row) => row.token === token && row.currency === currency);
    const row = await rateTable.set({ token, currency, rate, maxAgeSeconds, setBy: staff.id });
    await operators.audit.record({
      staffId: staff.id,
      action: 'payments.rate',
      subject: `rate:${token}:${currency}`,
      before: before ? { rate: before.rate, max_age_seconds: before.maxAgeSeconds } : null,
      after: { rate: row.rate, max_age_seconds: row.maxAgeSeconds, reason },
    });
    return { data: await rates() };
  });

  // On-chain withdrawals and the hot wallet (docs/decisions/0123): what the signer paid, with transactions and
  // confirmations; the hot wallet's balances read over JSON-RPC (public data: the web server holds no key); sweeping
  // the deposit addresses into it is asked of the signer (payments.manage, with a reason, audited).
  route(app, endpoints.withdrawals, async () => {
    const withdrawals = rail().withdrawals;
    return { data: await withPlayers(withdrawals ? await withdrawals.withdrawalsForOperators() : []) };
  });

  route(app, endpoints.hotWallet, async () => {
    const withdrawals = rail().withdrawals;
    if (!withdrawals) return { data: { address: null, balances: [], signer: false, sweeps: [] } };
    const wallet = await withdrawals.hotWallet();
    return { data: { ...wallet, signer: withdrawals.enabled, sweeps: await withdrawals.sweeps() } };
  });

  route(app, endpoints.sweep, async ({ staff, body }) => {
    const withdrawals = rail().withdrawals;
    if (!withdrawals?.enabled) throw new Problem(409, 'No signer is configured, so deposit addresses cannot be swept.');
    let answer: { data?: { sent?: number } };
    try {
      answer = (await withdrawals.sweep()) as { data?: { sent?: number } };
    } catch {
      throw new Problem(503, 'The signer could not be reached; nothing was swept. Try again in a minute.');
    }
    const sent = answer.data?.sent ?? 0;
    await operators.audit.record({
      staffId: staff.id,
      action: 'payments.sweep',
      subject: `chain:${rail().chain.chainId}`,
      before: null,
      after: { reason: body.reason, transactions: sent },
    });
    return { data: { sent } };
  });
}
