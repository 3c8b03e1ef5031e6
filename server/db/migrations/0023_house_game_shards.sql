-- The house's game account becomes HOUSE_GAME_SHARDS accounts per currency (issue 17 §10, decision 0091): each
-- round's bet and win go to its player's shard, so concurrent rounds stop queuing on one row's lock. The existing
-- game account is shard 0 and keeps its balance; the house's game balance is the sum over the shards.
-- Each statement may run twice: this migration first shipped dated before 0022, so a database that already had 0022
-- skipped it. It is now dated after 0022: it runs there, and runs again, changing nothing, where it ran before.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_accounts_house_kind_currency_shard" ON "ledger_accounts" USING btree ("kind","currency","shard") WHERE "ledger_accounts"."owner_type" = 'house';--> statement-breakpoint
DROP INDEX IF EXISTS "ledger_accounts_house_kind_currency";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT IF EXISTS "ledger_accounts_shard";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" = 0 or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."kind" = 'game' and "ledger_accounts"."shard" between 1 and 255));
