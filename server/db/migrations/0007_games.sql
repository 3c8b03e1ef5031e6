CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"provider_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"engine" text NOT NULL,
	"engine_config" text NOT NULL,
	"rtp" numeric(5, 2) NOT NULL,
	"volatility" text NOT NULL,
	"thumbnail" text NOT NULL,
	"release_date" date NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"bet_limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug"),
	CONSTRAINT "games_engine_known" CHECK ("games"."engine" in ('slot', 'roulette', 'blackjack')),
	CONSTRAINT "games_volatility_known" CHECK ("games"."volatility" in ('low', 'medium', 'high')),
	CONSTRAINT "games_stakes" CHECK ("games"."min_stake" > 0 and "games"."max_stake" >= "games"."min_stake")
);
--> statement-breakpoint
CREATE TABLE "fairness_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favourite_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"engine" text NOT NULL,
	"engine_config" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" char(3) NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"outcome" jsonb,
	"state" jsonb,
	"moves" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed_id" bigint NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_status_known" CHECK ("game_rounds"."status" in ('open', 'settled', 'refunded')),
	CONSTRAINT "game_rounds_engine_known" CHECK ("game_rounds"."engine" in ('slot', 'roulette', 'blackjack')),
	CONSTRAINT "game_rounds_amounts" CHECK ("game_rounds"."stake" > 0 and "game_rounds"."win" >= 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_category_id_game_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."game_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_games" ADD CONSTRAINT "favourite_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_category" ON "games" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "games_provider" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_current" ON "fairness_seeds" USING btree ("player_id") WHERE "fairness_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_games_player_game" ON "favourite_games" USING btree ("player_id","game_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_created" ON "game_rounds" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_open" ON "game_rounds" USING btree ("created_at") WHERE "game_rounds"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce" ON "game_rounds" USING btree ("seed_id","nonce");