CREATE TABLE "bonus_definitions" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title2" text DEFAULT '' NOT NULL,
	"title3" text DEFAULT '' NOT NULL,
	"button_claim" text DEFAULT 'Claim' NOT NULL,
	"button_deposit" text DEFAULT 'Deposit' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"banner" jsonb NOT NULL,
	"type" text NOT NULL,
	"match_percent" integer DEFAULT 0 NOT NULL,
	"max_bonus" bigint DEFAULT 0 NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"free_spins" integer DEFAULT 0 NOT NULL,
	"free_spin_game" text,
	"free_spin_stake" bigint DEFAULT 0 NOT NULL,
	"wagering_multiplier" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_bet" bigint,
	"max_conversion" bigint,
	"claim_days" integer DEFAULT 7 NOT NULL,
	"expires_in_days" integer DEFAULT 30 NOT NULL,
	"first_deposit_only" boolean DEFAULT false NOT NULL,
	"once_per_player" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"weekdays" integer[],
	"retired" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_definitions_type_known" CHECK ("bonus_definitions"."type" in ('deposit_match', 'free_spins', 'no_deposit', 'reload')),
	CONSTRAINT "bonus_definitions_visibility_known" CHECK ("bonus_definitions"."visibility" in ('public', 'hidden', 'code-only'))
);
--> statement-breakpoint
CREATE TABLE "bonus_round_stakes" (
	"journal_key" text PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"bonus_id" uuid NOT NULL,
	"cash" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"free_spin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"wagering_required" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"free_spins_left" integer DEFAULT 0 NOT NULL,
	"deposit_id" uuid,
	"converted" bigint,
	"end_reason" text,
	"expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_bonuses_status_known" CHECK ("player_bonuses"."status" in ('pending', 'active', 'completed', 'forfeited', 'expired', 'cancelled')),
	CONSTRAINT "player_bonuses_wagered_nonnegative" CHECK ("player_bonuses"."wagered" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_round_stakes" ADD CONSTRAINT "bonus_round_stakes_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_round_stakes_round" ON "bonus_round_stakes" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_open" ON "player_bonuses" USING btree ("player_id") WHERE "player_bonuses"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "player_bonuses_player_created" ON "player_bonuses" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "player_bonuses_open_expiry" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" in ('pending', 'active');