import { decimalAmount } from '../../../contract/money.ts';
import { sql } from 'drizzle-orm';
import { csvCell } from './csv.ts';
import type { Transaction, TransactionStatus, TransactionsMeta, TransactionType } from '../../../contract/wallet.ts';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { rowsOf } from '../shared/db-results.ts';
import { pageMeta, pageOffset } from '../shared/pagination.ts';
import type { WalletBalances } from './balances.ts';

// What the player sees of their money (docs/decisions/0021-wallet-and-payments.md): the wallet summary and
// one history that joins deposits and withdrawals (with their own statuses) to the ledger's other movements.
// The wallet owns no table: payments and the ledger hand it their rows (docs/decisions/0028-modules-own-their-tables.md).

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService({
  db,
  ledger,
  payments,
  balances,
  gameNames,
}: {
  db: Database;
  ledger: Pick<LedgerService, 'historyRows'>;
  payments: Pick<PaymentsService, 'historyRows'>;
  /** The wallet summary (balances.ts). */
  balances: Pick<WalletBalances, 'wallet'>;
  /** The game's name of each round id: the house rounds' and the crash bets' modules answer. */
  gameNames: (roundIds: string[]) => Promise<Map<string, string>>;
}) {
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
      with history as (${payments.historyRows(playerId)}
        union all ${ledger.historyRows(playerId)}
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

  /**
   * Bets and wins name their game (issue 34 §6): a house or crash round by its id, a provider's round by the game
   * name it already carries as its reference.
   */
  async function withGameNames(transactions: Transaction[]): Promise<Transaction[]> {
    const played = transactions.filter((row) => (row.type === 'bet' || row.type === 'win') && row.reference_id);
    if (played.length === 0) return transactions;
    const names = await gameNames(played.map((row) => row.reference_id!).filter((id) => UUID.test(id)));
    return transactions.map((row) => {
      if ((row.type !== 'bet' && row.type !== 'win') || !row.reference_id) return row;
      const name = UUID.test(row.reference_id) ? names.get(row.reference_id) : row.reference_id;
      return name ? { ...row, game_name: name } : row;
    });
  }

  return {
    wallet: balances.wallet,

    async transactions(
      playerId: number,
      filters: TransactionFilters,
      page: { page: number; perPage: number },
    ): Promise<{ data: Transaction[]; meta: TransactionsMeta }> {
      const base = history(playerId, filters);
      const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from (${base}) counted`));
      const total = Number(counted?.total ?? 0);
      const rows = rowsOf<HistoryRow>(await db.execute(sql`${base} order by h.created_at desc, h.id desc limit ${page.perPage} offset ${pageOffset(page)}`));
      return {
        data: await withGameNames(rows.map(toTransaction)),
        meta: pageMeta(page, total),
      };
    },

    /** The filtered history as CSV (RFC 4180, formula-safe), newest first, amounts in major units. */
    async transactionsCsv(playerId: number, filters: TransactionFilters, limit = 10_000): Promise<string> {
      const rows = rowsOf<HistoryRow>(await db.execute(sql`${history(playerId, filters)} order by h.created_at desc, h.id desc limit ${limit}`));
      const lines = ['id,date,type,status,amount,currency,reference'];
      for (const row of rows.map(toTransaction)) {
        const amount = decimalAmount(row.amount);
        lines.push([row.id, row.created_at, row.type, row.status, amount, row.currency, row.reference_id ?? ''].map(csvCell).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
