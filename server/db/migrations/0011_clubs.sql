CREATE TABLE "cashback_payments" (
	"player_id" bigint NOT NULL,
	"week" text NOT NULL,
	"tier" text NOT NULL,
	"net_loss" bigint NOT NULL,
	"percent" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_payments_player_id_week_pk" PRIMARY KEY("player_id","week")
);
--> statement-breakpoint
CREATE TABLE "loyalty_balances" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_balances_not_negative" CHECK ("loyalty_balances"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"points" integer NOT NULL,
	"key" text NOT NULL,
	"reference" text,
	"month" text NOT NULL,
	"request_hash" text,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_entries_type" CHECK ("loyalty_entries"."type" in ('earned', 'exchanged', 'expired', 'adjusted'))
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"player_id" bigint NOT NULL,
	"month" text NOT NULL,
	"tier" text NOT NULL,
	"previous_tier" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "vip_tiers_player_id_month_pk" PRIMARY KEY("player_id","month")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"period" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"operator_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "cashback_payments" ADD CONSTRAINT "cashback_payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_tiers" ADD CONSTRAINT "vip_tiers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_key" ON "loyalty_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "loyalty_entries_player" ON "loyalty_entries" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_entries_player_month" ON "loyalty_entries" USING btree ("player_id","month");--> statement-breakpoint
CREATE INDEX "vip_tiers_unnotified" ON "vip_tiers" USING btree ("notified_at");--> statement-breakpoint
CREATE INDEX "job_runs_job" ON "job_runs" USING btree ("job","id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind" CHECK (("ledger_accounts"."owner_type" = 'player' and "ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('cash', 'bonus', 'withdrawal_hold'))
        or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('payment_clearing', 'game', 'bonus_cost', 'loyalty')));
--> statement-breakpoint
-- The cashback promotion describes the VIP club's weekly cashback (decision 0067); a database seeded before keeps its row otherwise.
UPDATE "promotions" SET "title" = 'Cashback Monday: up to 15%', "summary" = 'Every Monday, VIP club members get 5% to 15% of last week’s net losses back as real cash, with no wagering.', "body" = '## How it works
Your VIP tier sets your cashback: Silver 5%, Gold 10%, Platinum 15%. Your net loss is what you staked on real-money rounds from Monday 00:00 to Sunday 23:59 (UTC) minus what those rounds paid out.

## Payment
Paid every Monday as cash straight to your balance, with no wagering, and a message in your inbox. Cashback under €1.00 is not paid; there is no upper limit. Demo play and bonus money do not count.' WHERE "slug" = 'cashback-monday' AND "title" = '10% Cashback Monday';
