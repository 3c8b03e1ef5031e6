-- An instant round in one statement (issue 17 §10, docs/decisions/0091-one-commit-rounds.md): the nonce claim,
-- the round row, the bet, the win and the stake's loyalty carry, atomic as one autocommitted statement, so a round
-- sends no BEGIN and no COMMIT and waits on one round trip instead of five or six. Each step is the statement its
-- module runs when a round goes the long way (a bonus-funded stake): fairness.nonceClaim, the round insert,
-- ledger_transfer() for the bet and the win, and the points' carry (clubs/points.ts). The loyalty carry's whole
-- points are not turned into points here: the application does that after, keyed by the round, when the carry
-- this returns is worth a point.
--
-- $1 the round row as JSON, keyed by column name; its nonce is the pair's next nonce the round was computed from,
--    claimed here (null when the pair moved on, which the row's NOT NULL refuses: the round computes again)
-- $2-$10 ledger_transfer()'s arguments for the bet; $11-$19 for the win, all null for no win
-- $20 whether the stake earns slot points (else table points), $21 the earning stake (null: no points), $22 its time
CREATE OR REPLACE FUNCTION game_round_instant(
  jsonb,
  text, text, text, text, jsonb, bigint[], bigint[], bigint[], bigint[],
  text, text, text, text, jsonb, bigint[], bigint[], bigint[], bigint[],
  boolean, bigint, timestamptz
)
RETURNS TABLE (bet_journal_id bigint, bet_created_at timestamptz, bet_updated json, bet_inserted bigint,
  win_journal_id bigint, win_created_at timestamptz, win_updated json, win_inserted bigint, carry integer)
LANGUAGE plpgsql
AS $game_round_instant$
DECLARE
  r game_rounds;
  claimed bigint;
  bet record;
  won_id bigint;
  won_at timestamptz;
  won_updated json;
  won_inserted bigint;
  kept integer;
BEGIN
  r := jsonb_populate_record(null::game_rounds, $1);
  UPDATE fairness_seeds s SET next_nonce = s.next_nonce + 1
    WHERE s.id = r.seed_id AND s.next_nonce = r.nonce AND s.client_seed = r.client_seed AND s.revealed_at IS NULL
    RETURNING s.next_nonce - 1 INTO claimed;
  r.nonce := claimed;
  INSERT INTO game_rounds SELECT r.*;
  SELECT * INTO bet FROM ledger_transfer($2, $3, $4, $5, $6, $7, $8, $9, $10);
  -- The round's id was free, so its bet's key must be too; a journal under it would be a broken ledger.
  IF bet.journal_id IS NULL THEN
    RAISE EXCEPTION 'round %: its bet key was used without its round', r.id;
  END IF;
  IF $12 IS NOT NULL THEN
    SELECT t.journal_id, t.created_at, t.updated, t.inserted INTO won_id, won_at, won_updated, won_inserted
      FROM ledger_transfer($11, $12, $13, $14, $15, $16, $17, $18, $19) t;
    IF won_id IS NULL THEN
      RAISE EXCEPTION 'round %: its win key was used without its round', r.id;
    END IF;
  END IF;
  IF $21 IS NOT NULL AND $21 > 0 THEN
    IF $20 THEN
      INSERT INTO loyalty_balances AS b (player_id, slots_carry, updated_at) VALUES (r.player_id, $21, $22)
        ON CONFLICT (player_id) DO UPDATE SET slots_carry = b.slots_carry + excluded.slots_carry, updated_at = excluded.updated_at
        RETURNING b.slots_carry INTO kept;
    ELSE
      INSERT INTO loyalty_balances AS b (player_id, table_carry, updated_at) VALUES (r.player_id, $21, $22)
        ON CONFLICT (player_id) DO UPDATE SET table_carry = b.table_carry + excluded.table_carry, updated_at = excluded.updated_at
        RETURNING b.table_carry INTO kept;
    END IF;
  END IF;
  RETURN QUERY SELECT bet.journal_id, bet.created_at, bet.updated, bet.inserted,
    won_id, won_at, won_updated, won_inserted, kept;
END;
$game_round_instant$;
