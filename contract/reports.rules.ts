// The operator reports' plain values (docs/decisions/0103-operator-reports.md): the groupings, the longest range and
// the figures' labels. No zod here, so the console's bundles can import it; the schemas are in reports.ts, which
// re-exports all of this. Imports nothing.

/** What a report's rows are grouped by. */
export const REPORT_GROUPS = ['day', 'game', 'provider', 'category', 'country', 'vip', 'player'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  day: 'Day',
  game: 'Game',
  provider: 'Provider',
  category: 'Game category',
  country: 'Country',
  vip: 'VIP tier',
  player: 'Player',
};

/** The longest range one report covers, in UTC days, both ends counted (a leap year). */
export const MAX_REPORT_DAYS = 366;

/** The row that carries bonus cost and adjustments in a grouping by game, provider or category: they belong to no game. */
export const NOT_A_GAME_LABEL = 'Bonuses and adjustments (no game)';

/** The money figures of a report row, in minor units of the report's currency, in the order a table or a CSV shows them. */
export const REPORT_MONEY_FIGURES = ['stakes', 'wins', 'ggr', 'bonus_cost', 'adjustments_credited', 'adjustments_debited', 'ngr'] as const;
export type ReportMoneyFigure = (typeof REPORT_MONEY_FIGURES)[number];

export const REPORT_FIGURE_LABELS: Record<ReportMoneyFigure | 'rounds' | 'players', string> = {
  stakes: 'Stakes',
  wins: 'Wins',
  ggr: 'GGR',
  bonus_cost: 'Bonus cost',
  adjustments_credited: 'Adjustments credited',
  adjustments_debited: 'Adjustments debited',
  ngr: 'NGR',
  rounds: 'Rounds',
  players: 'Players',
};
