import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';

// The back office's money figures per UTC day (docs/decisions/0084-admin-console.md), read from the ledger: what
// players' accounts received or gave up, by journal type. Amounts are minor units of `currency`.

export type DailyMoney = { day: string; deposits: number; withdrawals: number; bonus_cost: number; adjustments: number; first_depositors: number };

export function createLedgerReports({ db }: { db: Database }) {
  return {
    async dailyMoney(from: Date, to: Date, currency: string): Promise<DailyMoney[]> {
      const rows = rowsOf<{ day: string; type: string; amount: string | number }>(
        await db.execute(sql`
          select to_char(date_trunc('day', j.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, j.type, sum(e.amount) as amount
          from ledger_journals j
          join ledger_entries e on e.journal_id = j.id
          join ledger_accounts a on a.id = e.account_id
          where j.created_at >= ${from.toISOString()} and j.created_at < ${to.toISOString()}
            and a.owner_type = 'player' and a.currency = ${currency}
            and j.type in ('deposit', 'withdrawal', 'bonus', 'adjustment')
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
        if (!found) days.set(key, (found = { day: key, deposits: 0, withdrawals: 0, bonus_cost: 0, adjustments: 0, first_depositors: 0 }));
        return found;
      };
      for (const row of rows) {
        const amount = Number(row.amount);
        const target = day(row.day);
        if (row.type === 'deposit') target.deposits += amount;
        if (row.type === 'withdrawal') target.withdrawals += -amount;
        if (row.type === 'bonus') target.bonus_cost += amount;
        if (row.type === 'adjustment') target.adjustments += amount;
      }
      for (const row of first) day(row.day).first_depositors += Number(row.players);
      return [...days.values()];
    },
  };
}
