CREATE TABLE "crash_bets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"game_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cashout" integer,
	"cashout" integer,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_status_known" CHECK ("crash_bets"."status" in ('active', 'cashed', 'lost', 'refunded')),
	CONSTRAINT "crash_bets_amounts" CHECK ("crash_bets"."stake" > 0 and "crash_bets"."win" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"terminating_hash" text NOT NULL,
	"length" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_index" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"betting_ends_at" timestamp (3) with time zone NOT NULL,
	"started_at" timestamp (3) with time zone,
	"crash_at" timestamp (3) with time zone,
	"ended_at" timestamp with time zone,
	"interrupted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_games_status_known" CHECK ("crash_games"."status" in ('betting', 'running', 'crashed'))
);
--> statement-breakpoint
CREATE TABLE "crash_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_engine_known";--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_engine_known";--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_game_id_crash_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."crash_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_games" ADD CONSTRAINT "crash_games_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_game_player" ON "crash_bets" USING btree ("game_id","player_id");--> statement-breakpoint
CREATE INDEX "crash_bets_player" ON "crash_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_games_chain_index" ON "crash_games" USING btree ("chain_id","chain_index");--> statement-breakpoint
CREATE INDEX "crash_games_open" ON "crash_games" USING btree ("id") WHERE "crash_games"."status" <> 'crashed';--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_engine_known" CHECK ("games"."engine" in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko', 'crash'));--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_engine_known" CHECK ("game_rounds"."engine" in ('slot', 'roulette', 'blackjack', 'dice', 'mines', 'plinko'));