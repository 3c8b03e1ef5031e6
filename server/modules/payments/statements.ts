import { type Placeholder, type SQL, sql } from 'drizzle-orm';
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

/** The columns of `totalsRow`, as a driver returns them. */
export type PaymentTotalsRow = { pending_count: number | string; lifetime: number | string; this_month: number | string; deposited: boolean };

export const toPaymentTotals = (summary: PaymentTotalsRow | undefined): PaymentTotals => ({
  pendingWithdrawals: Number(summary?.pending_count ?? 0),
  netDeposits: { lifetime: Number(summary?.lifetime ?? 0), thisMonth: Number(summary?.this_month ?? 0) },
  hasDeposited: Boolean(summary?.deposited),
});

/**
 * Deposits whose money arrived: completed ones, and those refunded or charged back since (docs/decisions/0104),
 * which count for what is left of them (`amount - reversed_amount`).
 */
const CREDITED = sql.raw(`'completed', 'refunded', 'charged_back'`);
/** History events that took money back from the player's balance: each is its own line in their transactions. */
const TAKEN_BACK = sql.raw(`'refunded', 'charged_back', 'reversed', 'debt_repaid'`);

export function createPaymentStatements({ db, currency }: { db: Database; currency: string }) {
  /** The player's payment totals as one row (PaymentTotalsRow), for the wallet to read beside the balances in one statement. */
  function totalsRow(playerId: number | Placeholder): SQL {
    return sql`
      with money as (
        select amount - reversed_amount as amount, completed_at as at from deposits where player_id = ${playerId} and status in (${CREDITED}) and currency = ${currency}
        union all
        select -amount, decided_at from withdrawals where player_id = ${playerId} and status = 'paid' and currency = ${currency}
        union all
        -- A paid withdrawal whose payout failed and came back (docs/decisions/0123).
        select amount, created_at from payment_events where player_id = ${playerId} and kind = 'refunded' and withdrawal_id is not null and currency = ${currency}
      )
      select
        (select count(*) from withdrawals where player_id = ${playerId} and status = 'pending') as pending_count,
        coalesce((select sum(amount) from money), 0) as lifetime,
        coalesce((select sum(amount) from money where at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0) as this_month,
        exists (select 1 from deposits where player_id = ${playerId} and status in (${CREDITED})) as deposited`;
  }

  return {
    totalsRow,

    /** Chargebacks of these players' deposits recorded in [from, to), per player and UTC day (affiliates' NGR, decision 0107). */
    async chargebacksByDay(playerIds: number[], from: Date, to: Date): Promise<{ playerId: number; day: string; amount: number }[]> {
      if (playerIds.length === 0) return [];
      const rows = rowsOf<{ player_id: string | number; day: string; amount: string | number }>(
        await db.execute(sql`
          select player_id, to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, sum(amount) as amount
          from payment_events
          where kind = 'chargeback' and currency = ${currency} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
            and player_id in (${sql.join(
              playerIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          group by 1, 2`),
      );
      return rows.map((row) => ({ playerId: Number(row.player_id), day: row.day, amount: Number(row.amount) }));
    },

    /** The player's payment totals in one query. */
    async totals(playerId: number): Promise<PaymentTotals> {
      return toPaymentTotals(rowsOf<PaymentTotalsRow>(await db.execute(totalsRow(playerId)))[0]);
    },

    /**
     * The withdrawals queue's risk hints for these players: the methods their completed deposits used and their
     * lifetime net deposits (completed deposits minus paid withdrawals, in the currency), in one query.
     */
    async riskFigures(playerIds: number[]): Promise<Map<number, { depositMethods: string[]; netDeposits: number }>> {
      const figures = new Map<number, { depositMethods: string[]; netDeposits: number }>();
      if (playerIds.length === 0) return figures;
      const ids = sql.join(
        playerIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = rowsOf<{ player_id: number | string; methods: string[] | string | null; net: number | string }>(
        await db.execute(sql`
          with money as (
            select player_id, amount - reversed_amount as amount from deposits where player_id in (${ids}) and status in (${CREDITED}) and currency = ${currency}
            union all
            select player_id, -amount from withdrawals where player_id in (${ids}) and status = 'paid' and currency = ${currency}
            union all
            select player_id, amount from payment_events where player_id in (${ids}) and kind = 'refunded' and withdrawal_id is not null and currency = ${currency}
          )
          select p.player_id,
            (select string_agg(distinct d.method, ',' order by d.method) from deposits d where d.player_id = p.player_id and d.status in (${CREDITED})) as methods,
            coalesce((select sum(m.amount) from money m where m.player_id = p.player_id), 0) as net
          from (select distinct player_id from money union select distinct player_id from deposits where player_id in (${ids})) p`),
      );
      for (const row of rows) {
        const methods = typeof row.methods === 'string' ? row.methods.split(',') : (row.methods ?? []);
        figures.set(Number(row.player_id), { depositMethods: methods.filter(Boolean), netDeposits: Number(row.net) });
      }
      return figures;
    },

    /**
     * The player's deposits and withdrawals (every status), and each refund, chargeback and debt repayment taken
     * from their balance since (a line of its own, money out: what the balance gave, never what is still owed), as rows of the wallet history relation
     * `(id, type, status, amount, currency, created_at, reference_id)`, for the wallet to unite with the ledger's
     * movements, filter, count and page in one statement.
     */
    historyRows(playerId: number): SQL {
      return sql`
        select 'dep_' || d.id::text as id, 'deposit' as type, case when d.status in ('refunded', 'charged_back') then 'completed' else d.status end,
          d.amount, d.currency, d.created_at, d.id::text as reference_id
        from deposits d where d.player_id = ${playerId}
        union all
        select 'pe_' || e.id::text, 'deposit', e.kind, -(e.amount - coalesce((e.details->>'owed')::bigint, 0)), e.currency, e.created_at, e.deposit_id::text
        from payment_events e where e.player_id = ${playerId} and e.kind in (${TAKEN_BACK}) and e.deposit_id is not null
        union all
        select 'wd_' || w.id::text, 'withdrawal', w.status, -w.amount, w.currency, w.created_at, w.id::text
        from withdrawals w where w.player_id = ${playerId}
        union all
        select 'pe_' || e.id::text, 'withdrawal', 'refunded', e.amount, e.currency, e.created_at, e.withdrawal_id::text
        from payment_events e where e.player_id = ${playerId} and e.kind = 'refunded' and e.withdrawal_id is not null`;
    },
  };
}
