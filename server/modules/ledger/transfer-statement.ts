import type { Database } from '../../db/client.ts';
import { hasSqlState } from '../shared/db-results.ts';
import type { LedgerTransaction } from './model.ts';

// The transfer as one SQL statement, and how it is run on PGlite and on node-postgres.

/**
 * The whole transfer as one statement of constant text (arrays, not value lists), so PostgreSQL parses and plans
 * it once per connection as a named prepared statement, and so it is atomic on its own: without a caller's
 * `within` it runs in autocommit, one round trip. It claims the key, locks the accounts in id order, applies every
 * net change as a conditional update (a player account only changes when it stays >= 0) and inserts the entries;
 * if an account was skipped (unknown, would be overdrawn) or the currencies differ, ledger_refuse() raises and the
 * whole statement, journal row included, is undone. A concurrent holder of the same key makes ON CONFLICT wait
 * for that transaction to commit (we then replay its result) or roll back (we go on).
 * The update repeats `a.id = any($6)` although the joins imply it: after five executions PostgreSQL may switch a
 * prepared statement to its generic plan, which cannot see how few ids the arrays hold and scanned the whole
 * accounts table (every player's accounts, on every bet) to hash-join them; the condition keeps it on the index.
 */
export const TRANSFER_STATEMENT = `
  with journal as (
    insert into ledger_journals (type, idempotency_key, request_hash, reference_id, metadata)
    values ($1, $2, $3, $4, $5::jsonb)
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ), locked as (
    select id from ledger_accounts where id = any($6::bigint[]) and exists (select 1 from journal) order by id for update
  ), changes as (
    select * from unnest($6::bigint[], $7::bigint[]) as c (id, amount)
  ), updated as (
    update ledger_accounts a set balance = a.balance + c.amount
    from changes c, locked l
    where a.id = any($6::bigint[]) and a.id = c.id and l.id = c.id and (a.owner_type = 'house' or a.balance + c.amount >= 0)
    returning a.id, a.currency, a.player_id
  ), inserted as (
    insert into ledger_entries (journal_id, position, account_id, amount)
    select (select id from journal), e.ord - 1, e.account_id, e.amount
    from unnest($8::bigint[], $9::bigint[]) with ordinality as e (account_id, amount, ord)
    where exists (select 1 from journal)
    returning 1
  )
  select (select id from journal) as journal_id, (select created_at from journal) as created_at,
    (select json_agg(json_build_object('id', id, 'currency', currency, 'player_id', player_id)) from updated) as updated,
    (select count(*) from inserted) as inserted,
    case when exists (select 1 from journal)
      and ((select count(*) from updated) <> cardinality($6::bigint[]) or (select count(distinct currency) from updated) <> 1)
    then ledger_refuse() end as refused`;

export type TransferOutcome = {
  journal_id: number | string | null;
  created_at: Date | string | null;
  updated: { id: number | string; currency: string; player_id: number | string | null }[] | string | null;
  inserted: number | string;
};
type RawClient = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }>; exec?: unknown };

const REFUSED = 'LDG01';
/** The statement refused the transfer (ledger_refuse(): an account skipped or currencies mixed). */
export const isRefusal = (error: unknown): boolean => hasSqlState(error, REFUSED);

/**
 * Runs the transfer statement on the pool (autocommit) or on a transaction's own connection. node-postgres gets it
 * as a named prepared statement; PGlite (one in-process connection, which has `exec`) as a plain parameterised
 * query. Drizzle keeps the client on its session, which is where we reach it.
 */
export async function runTransferStatement(executor: Database | LedgerTransaction, values: unknown[]): Promise<TransferOutcome[]> {
  const client = (executor as unknown as { session: { client: RawClient } }).session.client;
  const result =
    typeof client.exec === 'function'
      ? await client.query(TRANSFER_STATEMENT, values)
      : await client.query({ name: 'ledger_transfer_v4', text: TRANSFER_STATEMENT, values });
  return (result.rows as TransferOutcome[]).map((row) => ({ ...row, updated: typeof row.updated === 'string' ? JSON.parse(row.updated) : row.updated }));
}
