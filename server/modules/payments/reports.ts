import { type SQL, sql } from 'drizzle-orm';

/**
 * The operator reports' payment rows (docs/decisions/0103-operator-reports.md): per player and method, the deposits of
 * `currency` completed and the withdrawals paid in [from, to), as the dashboard's ledger figures count them (a deposit
 * when its money arrived, a withdrawal when it was paid).
 */
export function paymentReportRows(from: Date, to: Date, currency: string): SQL {
  const range = (column: SQL) => sql`${column} >= ${from.toISOString()} and ${column} < ${to.toISOString()}`;
  return sql`
    select player_id, method, count(*) as deposits, sum(amount) as deposit_amount, 0 as withdrawals, 0 as withdrawal_amount
    from deposits where status = 'completed' and currency = ${currency} and ${range(sql`completed_at`)}
    group by 1, 2
    union all
    select player_id, method, 0, 0, count(*), sum(amount)
    from withdrawals where status = 'paid' and currency = ${currency} and ${range(sql`decided_at`)}
    group by 1, 2`;
}
