CREATE TABLE "payment_debts" (
	"player_id" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_debts_player_id_currency_pk" PRIMARY KEY("player_id","currency"),
	CONSTRAINT "payment_debts_owed_nonnegative" CHECK ("payment_debts"."owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"deposit_id" uuid,
	"withdrawal_id" uuid,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"gateway" text,
	"provider_reference" text,
	"amount" bigint,
	"currency" char(3),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_one_payment" CHECK (("payment_events"."deposit_id" is null) <> ("payment_events"."withdrawal_id" is null)),
	CONSTRAINT "payment_events_kind_known" CHECK ("payment_events"."kind" in ('created', 'authorised', 'completed', 'declined', 'refunded', 'charged_back', 'reversed', 'debt_repaid', 'paid', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "ledger_journals" DROP CONSTRAINT "ledger_journals_type";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_known";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "reversed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_debts" ADD CONSTRAINT "payment_debts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key" ON "payment_events" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_events_deposit" ON "payment_events" USING btree ("deposit_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_withdrawal" ON "payment_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_player" ON "payment_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_created" ON "deposits" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind" CHECK (("ledger_accounts"."owner_type" = 'player' and "ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('cash', 'bonus', 'withdrawal_hold'))
        or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('payment_clearing', 'game', 'bonus_cost', 'loyalty', 'adjustments', 'provider', 'receivables')));--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_type" CHECK ("ledger_journals"."type" in ('deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment', 'withdrawal_hold', 'withdrawal_release', 'refund', 'chargeback', 'debt_repayment'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reversed_within_amount" CHECK ("deposits"."reversed_amount" >= 0 and "deposits"."reversed_amount" <= "deposits"."amount");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_known" CHECK ("deposits"."status" in ('pending', 'completed', 'declined', 'refunded', 'charged_back'));