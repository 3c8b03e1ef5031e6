import type { FastifyInstance } from 'fastify';
import { type AdminProviders, DEFAULT_OPEN_MINUTES, type ProviderGame, providerEndpoints as endpoints } from '../../../contract/providers.ts';
import { presentedToken } from '../../http/auth.ts';
import { type EndpointContext, endpointApp, route } from '../../http/endpoints.ts';
import { limitRequests } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { ProviderGameRow } from '../catalog/provider-games.ts';
import { csvCell } from '../wallet/csv.ts';
import { RECONCILIATION_COLUMNS } from './console.ts';
import { platformOf } from './hub88/operator-client.ts';
import { HUB88 } from './hub88/protocol.ts';

// Aggregators' games on our API (docs/decisions/0100-provider-games-launch-and-console.md): the play page's launch, and
// the console's Providers screen. Every operator change commits with its audit row; a change to a game is then
// forgotten by every node's cache (topic `games`).

const NO_GAME = 'No provider game with that slug.';

const toGame = (row: ProviderGameRow): ProviderGame => ({
  slug: row.slug,
  name: row.name,
  code: row.code,
  studio: row.studio,
  category: row.category,
  thumbnail: row.thumbnail,
  enabled: row.enabled,
  withdrawn: row.withdrawn,
  demo: row.demo,
  freebets: row.freebets,
  rtp: row.rtp,
  wagering_contribution: row.wageringContribution,
  synced_at: row.syncedAt?.toISOString() ?? null,
});

/** Today in UTC, YYYY-MM-DD: the reconciliation's default day. */
const today = () => new Date().toISOString().slice(0, 10);

export async function providerRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const { providers, catalog, accounts, cacheBus, config, operators } = services;
  const { audit } = operators;
  const app = endpointApp(fastify, { accounts, operators });
  const catalogue = catalog.providerGames;

  // --- players ---------------------------------------------------------------------------------------------
  route(
    app,
    endpoints.launch,
    async ({ request, params, body: { mode }, requirePlayer }) => {
      let playerId: number | null = null;
      if (mode === 'real') {
        playerId = (await requirePlayer('active')).id;
      } else if (presentedToken(request)) {
        // A signed-in player's demo goes out with their country; a blocked account may not play at all.
        const player = await accounts.authenticate(presentedToken(request));
        if (player?.blocked) throw new Problem(423, 'Your account is blocked.', { type: 'blocked' });
        playerId = player?.id ?? null;
      }
      return {
        data: await providers.launch({ slug: params.slug, mode, playerId, platform: platformOf(request.headers['user-agent']), ip: request.ip }),
      };
    },
    {
      preHandler: limitRequests(fastify, config.rateLimitAllowlist, [
        { name: 'game-launch-ip', max: 120, windowMs: 60_000, by: 'ip', message: 'Too many game launches from your network.' },
      ]),
    },
  );

  // --- operators -------------------------------------------------------------------------------------------
  async function overview(): Promise<AdminProviders> {
    const [rows, categories] = await Promise.all([catalogue.list(HUB88), catalog.ownCategories()]);
    const status = await providers.operations.status({
      configured: providers.configured,
      api_url: config.hub88?.apiUrl ?? null,
      operator_id: config.hub88?.operatorId ?? null,
      games: {
        total: rows.length,
        enabled: rows.filter((row) => row.enabled && !row.withdrawn).length,
        withdrawn: rows.filter((row) => row.withdrawn).length,
      },
    });
    return { status, games: rows.map(toGame), categories: [...categories].map(([slug, { name }]) => ({ slug, name })) };
  }

  route(app, endpoints.overview, async () => ({ data: await overview() }));

  route(app, endpoints.sync, async ({ staff }) => {
    const staffId = staff.id;
    try {
      const result = await providers.syncGames('operator', staffId);
      await audit.record({ staffId, action: 'provider.sync', subject: `provider:${HUB88}`, after: { ok: true, ...countsOf(result) } });
      return { data: (await providers.operations.syncs(1))[0]! };
    } catch (error) {
      await audit.record({ staffId, action: 'provider.sync', subject: `provider:${HUB88}`, after: { ok: false, error: (error as Error).message } });
      throw error;
    } finally {
      await cacheBus.changed('games');
    }
  });

  route(app, endpoints.updateGame, async ({ staff, params: { slug }, body }) => {
    const fields = (['enabled', 'category', 'wagering_contribution'] as const).filter((field) => body[field] !== undefined);
    if (fields.length === 0) throw invalid({ enabled: ['Choose something to change.'] });
    const changed = await audit.audited(
      async (tx) => {
        const before = await catalogue.one(HUB88, slug, tx);
        if (!before) return null;
        let categoryId: number | undefined;
        if (body.category !== undefined) {
          const categories = await catalog.ownCategories(tx);
          categoryId = categories.get(body.category)?.id;
          if (categoryId === undefined) throw invalid({ category: [`The category must be one of: ${[...categories.keys()].sort().join(', ')}.`] });
        }
        await catalogue.update(HUB88, slug, { enabled: body.enabled, categoryId, wageringContribution: body.wagering_contribution }, tx);
        return { before: toGame(before), after: toGame((await catalogue.one(HUB88, slug, tx))!) };
      },
      ({ before, after }) => {
        const pick = (game: ProviderGame) => Object.fromEntries(fields.map((field) => [field, game[field]]));
        return { staffId: staff.id, action: 'provider.game.update', subject: `game:${slug}`, before: pick(before), after: pick(after) };
      },
    );
    if (!changed) throw new Problem(404, NO_GAME);
    await cacheBus.changed('games');
    return { data: changed.after };
  });

  async function reconciliation(query: EndpointContext<typeof endpoints.reconciliation>['query']) {
    const { day = today(), status, round, open_minutes } = query;
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw invalid({ day: ['The day must be a date such as 2026-11-28.'] });
    const minutes = open_minutes ? Number(open_minutes) : DEFAULT_OPEN_MINUTES;
    const report = await providers.operations.reconciliation(
      { day, status, round: round?.trim() || undefined, currency: config.defaultCurrency },
      await providers.openRounds(minutes),
      minutes,
    );
    // Names, not ids: who each round and transaction belongs to.
    const names = await accounts.playerNames([
      ...new Set([...report.rounds, ...report.transactions, ...report.open_rounds].map((row) => Number(row.player_id))),
    ]);
    const named = <T extends { player_id: string }>(row: T) => ({
      ...row,
      player_name: names.get(Number(row.player_id))?.name ?? null,
      player_email: names.get(Number(row.player_id))?.email ?? null,
    });
    return { ...report, rounds: report.rounds.map(named), transactions: report.transactions.map(named), open_rounds: report.open_rounds.map(named) };
  }

  route(app, endpoints.reconciliation, async ({ query }) => ({ data: await reconciliation(query) }));

  route(app, endpoints.reconciliationExport, async ({ staff, query, reply }) => {
    const report = await reconciliation(query);
    await audit.record({
      staffId: staff.id,
      action: 'provider.reconciliation.export',
      subject: `provider:${HUB88}`,
      after: { day: report.day, status: query.status ?? null, round: query.round ?? null, rows: report.transactions.length },
    });
    const lines = [
      RECONCILIATION_COLUMNS.join(','),
      ...report.transactions.map((row) => RECONCILIATION_COLUMNS.map((column) => csvCell(String(row[column] ?? ''))).join(',')),
    ];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="provider-transactions-${report.day}.csv"`)
      .send(`${lines.join('\r\n')}\r\n`);
  });
}

const countsOf = ({ total, added, updated, withdrawn }: { total: number; added: number; updated: number; withdrawn: number }) => ({
  total,
  added,
  updated,
  withdrawn,
});
