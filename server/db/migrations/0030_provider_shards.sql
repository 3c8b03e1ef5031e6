-- The house's provider account is kept in HOUSE_GAME_SHARDS shards like the game account (decision 0091): every
-- aggregator bet and win of a player goes to their shard, so concurrent players stop queuing on one row's lock. The
-- existing provider account is shard 0 and keeps its balance; the house's provider balance is the sum over the shards.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_shard";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" = 0 or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."kind" in ('game', 'provider') and "ledger_accounts"."shard" between 1 and 255));