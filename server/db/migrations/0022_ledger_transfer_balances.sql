-- The transfer answers each account's balance after it (issue 17 §10): a round reads the player's balance from its
-- own transfers instead of querying the accounts again. Same signature, locks, plan setting and entries as 0021;
-- only the `updated` column's objects gain `balance` (docs/decisions/0091-one-commit-rounds.md).
CREATE OR REPLACE FUNCTION ledger_transfer(text, text, text, text, jsonb, bigint[], bigint[], bigint[], bigint[])
RETURNS TABLE (journal_id bigint, created_at timestamptz, updated json, inserted bigint, refused integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $ledger_transfer$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
    then ledger_refuse() end as refused;
END
$ledger_transfer$;
