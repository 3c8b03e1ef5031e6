-- Stakes given back (an aggregator's rollback) undo what they earned: the wagering each bonus-funded stake added is
-- kept beside its split and taken off once; a provider bet keeps the cash part that earned points, and a free bet its reward.
ALTER TABLE "bonus_round_stakes" ADD COLUMN "wagering" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_round_stakes" ADD COLUMN "given_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "reward_uuid" text;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "points_stake" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD COLUMN "points_engine" text;