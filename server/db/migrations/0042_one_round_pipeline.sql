-- One round pipeline (issue 27 §2, docs/decisions/0125-one-round-pipeline.md): every step of a round's commit has
-- one implementation, owned by its module, which both ways of committing a round call.
--   game_round_open()   the games' nonce claim and round row: the one-statement round below and the round's
--                       TypeScript transaction (a stake the bonuses record) both call it.
--   ledger_transfer()   the ledger's transfer (migration 0013 on), as every transfer runs it.
--   clubs_add_carry()   the clubs' carry of a stake (migration 0034), which the clubs' own points code calls too.
-- game_round_instant() keeps its arguments and results; it now only calls the three in order, so it no longer
-- writes the clubs' loyalty_balances itself.

-- The round's nonce claim and row. $1 is the round row as JSON, keyed by column name; its nonce is the pair's next
-- nonce the round was computed from, claimed here for exactly that pair (seed id, nonce, client seed, not revealed),
-- else left null, which the row's NOT NULL refuses: the round is computed again. A used round id is a unique violation.
CREATE OR REPLACE FUNCTION game_round_open(jsonb)
RETURNS void
LANGUAGE plpgsql
AS $game_round_open$
DECLARE
  r game_rounds;
BEGIN
  r := jsonb_populate_record(null::game_rounds, $1);
  UPDATE fairness_seeds s SET next_nonce = s.next_nonce + 1
    WHERE s.id = r.seed_id AND s.next_nonce = r.nonce AND s.client_seed = r.client_seed AND s.revealed_at IS NULL
    RETURNING s.next_nonce - 1 INTO r.nonce;
  INSERT INTO game_rounds SELECT r.*;
END;
$game_round_open$;
--> statement-breakpoint
-- An instant round in one autocommitted statement (decision 0091's statement, same arguments and results):
-- $1 the round row as JSON (game_round_open), $2-$10 ledger_transfer()'s arguments for the bet, $11-$19 for the win
-- (all null for no win), $20 whether the stake earns slot points (else table points), $21 the earning stake (null:
-- no points), $22 its time (clubs_add_carry).
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
  bet record;
  won_id bigint;
  won_at timestamptz;
  won_updated json;
  won_inserted bigint;
  kept integer;
BEGIN
  PERFORM game_round_open($1);
  SELECT * INTO bet FROM ledger_transfer($2, $3, $4, $5, $6, $7, $8, $9, $10);
  -- The round's id was free, so its bet's key must be too; a journal under it would be a broken ledger.
  IF bet.journal_id IS NULL THEN
    RAISE EXCEPTION 'round %: its bet key was used without its round', $1->>'id';
  END IF;
  IF $12 IS NOT NULL THEN
    SELECT t.journal_id, t.created_at, t.updated, t.inserted INTO won_id, won_at, won_updated, won_inserted
      FROM ledger_transfer($11, $12, $13, $14, $15, $16, $17, $18, $19) t;
    IF won_id IS NULL THEN
      RAISE EXCEPTION 'round %: its win key was used without its round', $1->>'id';
    END IF;
  END IF;
  IF $21 IS NOT NULL AND $21 > 0 THEN
    kept := clubs_add_carry(($1->>'player_id')::bigint, $20, $21, $22);
  END IF;
  RETURN QUERY SELECT bet.journal_id, bet.created_at, bet.updated, bet.inserted,
    won_id, won_at, won_updated, won_inserted, kept;
END;
$game_round_instant$;
