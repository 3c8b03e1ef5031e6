-- Entries are keyed by (journal_id, position): the primary key also serves "the entries of a journal", so the
-- separate journal index, the serial id and the per-entry timestamp (the journal has it) go. Existing rows keep
-- their order within each journal.
ALTER TABLE "ledger_entries" ADD COLUMN "position" smallint;--> statement-breakpoint
UPDATE "ledger_entries" e SET "position" = r.pos
  FROM (SELECT "id", (row_number() OVER (PARTITION BY "journal_id" ORDER BY "id") - 1)::smallint AS pos FROM "ledger_entries") r
  WHERE r."id" = e."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_pkey";--> statement-breakpoint
DROP INDEX "ledger_entries_journal";--> statement-breakpoint
DROP INDEX "ledger_entries_account";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_position_pk" PRIMARY KEY("journal_id","position");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","journal_id");
