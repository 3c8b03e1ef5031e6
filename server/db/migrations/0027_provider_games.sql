-- Aggregators' games in the catalogue, and what the providers module keeps about its calls to them (issue 29 §3-§5,
-- docs/decisions/0100-provider-games-launch-and-console.md).
-- The catalogue's part: a game is the house's own or an aggregator's (`source`), known there by its code; an
-- aggregator's game says whether it has a demo and free rounds, where it may not be played, and when it left the
-- aggregator's list (hidden, never deleted). `wagering_contribution` weighs a game's stakes toward bonus wagering.
ALTER TABLE "games" ADD COLUMN "source" text DEFAULT 'house' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "external_code" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "demo_available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "freebet_support" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "wagering_contribution" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_engine_known";--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_engine_known" CHECK ("games"."engine" in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko', 'crash', 'provider'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_source_known" CHECK ("games"."source" in ('house', 'hub88'));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_external_code" CHECK (("games"."source" = 'house') = ("games"."external_code" is null));--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_wagering_contribution" CHECK ("games"."wagering_contribution" between 0 and 100);--> statement-breakpoint
CREATE UNIQUE INDEX "games_source_external_code" ON "games" USING btree ("source","external_code") WHERE "games"."external_code" is not null;--> statement-breakpoint
-- The providers module's part: each catalogue sync, each call we made to an aggregator (the console's error rate;
-- kept a week), and the free rounds a bonus granted through an aggregator's Freebets API.
CREATE TABLE "provider_syncs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"trigger" text NOT NULL,
	"staff_id" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"total" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "provider_syncs_trigger" CHECK ("provider_syncs"."trigger" in ('schedule', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"endpoint" text NOT NULL,
	"ok" boolean NOT NULL,
	"status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_freebets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"bet_value" bigint NOT NULL,
	"bet_count" integer NOT NULL,
	"reward_uuid" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_freebets_status" CHECK ("provider_freebets"."status" in ('pending', 'active', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "provider_freebets" ADD CONSTRAINT "provider_freebets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_syncs_provider_started" ON "provider_syncs" USING btree ("provider","started_at");--> statement-breakpoint
CREATE INDEX "provider_calls_provider_at" ON "provider_calls" USING btree ("provider","at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_freebets_reference" ON "provider_freebets" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "provider_freebets_player" ON "provider_freebets" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_round" ON "provider_transactions" USING btree ("provider","round");
