import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '../../../contract/http.ts';
import { type DailyFigures, dashboardSchema, gameReportSchema, reportQuerySchema } from '../../../contract/operators.ts';
import type { Services } from '../../services.ts';
import { createGameReports } from '../games/reports.ts';
import { createLedgerReports } from '../ledger/reports.ts';
import type { FourEyesService } from './four-eyes.ts';
import type { OperatorGuards } from './guards.ts';

// The dashboard and the RTP report (docs/decisions/0084-admin-console.md). Periods are whole UTC days ending today.

const DAY = 24 * 60 * 60 * 1000;
function period(days: number, now = new Date()) {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY);
  return { from: new Date(to.getTime() - days * DAY), to };
}

export async function reportRoutes(
  fastify: FastifyInstance,
  { services, guards, fourEyes }: { services: Services; guards: OperatorGuards; fourEyes: FourEyesService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = services.database.db;
  const currency = services.config.defaultCurrency;
  const ledgerReports = createLedgerReports({ db });
  const gameReports = createGameReports({ db });

  app.get(
    '/api/admin/reports/dashboard',
    { preHandler: guards.requirePermission('reports.read'), schema: { querystring: reportQuerySchema, response: { 200: dataOf(dashboardSchema) } } },
    async (request) => {
      const { from, to } = period(Number(request.query.days ?? 7));
      const [registrations, money, play, active, pending, adjustments] = await Promise.all([
        services.accounts.registrationsByDay(from, to),
        ledgerReports.dailyMoney(from, to, currency),
        gameReports.dailyPlay(from, to, currency),
        gameReports.activePlayers(from, to),
        services.payments.withdrawalsForOperators('pending', 1000),
        fourEyes.adjustments({ status: 'pending_approval' }),
      ]);
      const daily: DailyFigures[] = [];
      for (let at = from.getTime(); at < to.getTime(); at += DAY) {
        const day = new Date(at).toISOString().slice(0, 10);
        const m = money.find((row) => row.day === day);
        const p = play.find((row) => row.day === day);
        const stakes = p?.stakes ?? 0;
        const wins = p?.wins ?? 0;
        const bonusCost = m?.bonus_cost ?? 0;
        daily.push({
          day,
          registrations: registrations.find((row) => row.day === day)?.registrations ?? 0,
          first_depositors: m?.first_depositors ?? 0,
          deposits: m?.deposits ?? 0,
          withdrawals: m?.withdrawals ?? 0,
          stakes,
          wins,
          ggr: stakes - wins,
          bonus_cost: bonusCost,
          ngr: stakes - wins - bonusCost,
          active_players: p?.active_players ?? 0,
        });
      }
      const sum = (key: keyof Omit<DailyFigures, 'day'>) => daily.reduce((total, row) => total + row[key], 0);
      return {
        data: {
          currency,
          from: from.toISOString(),
          to: to.toISOString(),
          totals: {
            registrations: sum('registrations'),
            first_depositors: sum('first_depositors'),
            deposits: sum('deposits'),
            withdrawals: sum('withdrawals'),
            stakes: sum('stakes'),
            wins: sum('wins'),
            ggr: sum('ggr'),
            bonus_cost: sum('bonus_cost'),
            ngr: sum('ngr'),
            active_players: active,
          },
          daily,
          queues: { withdrawals: pending.length, adjustments: adjustments.length },
        },
      };
    },
  );

  app.get(
    '/api/admin/reports/games',
    { preHandler: guards.requirePermission('reports.read'), schema: { querystring: reportQuerySchema, response: { 200: dataOf(z.array(gameReportSchema)) } } },
    async (request) => {
      const { from, to } = period(Number(request.query.days ?? 30));
      const rows = await gameReports.gamePlay(from, to, currency);
      const games = new Map((await services.catalog.gamesByIds(rows.map((row) => row.game_id))).map((game) => [Number(game.id), game]));
      return {
        data: rows.map((row) => {
          const game = games.get(row.game_id);
          const theoretical = game?.rtp ?? null;
          return {
            game_id: String(row.game_id),
            name: game?.name ?? `Game ${row.game_id}`,
            theoretical_rtp: theoretical,
            observed_rtp: row.observed_rtp,
            interval: row.interval,
            rounds: row.rounds,
            stakes: row.stakes,
            wins: row.wins,
            out_of_line: theoretical !== null && row.interval !== null && (theoretical < row.interval[0] || theoretical > row.interval[1]),
          };
        }),
      };
    },
  );
}
