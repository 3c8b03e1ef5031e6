import { sql } from 'drizzle-orm';
import { csvCell } from './csv.ts';
import type { Transaction, TransactionStatus, TransactionsMeta, TransactionType, Wallet } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/service.ts';

// What the player sees of their money (docs/decisions/0021-wallet-and-payments.md): the wallet summary and
// one history that joins deposits and withdrawals (with their own statuses) to the ledger's other movements.

export type TransactionFilters = {
  type?: TransactionType;
  status?: TransactionStatus;
  /** Inclusive calendar days (UTC), YYYY-MM-DD. */
  from?: string;
  to?: string;
};

type HistoryRow = {
  id: string;
  type: string;
  status: string;
  amount: string | number;
  currency: string;
  created_at: Date | string;
  reference_id: string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService({ db, ledger, currency }: { db: Database; ledger: LedgerService; currency: string }) {
  /**
   * Every money event of the player as one relation: deposits and withdrawals from their own tables (so pending
   * and declined ones show), and the ledger's bets, wins, bonuses and adjustments on the player's cash and bonus.
   */
  function history(playerId: number, filters: TransactionFilters) {
    const conditions = [sql`true`];
    if (filters.type) conditions.push(sql`h.type = ${filters.type}`);
    if (filters.status) conditions.push(sql`h.status = ${filters.status}`);
    if (filters.from) conditions.push(sql`h.created_at >= (${filters.from}::date)::timestamp at time zone 'UTC'`);
    if (filters.to) conditions.push(sql`h.created_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'`);
    return sql`
      with history as (
        select 'dep_' || d.id::text as id, 'deposit' as type, d.status, d.amount, d.currency, d.created_at, d.id::text as reference_id
        from deposits d where d.player_id = ${playerId}
        union all
        select 'wd_' || w.id::text, 'withdrawal', w.status, -w.amount, w.currency, w.created_at, w.id::text
        from withdrawals w where w.player_id = ${playerId}
        union all
        select 'tx_' || j.id::text, j.type, 'completed', sum(e.amount), min(a.currency), j.created_at, j.reference_id
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_journals j on j.id = e.journal_id
        where a.owner_type = 'player' and a.player_id = ${playerId} and a.kind in ('cash', 'bonus')
          and j.type in ('bet', 'win', 'bonus', 'adjustment')
        group by j.id
      )
      select * from history h where ${sql.join(conditions, sql` and `)}`;
  }

  const toTransaction = (row: HistoryRow): Transaction => ({
    id: row.id,
    type: row.type as TransactionType,
    status: row.status as TransactionStatus,
    amount: Number(row.amount),
    currency: row.currency,
    created_at: iso(row.created_at),
    reference_id: row.reference_id,
  });

  return {
    async wallet(playerId: number): Promise<Wallet> {
      const accounts = await ledger.ensurePlayerAccounts(playerId, currency);
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
        currency,
        balance: accounts.cash.balance + accounts.bonus.balance,
        cash: accounts.cash.balance,
        bonus: accounts.bonus.balance,
        withdrawable: accounts.cash.balance,
        pending_withdrawals: accounts.withdrawal_hold.balance,
        pending_withdrawals_count: Number(summary?.pending_count ?? 0),
        net_deposits: { lifetime: Number(summary?.lifetime ?? 0), this_month: Number(summary?.this_month ?? 0) },
        has_deposited: Boolean(summary?.deposited),
      };
    },

    async transactions(
      playerId: number,
      filters: TransactionFilters,
      page: { page: number; perPage: number },
    ): Promise<{ data: Transaction[]; meta: TransactionsMeta }> {
      const base = history(playerId, filters);
      const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from (${base}) counted`));
      const total = Number(counted?.total ?? 0);
      const rows = rowsOf<HistoryRow>(
        await db.execute(sql`${base} order by h.created_at desc, h.id desc limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`),
      );
      return {
        data: rows.map(toTransaction),
        meta: { current_page: page.page, per_page: page.perPage, total, last_page: Math.max(1, Math.ceil(total / page.perPage)) },
      };
    },

    /** The filtered history as CSV (RFC 4180, formula-safe), newest first, amounts in major units. */
    async transactionsCsv(playerId: number, filters: TransactionFilters, limit = 10_000): Promise<string> {
      const rows = rowsOf<HistoryRow>(await db.execute(sql`${history(playerId, filters)} order by h.created_at desc, h.id desc limit ${limit}`));
      const lines = ['id,date,type,status,amount,currency,reference'];
      for (const row of rows.map(toTransaction)) {
        const amount = (row.amount / 100).toFixed(2);
        lines.push([row.id, row.created_at, row.type, row.status, amount, row.currency, row.reference_id ?? ''].map(csvCell).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
