-- Game aggregators' seamless wallets, Hub88 first (issue 29, docs/decisions/0096-hub88-seamless-wallet.md): the
-- opaque reference each aggregator knows a player by, game launch tokens (their SHA-256 only), every transaction
-- the aggregator sent once (its uuid unique per provider), the rounds they make up, and the house's `provider`
-- account that takes the stakes and pays the wins of aggregators' games.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind" CHECK (("ledger_accounts"."owner_type" = 'player' and "ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('cash', 'bonus', 'withdrawal_hold'))
        or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('payment_clearing', 'game', 'bonus_cost', 'loyalty', 'adjustments', 'provider')));--> statement-breakpoint
CREATE TABLE "provider_players" (
	"provider" text NOT NULL,
	"player_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_players_provider_player_id_pk" PRIMARY KEY("provider","player_id")
);
--> statement-breakpoint
CREATE TABLE "provider_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"token_hash" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" bigint NOT NULL,
	"round" text,
	"game_code" text,
	"game_name" text,
	"currency" char(3) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"reference_uuid" text,
	"state" text NOT NULL,
	"response" text,
	"request_hash" text,
	"detail" text,
	"journal_id" bigint,
	"reversal_journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transactions_kind" CHECK ("provider_transactions"."kind" in ('bet', 'win', 'rollback')),
	CONSTRAINT "provider_transactions_state" CHECK ("provider_transactions"."state" in ('accepted', 'refused', 'rolled_back')),
	CONSTRAINT "provider_transactions_amount" CHECK ("provider_transactions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"player_id" bigint NOT NULL,
	"round" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "provider_rounds_status" CHECK ("provider_rounds"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "provider_players" ADD CONSTRAINT "provider_players_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_sessions" ADD CONSTRAINT "provider_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rounds" ADD CONSTRAINT "provider_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_players_reference" ON "provider_players" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "provider_sessions_player" ON "provider_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_uuid" ON "provider_transactions" USING btree ("provider","transaction_uuid");--> statement-breakpoint
CREATE INDEX "provider_transactions_player_time" ON "provider_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_transactions_created_brin" ON "provider_transactions" USING brin ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_rounds_player_round" ON "provider_rounds" USING btree ("provider","player_id","round");--> statement-breakpoint
CREATE INDEX "provider_rounds_open" ON "provider_rounds" USING btree ("updated_at") WHERE "provider_rounds"."status" = 'open';
