// The operator reports' API (docs/decisions/0103-operator-reports.md): figures over any range of UTC days, in one
// currency, grouped and filtered; deposits and withdrawals by method; the same views as CSV.
import { z } from 'zod';
import { defineEndpoint, fileAnswer } from './endpoint.ts';
import { dataOf, matching } from './http.ts';
import { dashboardSchema, gameReportSchema, reportQuerySchema } from './operators.ts';
import { VIP_TIER_SLUGS } from './operators.rules.ts';
import { REPORT_GROUPS } from './reports.rules.ts';

export * from './reports.rules.ts';

const isoDay = matching(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'A UTC day, YYYY-MM-DD.' });

/** GET /api/admin/reports/figures and /api/admin/reports/export. */
export const figuresQuerySchema = z.object({
  from: isoDay.meta({ description: 'First UTC day of the range (YYYY-MM-DD).' }),
  to: isoDay.meta({ description: 'Last UTC day of the range, included (YYYY-MM-DD); at most 366 days after `from`.' }),
  currency: matching(/^[A-Z]{3}$/)
    .optional()
    .meta({ description: 'One of the casino’s currencies; the site currency when left out.' }),
  group: z.enum(REPORT_GROUPS).optional().meta({ description: 'What the rows are grouped by; `day` when left out.' }),
  category: matching(/^[a-z0-9-]{1,64}$/)
    .optional()
    .meta({ description: 'Only rounds of games in this category (its slug).' }),
  provider: matching(/^[a-z0-9-]{1,64}$/)
    .optional()
    .meta({ description: 'Only rounds of this game provider’s games (its slug).' }),
  country: matching(/^[A-Z]{2}$/)
    .optional()
    .meta({ description: 'Only players registered in this country (ISO 3166-1 alpha-2, GB for the UK).' }),
  vip: z.enum(VIP_TIER_SLUGS).optional().meta({ description: 'Only players in this VIP tier now.' }),
});
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

/** The export's query: a figures view, or its deposits and withdrawals by method. */
export const exportQuerySchema = figuresQuerySchema.extend({
  section: z.enum(['figures', 'payments']).optional().meta({ description: '`figures` (the grouped rows and their total) or `payments` (by method).' }),
});

const money = z.int().meta({ description: 'Minor units of the report’s currency.' });
export const reportFiguresSchema = z.object({
  stakes: money,
  wins: money,
  ggr: money.meta({ description: 'Stakes − wins.' }),
  bonus_cost: money,
  adjustments_credited: money.meta({ description: 'Approved adjustments paid to players.' }),
  adjustments_debited: money.meta({ description: 'Approved adjustments taken from players (a positive amount).' }),
  ngr: money.meta({ description: 'GGR − bonus cost − adjustments credited + adjustments debited.' }),
  rounds: z.int(),
  players: z.int().meta({ description: 'Distinct players with a round.' }),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  key: z.string().nullable().meta({ description: 'The group: a day, a game, provider or category slug, a country code, a tier; null for the no-game row.' }),
  label: z.string().meta({ description: 'The group as staff read it: a game’s or a player’s name, a country’s name.' }),
  email: z.string().nullable().meta({ description: 'The player’s e-mail when grouped by player.' }),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const paymentMethodRowSchema = z.object({
  method: z.string().meta({ description: 'The payment method’s id (sandbox-card, sandbox-crypto…).' }),
  deposits: z.int(),
  deposit_amount: money,
  withdrawals: z.int(),
  withdrawal_amount: money,
});
export type PaymentMethodRow = z.infer<typeof paymentMethodRowSchema>;

const option = z.object({ value: z.string(), label: z.string() });
export const figuresReportSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  /** A category or provider filter leaves out bonus cost and adjustments: they belong to no game. */
  games_only: z.boolean(),
  totals: reportFiguresSchema,
  rows: z.array(reportRowSchema),
  /** More groups than a page shows: the largest by stakes are listed, the totals count all (the CSV has every row). */
  truncated: z.boolean(),
  payments: z.array(paymentMethodRowSchema),
  options: z.object({ currencies: z.array(z.string()), categories: z.array(option), providers: z.array(option) }),
});
export type FiguresReport = z.infer<typeof figuresReportSchema>;

/** The dashboard, the RTP report and the reports with any range, grouping and export (report-routes.ts). */
export const reportEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/dashboard',
    query: reportQuerySchema,
    responses: { 200: dataOf(dashboardSchema) },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'The dashboard: the last days’ figures and the queues',
    operationId: 'getReportDashboard',
  }),
  games: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/games',
    query: reportQuerySchema,
    responses: { 200: dataOf(z.array(gameReportSchema)) },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'Each game’s observed RTP beside its theoretical one',
    operationId: 'getGameReport',
  }),
  figures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/figures',
    query: figuresQuerySchema,
    responses: { 200: dataOf(figuresReportSchema) },
    auth: 'operator',
    permission: 'reports.read',
    summary:
      'Stakes, wins, GGR, bonus cost, adjustments, NGR, rounds and players over a range of UTC days, grouped and filtered, with deposits and withdrawals by method',
    operationId: 'getReportFigures',
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reports/export',
    query: exportQuerySchema,
    responses: { 200: fileAnswer('text/csv', 'The report view as CSV.') },
    auth: 'operator',
    permission: 'reports.read',
    summary: 'A report view as CSV (formula-safe cells, amounts as plain decimals with a currency column)',
    operationId: 'exportReport',
  }),
};
