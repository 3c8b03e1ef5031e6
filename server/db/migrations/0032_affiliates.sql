
CREATE TABLE "affiliate_attributions" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"link_id" bigint NOT NULL,
	"click_id" bigint,
	"sub" text,
	"test_player" boolean DEFAULT false NOT NULL,
	"duplicate" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_amount" bigint,
	"cpa_qualified_at" timestamp with time zone,
	"cpa_statement_id" bigint
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"link_id" bigint NOT NULL,
	"sub" text,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_creatives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"landing_path" text DEFAULT '/' NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"token" text NOT NULL,
	"name" text,
	"landing_path" text DEFAULT '/' NOT NULL,
	"sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" bigint NOT NULL,
	"approved_by" bigint,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "affiliate_payouts_status_known" CHECK ("affiliate_payouts"."status" in ('awaiting_approval', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"cpa_amount" bigint,
	"cpa_min_deposit" bigint,
	"cpa_window_days" integer,
	"cpa_min_wagering" bigint,
	"revshare_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"negative_carryover" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_plans_type_known" CHECK ("affiliate_plans"."type" in ('cpa', 'revshare', 'hybrid'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_postback_urls" (
	"affiliate_id" bigint NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_postbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"event" text NOT NULL,
	"player_id" bigint NOT NULL,
	"url" text NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"corrects" bigint,
	"currency" text NOT NULL,
	"plan_id" bigint,
	"cpa_count" integer DEFAULT 0 NOT NULL,
	"cpa_amount" bigint DEFAULT 0 NOT NULL,
	"ngr" bigint DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"revshare_percent_bp" integer DEFAULT 0 NOT NULL,
	"revshare_amount" bigint DEFAULT 0 NOT NULL,
	"carry_over_in" bigint DEFAULT 0 NOT NULL,
	"carry_over_out" bigint DEFAULT 0 NOT NULL,
	"commission" bigint NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" bigint,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_statements_kind_known" CHECK ("affiliate_statements"."kind" in ('statement', 'correction')),
	CONSTRAINT "affiliate_statements_status_known" CHECK ("affiliate_statements"."status" in ('pending', 'approved', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_tokens_kind_known" CHECK ("affiliate_tokens"."kind" in ('session', 'link'))
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"country" text NOT NULL,
	"website" text,
	"payout_method" text NOT NULL,
	"payout_details" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"plan_id" bigint,
	"totp_secret" text,
	"totp_pending" text,
	"totp_last_step" bigint,
	"recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"postback_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "affiliates_status_known" CHECK ("affiliates"."status" in ('pending', 'approved', 'suspended')),
	CONSTRAINT "affiliates_kind_known" CHECK ("affiliates"."kind" in ('company', 'person'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "ledger_journals" DROP CONSTRAINT "ledger_journals_type";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel_known";--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_links" ADD CONSTRAINT "affiliate_links_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_statement_id_affiliate_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."affiliate_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postback_urls" ADD CONSTRAINT "affiliate_postback_urls_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_postbacks" ADD CONSTRAINT "affiliate_postbacks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_statements" ADD CONSTRAINT "affiliate_statements_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_tokens" ADD CONSTRAINT "affiliate_tokens_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_plan_id_affiliate_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."affiliate_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_attributions_affiliate_index" ON "affiliate_attributions" USING btree ("affiliate_id","registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_public_id_unique" ON "affiliate_clicks" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_link_time_index" ON "affiliate_clicks" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_visitor_index" ON "affiliate_clicks" USING btree ("visitor_hash","link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_token_unique" ON "affiliate_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "affiliate_links_affiliate_index" ON "affiliate_links" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_one_per_statement" ON "affiliate_payouts" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postback_urls_unique" ON "affiliate_postback_urls" USING btree ("affiliate_id","event");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_postbacks_once" ON "affiliate_postbacks" USING btree ("affiliate_id","event","player_id");--> statement-breakpoint
CREATE INDEX "affiliate_postbacks_affiliate_index" ON "affiliate_postbacks" USING btree ("affiliate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_statements_one_per_period" ON "affiliate_statements" USING btree ("affiliate_id","period") WHERE "affiliate_statements"."kind" = 'statement';--> statement-breakpoint
CREATE INDEX "affiliate_statements_status_index" ON "affiliate_statements" USING btree ("status","period");--> statement-breakpoint
CREATE INDEX "affiliate_tokens_affiliate_index" ON "affiliate_tokens" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_email_unique" ON "affiliates" USING btree ("email");--> statement-breakpoint
CREATE INDEX "affiliates_status_index" ON "affiliates" USING btree ("status");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind" CHECK (("ledger_accounts"."owner_type" = 'player' and "ledger_accounts"."player_id" is not null and "ledger_accounts"."kind" in ('cash', 'bonus', 'withdrawal_hold'))
        or ("ledger_accounts"."owner_type" = 'house' and "ledger_accounts"."player_id" is null and "ledger_accounts"."kind" in ('payment_clearing', 'game', 'bonus_cost', 'loyalty', 'adjustments', 'provider', 'receivables', 'affiliate_commission', 'affiliate_payable')));--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_type" CHECK ("ledger_journals"."type" in ('deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment', 'withdrawal_hold', 'withdrawal_release', 'refund', 'chargeback', 'debt_repayment', 'affiliate_commission', 'affiliate_payout'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_known" CHECK ("outbox_messages"."channel" in ('mail', 'sms', 'webhook'));