-- Raised by the ledger's single-statement transfer when an account is unknown, would be overdrawn or has
-- another currency, so the statement (and with it the journal row it inserted) is undone even in autocommit.
CREATE FUNCTION ledger_refuse() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfer refused' USING ERRCODE = 'LDG01';
END
$$;
