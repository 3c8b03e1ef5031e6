-- Every ledger entry keeps the balance its account had right after it (issue 17 §11, decision 0074). Existing
-- entries get theirs from the account's history in (journal, position) order; the cached balance is that sum.
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
UPDATE "ledger_entries" e SET "balance_after" = r.running
FROM (
  SELECT journal_id, position, sum(amount) OVER (PARTITION BY account_id ORDER BY journal_id, position) AS running
  FROM "ledger_entries"
) r
WHERE r.journal_id = e.journal_id AND r.position = e.position;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
-- The transfer as one function whose statement always runs on its generic plan, planned once per connection
-- (server/modules/ledger/transfer-statement.ts: TRANSFER_STATEMENT is this body, checked by a test).
CREATE FUNCTION ledger_transfer(text, text, text, text, jsonb, bigint[], bigint[], bigint[], bigint[])
RETURNS TABLE (journal_id bigint, created_at timestamptz, updated json, inserted bigint, refused integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $ledger_transfer$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
    (select json_agg(json_build_object('id', id, 'currency', currency, 'player_id', player_id)) from updated) as updated,
    (select count(*) from inserted) as inserted,
    case when exists (select 1 from journal)
      and ((select count(*) from updated) <> cardinality($6::bigint[]) or (select count(distinct currency) from updated) <> 1)
    then ledger_refuse() end as refused;
END
$ledger_transfer$;
