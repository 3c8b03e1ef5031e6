import { decimalAmount } from '../../../contract/money.ts';
import type { DailyFigures } from '../../../contract/operators.ts';
import { reportEndpoints as endpoints, type FiguresQuery, MAX_REPORT_DAYS, REPORT_MONEY_FIGURES, type ReportRow } from '../../../contract/reports.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { invalid } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { gameReportOptions } from '../catalog/report-rows.ts';
import { createGameReports } from '../games/reports.ts';
import { createLedgerReports } from '../ledger/reports.ts';
import { csvCell } from '../wallet/csv.ts';
import type { FourEyesService } from './four-eyes.ts';
import { createOperatorReports, NO_FIGURES, type ReportRange } from './reports.ts';

// The dashboard, the RTP report (docs/decisions/0084-admin-console.md) and the reports with any range, grouping and
// export (docs/decisions/0103-operator-reports.md). Periods are whole UTC days; the dashboard's end today.

const DAY = 24 * 60 * 60 * 1000;
/** The most groups the screen lists; the CSV has them all. */
const LISTED_ROWS = 500;

function period(days: number, now = new Date()) {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY);
  return { from: new Date(to.getTime() - days * DAY), to };
}

/** Each UTC day of [from, to) as YYYY-MM-DD. */
function daysOf(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += DAY) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A real calendar day (2026-02-30 is not), as its UTC midnight. */
function dayOf(text: string): Date | null {
  const at = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== text ? null : at;
}

export async function reportRoutes(app: EndpointApp, { services, fourEyes }: { services: Services; fourEyes: FourEyesService }) {
  const db = services.database.db;
  const currency = services.config.defaultCurrency;
  const ledgerReports = createLedgerReports({ db });
  const gameReports = createGameReports({ db });
  const reports = createOperatorReports({
    db,
    tiersAboveBronze: () => services.clubs.tiersAboveBronze(),
    crashGameId: async () => (await services.catalog.playableGame('crash'))?.id ?? null,
  });
  const currencies = async () => [...new Set([currency, ...(await ledgerReports.currencies())])].sort();

  /** The query's range and currency, or a 422 naming what is wrong: never a 500 from input. */
  async function rangeOf(query: FiguresQuery): Promise<ReportRange> {
    const from = dayOf(query.from);
    const to = dayOf(query.to);
    const errors: Record<string, string[]> = {};
    if (!from) errors.from = ['The from date is not a real day (YYYY-MM-DD).'];
    if (!to) errors.to = ['The to date is not a real day (YYYY-MM-DD).'];
    if (from && to && from > to) errors.to = ['The to date must be on or after the from date.'];
    else if (from && to && (to.getTime() - from.getTime()) / DAY + 1 > MAX_REPORT_DAYS) errors.to = [`A report covers at most ${MAX_REPORT_DAYS} days.`];
    const known = await currencies();
    const chosen = query.currency ?? currency;
    if (!known.includes(chosen)) errors.currency = [`The casino has no ${chosen} money; choose one of ${known.join(', ')}.`];
    if (Object.keys(errors).length > 0 || !from || !to) throw invalid(errors);
    return { from, to: new Date(to.getTime() + DAY), currency: chosen };
  }

  const filterOf = (query: FiguresQuery) => ({ category: query.category, provider: query.provider, country: query.country, vip: query.vip });
  const paymentRows = (range: ReportRange, query: FiguresQuery) => reports.paymentsByMethod(range, filterOf(query));

  route(app, endpoints.dashboard, async ({ query }) => {
    const { from, to } = period(Number(query.days ?? 7));
    const [registrations, money, play, pending, adjustments] = await Promise.all([
      services.accounts.registrationsByDay(from, to),
      ledgerReports.dailyMoney(from, to, currency),
      reports.figures({ from, to, currency }, 'day'),
      services.payments.withdrawalsForOperators('pending', 1000),
      fourEyes.adjustments({ status: 'pending_approval' }),
    ]);
    const daily: DailyFigures[] = daysOf(from, to).map((day) => {
      const m = money.find((row) => row.day === day);
      const p = play.rows.find((row) => row.key === day) ?? NO_FIGURES;
      return {
        day,
        registrations: registrations.find((row) => row.day === day)?.registrations ?? 0,
        first_depositors: m?.first_depositors ?? 0,
        deposits: m?.deposits ?? 0,
        withdrawals: m?.withdrawals ?? 0,
        stakes: p.stakes,
        wins: p.wins,
        ggr: p.ggr,
        bonus_cost: p.bonus_cost,
        adjustments: p.adjustments_credited - p.adjustments_debited,
        ngr: p.ngr,
        active_players: p.players,
      };
    });
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
          stakes: play.totals.stakes,
          wins: play.totals.wins,
          ggr: play.totals.ggr,
          bonus_cost: play.totals.bonus_cost,
          adjustments: play.totals.adjustments_credited - play.totals.adjustments_debited,
          ngr: play.totals.ngr,
          active_players: play.totals.players,
        },
        daily,
        queues: { withdrawals: pending.length, adjustments: adjustments.length },
      },
    };
  });

  route(app, endpoints.games, async ({ query }) => {
    const { from, to } = period(Number(query.days ?? 30));
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
  });

  route(app, endpoints.figures, async ({ query }) => {
    const range = await rangeOf(query);
    const group = query.group ?? 'day';
    const [figures, payments, known, options] = await Promise.all([
      reports.figures(range, group, filterOf(query), LISTED_ROWS),
      paymentRows(range, query),
      currencies(),
      gameReportOptions(db),
    ]);
    const rows: ReportRow[] =
      group === 'day'
        ? daysOf(range.from, range.to).map((day) => figures.rows.find((row) => row.key === day) ?? { key: day, label: day, email: null, ...NO_FIGURES })
        : figures.rows;
    return {
      data: {
        currency: range.currency,
        from: query.from,
        to: query.to,
        group,
        games_only: Boolean(query.category || query.provider),
        totals: figures.totals,
        rows,
        truncated: figures.truncated,
        payments,
        options: { currencies: known, ...options },
      },
    };
  });

  route(app, endpoints.export, async ({ reply, staff, query: asked }) => {
    const { section = 'figures', ...query } = asked;
    const range = await rangeOf(query);
    const group = query.group ?? 'day';
    const amount = (minor: number) => decimalAmount(minor);
    let lines: string[][];
    if (section === 'payments') {
      const rows = await paymentRows(range, query);
      lines = [
        ['method', 'currency', 'deposits', 'deposit_amount', 'withdrawals', 'withdrawal_amount'],
        ...rows.map((row) => [
          row.method,
          range.currency,
          String(row.deposits),
          amount(row.deposit_amount),
          String(row.withdrawals),
          amount(row.withdrawal_amount),
        ]),
      ];
    } else {
      const figures = await reports.figures(range, group, filterOf(query));
      const head = group === 'player' ? ['player', 'email'] : [group];
      const cells = (label: string, email: string | null, row: Omit<ReportRow, 'key' | 'label' | 'email'>) => [
        label,
        ...(group === 'player' ? [email ?? ''] : []),
        range.currency,
        ...REPORT_MONEY_FIGURES.map((figure) => amount(row[figure])),
        String(row.rounds),
        String(row.players),
      ];
      lines = [
        [...head, 'currency', ...REPORT_MONEY_FIGURES, 'rounds', 'players'],
        ...figures.rows.map((row) => cells(row.label, row.email, row)),
        cells('Total', group === 'player' ? '' : null, figures.totals),
      ];
    }
    await services.operators.audit.record({
      staffId: staff.id,
      action: 'reports.export',
      after: {
        section,
        group,
        ...Object.fromEntries(Object.entries(filterOf(query)).filter(([, value]) => value !== undefined)),
        from: query.from,
        to: query.to,
        currency: range.currency,
        rows: lines.length - 1,
      },
    });
    const csv = lines.map((line) => line.map(csvCell).join(',')).join('\r\n');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="report-${section === 'payments' ? 'payments' : group}-${query.from}-to-${query.to}.csv"`)
      .send(`${csv}\r\n`);
  });
}
