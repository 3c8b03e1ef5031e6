import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';

// What the wallet reads of payments (docs/decisions/0028-modules-own-their-tables.md): it asks these instead of
// querying the deposits and withdrawals tables itself.

/** Money in and out through payments, as the wallet summary shows it. */
export type PaymentTotals = {
  /** Withdrawals waiting for an operator. */
  pendingWithdrawals: number;
  /** Completed deposits minus paid withdrawals in the currency, ever and since the start of this UTC month. */
  netDeposits: { lifetime: number; thisMonth: number };
  /** Whether any deposit ever completed. */
  hasDeposited: boolean;
};

export function createPaymentStatements({ db, currency }: { db: Database; currency: string }) {
  return {
    /** The player's payment totals in one query. */
    async totals(playerId: number): Promise<PaymentTotals> {
      const [summary] = rowsOf<{ pending_count: number | string; lifetime: number | string; this_month: number | string; deposited: boolean }>(
        await db.execute(sql`
          with money as (
            select amount, completed_at as at from deposits where player_id = ${playerId} and status = 'completed' and currency = ${currency}
            union all
            select -amount, decided_at from withdrawals where player_id = ${playerId} and status = 'paid' and currency = ${currency}
          )
          select
            (select count(*) from withdrawals where player_id = ${playerId} and status = 'pending') as pending_count,
            coalesce((select sum(amount) from money), 0) as lifetime,
            coalesce((select sum(amount) from money where at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0) as this_month,
            exists (select 1 from deposits where player_id = ${playerId} and status = 'completed') as deposited`),
      );
      return {
        pendingWithdrawals: Number(summary?.pending_count ?? 0),
        netDeposits: { lifetime: Number(summary?.lifetime ?? 0), thisMonth: Number(summary?.this_month ?? 0) },
        hasDeposited: Boolean(summary?.deposited),
      };
    },

    /**
     * The player's deposits and withdrawals (every status) as rows of the wallet history relation
     * `(id, type, status, amount, currency, created_at, reference_id)`, for the wallet to unite with the ledger's
     * movements, filter, count and page in one statement.
     */
    historyRows(playerId: number): SQL {
      return sql`
        select 'dep_' || d.id::text as id, 'deposit' as type, d.status, d.amount, d.currency, d.created_at, d.id::text as reference_id
        from deposits d where d.player_id = ${playerId}
        union all
        select 'wd_' || w.id::text, 'withdrawal', w.status, -w.amount, w.currency, w.created_at, w.id::text
        from withdrawals w where w.player_id = ${playerId}`;
    },
  };
}
