import type { Database } from '../../db/client.ts';
import { runNamed } from '../../db/prepared.ts';
import { hasSqlState } from '../shared/db-results.ts';
import type { LedgerTransaction } from './model.ts';

// The transfer as one SQL statement, and how it is run on PGlite and on node-postgres.

/**
 * The whole transfer as one statement of constant text (arrays, not value lists), atomic on its own: without a
 * caller's `within` it runs in autocommit, one round trip. It locks the accounts in id order, then claims the key
 * (the journal's id is drawn only once every account is held, so on each account the journal ids run in the order
 * the transfers were applied and each entry's running balance follows its account's entries in journal order;
 * a replay takes the locks too, for as long as its statement or transaction runs), applies
 * every net change as a conditional update (a player account only changes when it stays >= 0) and inserts the
 * entries, each with the balance it left its account with (the update's RETURNING less the account's net change,
 * plus the account's entries so far in this journal); if an account was skipped (unknown, would be overdrawn) or
 * the currencies differ, ledger_refuse() raises and the whole statement, journal row included, is undone. A
 * concurrent holder of the same key makes ON CONFLICT wait for that transaction to commit (we then replay its
 * result) or roll back (we go on).
 *
 * It runs as the body of the SQL function ledger_transfer() (migration 0013; this text since 0022, which added each account's balance after to `updated`), declared with
 * `SET plan_cache_mode = force_generic_plan`, so PostgreSQL plans it once per connection and keeps that plan: the
 * generic plan costs more on paper than a per-call plan (it cannot see that the arrays hold two or three ids) and
 * the choice between them flipped with statistics and connections, halving the ledger's speed
 * (docs/decisions/0074-ledger-plan-and-running-balances.md). The setting holds inside the function only; the rest of
 * the application keeps PostgreSQL's own choice. The update repeats `a.id = any($6)` although the joins imply it:
 * without it the generic plan hash-joined a scan of every account. A test checks that the function's body is
 * this text.
 */
export const TRANSFER_STATEMENT = `
  with locked as (
    select id from ledger_accounts where id = any($6::bigint[]) order by id for update
  ), journal as (
    insert into ledger_journals (type, idempotency_key, request_hash, reference_id, metadata)
    select $1, $2, $3, $4, $5::jsonb where (select count(*) from locked) >= 0
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ), changes as (
    select * from unnest($6::bigint[], $7::bigint[]) as c (id, amount)
  ), updated as (
    update ledger_accounts a set balance = a.balance + c.amount
    from changes c, locked l
    where a.id = any($6::bigint[]) and a.id = c.id and l.id = c.id and (a.owner_type = 'house' or a.balance + c.amount >= 0)
      and exists (select 1 from journal)
    returning a.id, a.currency, a.player_id, a.balance, c.amount
  ), inserted as (
    insert into ledger_entries (journal_id, position, account_id, amount, balance_after)
    select (select id from journal), e.ord - 1, e.account_id, e.amount,
      u.balance - u.amount + sum(e.amount) over (partition by e.account_id order by e.ord)
    from unnest($8::bigint[], $9::bigint[]) with ordinality as e (account_id, amount, ord)
    join updated u on u.id = e.account_id
    where exists (select 1 from journal)
    returning 1
  )
  select (select id from journal) as journal_id, (select created_at from journal) as created_at,
    (select json_agg(json_build_object('id', id, 'currency', currency, 'player_id', player_id, 'balance', balance)) from updated) as updated,
    (select count(*) from inserted) as inserted,
    case when exists (select 1 from journal)
      and ((select count(*) from updated) <> cardinality($6::bigint[]) or (select count(distinct currency) from updated) <> 1)
    then ledger_refuse() end as refused`;

/** What the application sends: the function call, planned in no time whichever plan PostgreSQL picks for it. */
export const TRANSFER_CALL = 'select * from ledger_transfer($1, $2, $3, $4, $5::jsonb, $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[])';

export type TransferOutcome = {
  journal_id: number | string | null;
  created_at: Date | string | null;
  updated: { id: number | string; currency: string; player_id: number | string | null; balance: number | string }[] | string | null;
  inserted: number | string;
};

const REFUSED = 'LDG01';
/** The statement refused the transfer (ledger_refuse(): an account skipped or currencies mixed). */
export const isRefusal = (error: unknown): boolean => hasSqlState(error, REFUSED);

/** Runs the transfer on the pool (autocommit) or on a transaction's own connection, as a named prepared statement. */
export async function runTransferStatement(executor: Database | LedgerTransaction, values: unknown[]): Promise<TransferOutcome[]> {
  const rows = (await runNamed(executor, 'ledger_transfer_v6', TRANSFER_CALL, values)) as TransferOutcome[];
  return rows.map(parsedOutcome);
}

/** An outcome row as a driver returns it: `updated` arrives as JSON text from some drivers and function results. */
export const parsedOutcome = (row: TransferOutcome): TransferOutcome => ({
  ...row,
  updated: typeof row.updated === 'string' ? JSON.parse(row.updated) : row.updated,
});
