import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../shared/db-results.ts';
import { type PageQuery, pageOffset } from '../shared/pagination.ts';
import type { PaymentsDependencies } from './common.ts';
import { paymentHistory } from './events.ts';
import type { createReversals } from './reversals.ts';

// The back office's Payments screen (docs/decisions/0104): deposits and withdrawals found by player, reference,
// status, method and date; one payment's full history; and refunds and chargebacks taken by staff.

export type PaymentKind = 'deposit' | 'withdrawal';

export type PaymentSearch = PageQuery & {
  kind?: PaymentKind;
  /** Only these players (the accounts module found them by name or e-mail); an empty list matches nobody. */
  playerIds?: number[];
  reference?: string;
  status?: string;
  method?: string;
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
};

export type PaymentListRow = {
  id: string;
  kind: PaymentKind;
  playerId: number;
  amount: number;
  reversedAmount: number;
  currency: string;
  status: string;
  method: string;
  reference: string | null;
  createdAt: Date;
};

type RawRow = {
  id: string;
  kind: PaymentKind;
  player_id: number | string;
  amount: number | string;
  reversed_amount: number | string;
  currency: string;
  status: string;
  method: string;
  reference: string | null;
  created_at: Date | string;
  total?: number | string;
};

const toRow = (row: RawRow): PaymentListRow => ({
  id: row.id,
  kind: row.kind,
  playerId: Number(row.player_id),
  amount: Number(row.amount),
  reversedAmount: Number(row.reversed_amount),
  currency: row.currency,
  status: row.status,
  method: row.method,
  reference: row.reference,
  createdAt: new Date(row.created_at),
});

/** Both kinds of payment as one relation, for search and lookup. */
const PAYMENTS = sql`(
  select d.id::text as id, 'deposit' as kind, d.player_id, d.amount, d.reversed_amount, d.currency, d.status, d.method, d.gateway_reference as reference, d.created_at
  from deposits d
  union all
  select w.id::text, 'withdrawal', w.player_id, w.amount, 0, w.currency, w.status, w.method, null, w.created_at
  from withdrawals w
) p`;

export function createPaymentsAdmin({ db }: Pick<PaymentsDependencies, 'db'>, reversals: ReturnType<typeof createReversals>) {
  async function search(filter: PaymentSearch): Promise<{ rows: PaymentListRow[]; total: number }> {
    const where: SQL[] = [sql`true`];
    if (filter.kind) where.push(sql`p.kind = ${filter.kind}`);
    if (filter.playerIds) {
      if (filter.playerIds.length === 0) return { rows: [], total: 0 };
      where.push(
        sql`p.player_id in (${sql.join(
          filter.playerIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
    if (filter.reference) {
      const reference = filter.reference.trim();
      where.push(
        sql`(p.id = ${reference} or p.reference = ${reference} or exists (select 1 from payment_events e where e.provider_reference = ${reference} and (e.deposit_id::text = p.id or e.withdrawal_id::text = p.id)))`,
      );
    }
    if (filter.status) where.push(sql`p.status = ${filter.status}`);
    if (filter.method) where.push(sql`p.method = ${filter.method}`);
    if (filter.from) where.push(sql`p.created_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
    if (filter.to) where.push(sql`p.created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
    const rows = rowsOf<RawRow>(
      await db.execute(sql`
        select p.*, count(*) over () as total from ${PAYMENTS}
        where ${sql.join(where, sql` and `)}
        order by p.created_at desc, p.id
        limit ${filter.perPage} offset ${pageOffset(filter)}`),
    );
    let total = Number(rows[0]?.total ?? 0);
    // A page past the end has no row to carry the count: count again.
    if (rows.length === 0 && filter.page > 1) {
      const [counted] = rowsOf<{ total: number | string }>(
        await db.execute(sql`select count(*) as total from ${PAYMENTS} where ${sql.join(where, sql` and `)}`),
      );
      total = Number(counted?.total ?? 0);
    }
    return { rows: rows.map(toRow), total };
  }

  async function payment(kind: PaymentKind, id: string) {
    const [row] = rowsOf<RawRow>(await db.execute(sql`select p.* from ${PAYMENTS} where p.kind = ${kind} and p.id = ${id}`));
    if (!row) return null;
    const found = toRow(row);
    const history = await paymentHistory(db, kind === 'deposit' ? { deposit: id } : { withdrawal: id });
    const owed = await reversals.owed(found.playerId, found.currency);
    return { payment: found, history, owed };
  }

  return {
    search,
    payment,
  };
}
