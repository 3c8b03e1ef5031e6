-- An aggregator's bet or win in one statement (issue 29 §7, docs/decisions/0096-hub88-seamless-wallet.md), as
-- game_round_instant() plays our instant rounds (decision 0091): the transaction row that claims its uuid, the round,
-- ledger_transfer() for its money, the row's journal id, and the stake's loyalty carry (the clubs' clubs_add_carry()),
-- atomic as one autocommitted statement: no BEGIN, no COMMIT, one round trip instead of eight. Each step is the
-- statement the providers module runs when a transaction goes the long way (a stake or a win the bonuses record):
-- store.insert, store.addToRound, ledger.transfer, store.update and the points' carry (clubs/points.ts).
--
-- $1  the transaction row as JSON, keyed by column name (every column but id)
-- $2  the round's id, $3 its game code, $4 the stake added to it, $5 the win added to it, $6 whether it closes
-- $7  a win's bet (its row id): locked, and the statement refused unless it is that player's bet and still accepted
-- $8-$16 ledger_transfer()'s arguments, all null when no money moves (a free round, a win of nothing)
-- $17 whether the stake earns slot points (else table points), $18 the earning stake (null: none), $19 the time
-- Returns the new row's id, or null, having done nothing, when the uuid was taken; the transfer's result; the carry.
-- A win's bet that may not be paid raises PRV01 with 'rolled_back' or 'does_not_exist' as its message.
-- The clubs' statement that adds a real-money stake to the player's carry of its category (clubs/points.ts,
-- carryStatement), as a function of the clubs' that another module's statement may call: the carry after it.
CREATE OR REPLACE FUNCTION clubs_add_carry(player bigint, slots boolean, stake bigint, at timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $clubs_add_carry$
DECLARE
  kept integer;
BEGIN
  IF slots THEN
    INSERT INTO loyalty_balances AS b (player_id, slots_carry, updated_at) VALUES (player, stake, at)
      ON CONFLICT (player_id) DO UPDATE SET slots_carry = b.slots_carry + excluded.slots_carry, updated_at = excluded.updated_at
      RETURNING b.slots_carry INTO kept;
  ELSE
    INSERT INTO loyalty_balances AS b (player_id, table_carry, updated_at) VALUES (player, stake, at)
      ON CONFLICT (player_id) DO UPDATE SET table_carry = b.table_carry + excluded.table_carry, updated_at = excluded.updated_at
      RETURNING b.table_carry INTO kept;
  END IF;
  RETURN kept;
END;
$clubs_add_carry$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION provider_transaction_instant(
  jsonb,
  text, text, bigint, bigint, boolean,
  bigint,
  text, text, text, text, jsonb, bigint[], bigint[], bigint[], bigint[],
  boolean, bigint, timestamptz
)
RETURNS TABLE (transaction_id bigint, journal_id bigint, created_at timestamptz, updated json, inserted bigint, carry integer)
LANGUAGE plpgsql
AS $provider_transaction_instant$
#variable_conflict use_column
DECLARE
  t provider_transactions;
  claimed bigint;
  bet provider_transactions;
  moved record;
  paid boolean := false;
  kept integer;
BEGIN
  t := jsonb_populate_record(null::provider_transactions, $1);
  INSERT INTO provider_transactions (provider, transaction_uuid, kind, player_id, round, game_code, game_name, currency, amount,
      free, reward_uuid, reference_uuid, state, response, request_hash, detail, points_stake, points_engine, created_at, updated_at)
    VALUES (t.provider, t.transaction_uuid, t.kind, t.player_id, t.round, t.game_code, t.game_name, t.currency, t.amount,
      t.free, t.reward_uuid, t.reference_uuid, t.state, t.response, t.request_hash, t.detail, t.points_stake, t.points_engine,
      t.created_at, t.updated_at)
    ON CONFLICT (provider, transaction_uuid) DO NOTHING
    RETURNING id INTO claimed;
  IF claimed IS NULL THEN
    RETURN QUERY SELECT null::bigint, null::bigint, null::timestamptz, null::json, null::bigint, null::integer;
    RETURN;
  END IF;
  IF $7 IS NOT NULL THEN
    SELECT * INTO bet FROM provider_transactions p WHERE p.id = $7 FOR UPDATE;
    IF bet.kind IS DISTINCT FROM 'bet' OR bet.player_id IS DISTINCT FROM t.player_id THEN
      RAISE EXCEPTION USING ERRCODE = 'PRV01', MESSAGE = 'does_not_exist';
    END IF;
    IF bet.state = 'rolled_back' THEN
      RAISE EXCEPTION USING ERRCODE = 'PRV01', MESSAGE = 'rolled_back';
    END IF;
    IF bet.state <> 'accepted' THEN
      RAISE EXCEPTION USING ERRCODE = 'PRV01', MESSAGE = 'does_not_exist';
    END IF;
  END IF;
  INSERT INTO provider_rounds AS r (provider, player_id, round, game_code, currency, status, stake, win, opened_at, updated_at, closed_at)
    VALUES (t.provider, t.player_id, $2, $3, t.currency, CASE WHEN $6 THEN 'closed' ELSE 'open' END, $4, $5, $19, $19,
      CASE WHEN $6 THEN $19 END)
    ON CONFLICT (provider, player_id, round) DO UPDATE SET
      stake = r.stake + excluded.stake,
      win = r.win + excluded.win,
      updated_at = excluded.updated_at,
      status = CASE WHEN $6 THEN 'closed' ELSE r.status END,
      closed_at = CASE WHEN $6 THEN coalesce(r.closed_at, excluded.updated_at) ELSE r.closed_at END;
  IF $9 IS NOT NULL THEN
    SELECT * INTO moved FROM ledger_transfer($8, $9, $10, $11, $12, $13, $14, $15, $16);
    -- The row's uuid was free, so its journal's key must be too; a journal under it would be a broken ledger.
    IF moved.journal_id IS NULL THEN
      RAISE EXCEPTION 'provider transaction %: its journal key was used without its row', t.transaction_uuid;
    END IF;
    UPDATE provider_transactions p SET journal_id = moved.journal_id WHERE p.id = claimed;
    paid := true;
  END IF;
  IF $18 IS NOT NULL AND $18 > 0 THEN
    kept := clubs_add_carry(t.player_id, $17, $18, $19);
  END IF;
  IF NOT paid THEN
    RETURN QUERY SELECT claimed, null::bigint, null::timestamptz, null::json, null::bigint, kept;
  ELSE
    RETURN QUERY SELECT claimed, moved.journal_id, moved.created_at, moved.updated, moved.inserted, kept;
  END IF;
END;
$provider_transaction_instant$;
