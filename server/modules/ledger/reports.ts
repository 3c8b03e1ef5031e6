import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';

// The back office's money figures per UTC day (docs/decisions/0084-admin-console.md), read from the ledger: what
// players' accounts received or gave up, by journal type. Amounts are minor units of `currency`. Bonus cost and
// adjustments are the operator reports' (playerMoneyRows below, docs/decisions/0103-operator-reports.md), which the
// dashboard reads too.

export type DailyMoney = { day: string; deposits: number; withdrawals: number; first_depositors: number };

/**
 * The operator reports' money rows (docs/decisions/0103-operator-reports.md): per UTC day and player, what bonuses
 * (grants, cashback, points exchanged, less forfeits) and approved adjustments moved into (+) or out of (−) the
 * player's cash and bonus accounts in `currency` during [from, to). Each adjustment journal is one credit or one
 * debit; debits are given as a positive amount.
 */
export function playerMoneyRows(from: Date, to: Date, currency: string): SQL {
  return sql`
    select day, player_id,
           coalesce(sum(amount) filter (where type = 'bonus'), 0) as bonus_cost,
           coalesce(sum(amount) filter (where type = 'adjustment' and amount > 0), 0) as adjustments_credited,
           coalesce(-sum(amount) filter (where type = 'adjustment' and amount < 0), 0) as adjustments_debited
    from (
      select (j.created_at at time zone 'UTC')::date as day, a.player_id, j.type, sum(e.amount) as amount
      from ledger_journals j
      join ledger_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.created_at >= ${from.toISOString()} and j.created_at < ${to.toISOString()} and j.type in ('bonus', 'adjustment')
        and a.owner_type = 'player' and a.kind in ('cash', 'bonus') and a.currency = ${currency}
      group by j.id, 1, 2, 3
    ) journals
    group by day, player_id`;
}

/** One player's money on one UTC day as affiliates' revenue reads it (docs/decisions/0107-affiliates.md); minor units. */
export type PlayerRevenueDay = { playerId: number; day: string; stakes: number; wins: number; bonusCost: number; adjustments: number; deposits: number };

export function createLedgerReports({ db }: { db: Database }) {
  return {
    /**
     * Journal ids drawn so far (the journals' own sequence: no scan of the table), by every node: the metrics' counter
     * of money transfers, rounds' one-statement transfers included. A transfer that rolled back after drawing its id
     * counts too; the rate is what matters.
     */
    async journalsWritten(): Promise<number> {
      const [row] = rowsOf<{ drawn: string | number | null }>(
        await db.execute(sql`select case when is_called then last_value else 0 end as drawn from ledger_journals_id_seq`),
      );
      return Number(row?.drawn ?? 0);
    },

    /**
     * Per player and UTC day in [from, to), over the players' cash and bonus accounts in `currency`: stakes and wins
     * (our games, crash and aggregators' rounds alike: every `bet` and `win` journal), bonus cost (bonus journals'
     * net credit: grants, cashback, points exchanged, less forfeits), adjustments (their net credit) and deposits.
     */
    async playerRevenueByDay(playerIds: number[], from: Date, to: Date, currency: string): Promise<PlayerRevenueDay[]> {
      if (playerIds.length === 0) return [];
      const rows = rowsOf<{ player_id: string | number; day: string; type: string; amount: string | number }>(
        await db.execute(sql`
          select a.player_id, to_char(date_trunc('day', j.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, j.type, sum(e.amount) as amount
          from ledger_journals j
          join ledger_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.created_at >= ${from.toISOString()} and j.created_at < ${to.toISOString()}
            and j.type in ('bet', 'win', 'bonus', 'adjustment', 'deposit')
            and a.owner_type = 'player' and a.kind in ('cash', 'bonus') and a.currency = ${currency}
            and a.player_id in (${sql.join(
              playerIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          group by 1, 2, 3`),
      );
      const days = new Map<string, PlayerRevenueDay>();
      for (const row of rows) {
        const playerId = Number(row.player_id);
        const key = `${playerId}:${row.day}`;
        let day = days.get(key);
        if (!day) days.set(key, (day = { playerId, day: row.day, stakes: 0, wins: 0, bonusCost: 0, adjustments: 0, deposits: 0 }));
        const amount = Number(row.amount);
        if (row.type === 'bet') day.stakes += -amount;
        else if (row.type === 'win') day.wins += amount;
        else if (row.type === 'bonus') day.bonusCost += amount;
        else if (row.type === 'adjustment') day.adjustments += amount;
        else day.deposits += amount;
      }
      return [...days.values()];
    },

    /** Each of these players' first deposit in `currency` (its time and amount); players who never deposited are absent. */
    async firstDeposits(playerIds: number[], currency: string): Promise<Map<number, { at: Date; amount: number }>> {
      if (playerIds.length === 0) return new Map();
      const rows = rowsOf<{ player_id: string | number; at: string | Date; amount: string | number }>(
        await db.execute(sql`
          select distinct on (a.player_id) a.player_id, j.created_at as at, e.amount
          from ledger_journals j
          join ledger_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.type = 'deposit' and a.owner_type = 'player' and a.kind = 'cash' and a.currency = ${currency} and e.amount > 0
            and a.player_id in (${sql.join(
              playerIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by a.player_id, j.created_at, j.id`),
      );
      return new Map(rows.map((row) => [Number(row.player_id), { at: new Date(row.at), amount: Number(row.amount) }]));
    },

    /** The currencies the house keeps accounts in: the ones money has moved in. */
    async currencies(): Promise<string[]> {
      const rows = rowsOf<{ currency: string }>(
        await db.execute(sql`select distinct currency from ledger_accounts where owner_type = 'house' order by currency`),
      );
      return rows.map((row) => row.currency.trim());
    },

    async dailyMoney(from: Date, to: Date, currency: string): Promise<DailyMoney[]> {
      const rows = rowsOf<{ day: string; type: string; amount: string | number }>(
        await db.execute(sql`
          select to_char(date_trunc('day', j.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, j.type, sum(e.amount) as amount
          from ledger_journals j
          join ledger_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.created_at >= ${from.toISOString()} and j.created_at < ${to.toISOString()}
            and a.owner_type = 'player' and a.currency = ${currency}
            and j.type in ('deposit', 'withdrawal')
            and ((j.type = 'withdrawal' and a.kind = 'withdrawal_hold') or (j.type <> 'withdrawal' and a.kind in ('cash', 'bonus')))
          group by 1, 2`),
      );
      const first = rowsOf<{ day: string; players: string | number }>(
        await db.execute(sql`
          select to_char(date_trunc('day', first_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*) as players from (
            select a.player_id, min(j.created_at) as first_at
            from ledger_journals j
            join ledger_entries e on e.journal_id = j.id
            join ledger_accounts a on a.id = e.account_id
            where j.type = 'deposit' and a.owner_type = 'player' and a.currency = ${currency}
            group by a.player_id
          ) firsts where first_at >= ${from.toISOString()} and first_at < ${to.toISOString()}
          group by 1`),
      );
      const days = new Map<string, DailyMoney>();
      const day = (key: string) => {
        let found = days.get(key);
        if (!found) days.set(key, (found = { day: key, deposits: 0, withdrawals: 0, first_depositors: 0 }));
        return found;
      };
      for (const row of rows) {
        const amount = Number(row.amount);
        const target = day(row.day);
        if (row.type === 'deposit') target.deposits += amount;
        if (row.type === 'withdrawal') target.withdrawals += -amount;
      }
      for (const row of first) day(row.day).first_depositors += Number(row.players);
      return [...days.values()];
    },
  };
}
