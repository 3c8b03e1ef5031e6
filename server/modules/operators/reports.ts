import { type SQL, sql } from 'drizzle-orm';
import { COUNTRIES } from '../../../contract/countries.ts';
import { VIP_TIERS } from '../../../contract/clubs.rules.ts';
import type { ReportFigures, ReportRow } from '../../../contract/reports.ts';
import { NOT_A_GAME_LABEL, type ReportGroup } from '../../../contract/reports.rules.ts';
import type { Database } from '../../db/client.ts';
import { playerReportRows } from '../accounts/report-rows.ts';
import { gameReportRows } from '../catalog/report-rows.ts';
import { crashPlayRows } from '../crash/reports.ts';
import { housePlayRows } from '../games/reports.ts';
import { playerMoneyRows } from '../ledger/reports.ts';
import { paymentReportRows } from '../payments/reports.ts';
import { providerPlayRows } from '../providers/reports.ts';
import { rowsOf } from '../shared/db-results.ts';

// The operator reports (docs/decisions/0103-operator-reports.md): one statement over every module's rows for a range,
// so the dashboard and the reports screen read the same figures. Each module hands its rows as SQL (decision 0028):
// play (our rounds, crash bets, aggregators' transactions), bonus and adjustment money (the ledger), who the player is
// (accounts), which game, provider and category (catalogue); the clubs say each player's tier now. Rows are summed and
// grouped in the database, with the total as the empty grouping set of the same query.

export type ReportRange = { from: Date; to: Date; currency: string };
export type ReportFilter = { category?: string | undefined; provider?: string | undefined; country?: string | undefined; vip?: string | undefined };
export type GroupedFigures = { totals: ReportFigures; rows: ReportRow[]; truncated: boolean };
export type PaymentMethodTotals = { method: string; deposits: number; deposit_amount: number; withdrawals: number; withdrawal_amount: number };

type Dependencies = {
  db: Database;
  /** The clubs' tiers above bronze now, by player id (everyone else is bronze). */
  tiersAboveBronze: () => Promise<Map<number, string>>;
  /** The catalogue's id of the crash game, if it has one. */
  crashGameId: () => Promise<number | null>;
};

const COUNTRY_NAMES = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const TIER_NAMES = new Map(VIP_TIERS.map((tier) => [tier.slug as string, tier.name]));

/** The group's key, label and e-mail columns of a grouping, over the joined rows `f` (facts), `p`, `t` and `g`. */
function groupColumns(group: ReportGroup): { key: SQL; label: SQL; email: SQL } {
  const noGame = sql`f.game_source is null`;
  const byGame = (key: SQL, label: SQL) => ({
    key: sql`case when ${noGame} then null else ${key} end`,
    label: sql`case when ${noGame} then ${NOT_A_GAME_LABEL} else ${label} end`,
    email: sql`null::text`,
  });
  switch (group) {
    case 'day':
      return { key: sql`to_char(f.day, 'YYYY-MM-DD')`, label: sql`to_char(f.day, 'YYYY-MM-DD')`, email: sql`null::text` };
    case 'game':
      return byGame(sql`coalesce(g.game_id::text, f.game_source || ':' || f.game_code)`, sql`coalesce(g.game_name, nullif(f.game_code, ''), 'Unknown game')`);
    case 'provider':
      return byGame(sql`coalesce(g.provider_slug, f.game_source)`, sql`coalesce(g.provider_name, f.game_source)`);
    case 'category':
      return byGame(sql`coalesce(g.category_slug, 'uncategorised')`, sql`coalesce(g.category_name, 'Uncategorised')`);
    case 'country':
      return { key: sql`p.country`, label: sql`p.country`, email: sql`null::text` };
    case 'vip':
      return { key: sql`coalesce(t.tier, 'bronze')`, label: sql`coalesce(t.tier, 'bronze')`, email: sql`null::text` };
    case 'player':
      return { key: sql`p.player_id::text`, label: sql`p.player_name`, email: sql`p.player_email` };
  }
}

/** The label staff read for a group: a country's or a tier's name where the key is a code. */
function labelOf(group: ReportGroup, label: string): string {
  if (group === 'country') return COUNTRY_NAMES.get(label) ?? label;
  if (group === 'vip') return TIER_NAMES.get(label) ?? label;
  return label;
}

type FigureRow = Record<keyof Omit<ReportFigures, 'ngr' | 'ggr'>, string | number>;
function figuresOf(row: FigureRow): ReportFigures {
  const stakes = Number(row.stakes);
  const wins = Number(row.wins);
  const bonusCost = Number(row.bonus_cost);
  const credited = Number(row.adjustments_credited);
  const debited = Number(row.adjustments_debited);
  return {
    stakes,
    wins,
    ggr: stakes - wins,
    bonus_cost: bonusCost,
    adjustments_credited: credited,
    adjustments_debited: debited,
    ngr: stakes - wins - bonusCost - credited + debited,
    rounds: Number(row.rounds),
    players: Number(row.players),
  };
}

export const NO_FIGURES: ReportFigures = figuresOf({
  stakes: 0,
  wins: 0,
  bonus_cost: 0,
  adjustments_credited: 0,
  adjustments_debited: 0,
  rounds: 0,
  players: 0,
});

export function createOperatorReports({ db, tiersAboveBronze, crashGameId }: Dependencies) {
  /** The players above bronze as rows (player_id, tier), from one JSON parameter whatever their number. */
  async function tierRows(): Promise<SQL> {
    const pairs = [...(await tiersAboveBronze())];
    return sql`select (x->>0)::bigint as player_id, x->>1 as tier from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) as x`;
  }

  /** Who: the player's columns and tier; joined to `rows` by player_id. */
  const whoFilters = (filter: ReportFilter) => [
    filter.country ? sql`p.country = ${filter.country}` : undefined,
    filter.vip ? sql`coalesce(t.tier, 'bronze') = ${filter.vip}` : undefined,
  ];
  const where = (conditions: (SQL | undefined)[]) => {
    const present = conditions.filter((condition): condition is SQL => condition !== undefined);
    return present.length === 0 ? sql`` : sql`where ${sql.join(present, sql` and `)}`;
  };

  return {
    /**
     * The range's figures grouped by `group`, filtered, with their total. `limit` bounds the rows listed (the largest
     * by stakes first, days in order); the total counts every row.
     */
    async figures({ from, to, currency }: ReportRange, group: ReportGroup, filter: ReportFilter = {}, limit?: number): Promise<GroupedFigures> {
      const { key, label, email } = groupColumns(group);
      const [tiers, crashId] = await Promise.all([tierRows(), crashGameId()]);
      const order = group === 'day' ? sql`key` : sql`stakes desc, ngr desc, label`;
      const result = rowsOf<FigureRow & { key: string | null; label: string; email: string | null; is_total: number | string }>(
        await db.execute(sql`
          with tiers as (${tiers}),
          catalog as (${gameReportRows()}),
          facts as (
            select day, player_id, game_id, game_source, game_code, stakes, wins, rounds,
                   0 as bonus_cost, 0 as adjustments_credited, 0 as adjustments_debited
            from (${housePlayRows(from, to, currency)} union all ${crashPlayRows(from, to, currency, crashId)}
                  union all ${providerPlayRows(from, to, currency)}) play
            union all
            select day, player_id, null::integer, null::text, null::text, 0, 0, 0, bonus_cost, adjustments_credited, adjustments_debited
            from (${playerMoneyRows(from, to, currency)}) money
          ),
          located as (
            select f.*, coalesce(f.game_id, external.game_id) as catalog_id
            from facts f left join catalog external
              on f.game_id is null and f.game_source is not null and external.source = f.game_source and external.external_code = f.game_code
          ),
          grouped as (
            select ${key} as key, ${label} as label, ${email} as email, f.*
            from located f
            join (${playerReportRows()}) p on p.player_id = f.player_id
            left join tiers t on t.player_id = f.player_id
            left join catalog g on g.game_id = f.catalog_id
            ${where([
              filter.category ? sql`g.category_slug = ${filter.category}` : undefined,
              filter.provider ? sql`coalesce(g.provider_slug, f.game_source) = ${filter.provider}` : undefined,
              ...whoFilters(filter),
            ])}
          ),
          summed as (
            select key, label, email, grouping(key, label, email) as is_total,
                   coalesce(sum(stakes), 0) as stakes, coalesce(sum(wins), 0) as wins, coalesce(sum(rounds), 0) as rounds,
                   coalesce(sum(bonus_cost), 0) as bonus_cost, coalesce(sum(adjustments_credited), 0) as adjustments_credited,
                   coalesce(sum(adjustments_debited), 0) as adjustments_debited,
                   count(distinct player_id) filter (where rounds > 0) as players
            from grouped
            group by grouping sets ((key, label, email), ())
          )
          select *, stakes - wins - bonus_cost - adjustments_credited + adjustments_debited as ngr from summed
          order by is_total desc, ${order}
          ${limit === undefined ? sql`` : sql`limit ${limit + 2}`}`),
      );
      const [total, ...groups] = result;
      const rows = groups.slice(0, limit ?? groups.length).map((row) => ({
        key: row.key,
        label: row.key === null ? row.label : labelOf(group, row.label),
        email: row.email,
        ...figuresOf(row),
      }));
      return { totals: total ? figuresOf(total) : NO_FIGURES, rows, truncated: limit !== undefined && groups.length > limit };
    },

    /** Deposits completed and withdrawals paid in the range, by method, of the players the filter's country and tier keep. */
    async paymentsByMethod({ from, to, currency }: ReportRange, filter: ReportFilter = {}): Promise<PaymentMethodTotals[]> {
      const rows = rowsOf<Record<keyof PaymentMethodTotals, string | number>>(
        await db.execute(sql`
          with tiers as (${await tierRows()})
          select pay.method, sum(pay.deposits) as deposits, sum(pay.deposit_amount) as deposit_amount,
                 sum(pay.withdrawals) as withdrawals, sum(pay.withdrawal_amount) as withdrawal_amount
          from (${paymentReportRows(from, to, currency)}) pay
          join (${playerReportRows()}) p on p.player_id = pay.player_id
          left join tiers t on t.player_id = pay.player_id
          ${where(whoFilters(filter))}
          group by pay.method order by pay.method`),
      );
      return rows.map((row) => ({
        method: String(row.method),
        deposits: Number(row.deposits),
        deposit_amount: Number(row.deposit_amount),
        withdrawals: Number(row.withdrawals),
        withdrawal_amount: Number(row.withdrawal_amount),
      }));
    },
  };
}

export type OperatorReports = ReturnType<typeof createOperatorReports>;
