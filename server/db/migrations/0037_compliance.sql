CREATE TABLE "compliance_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"hold_withdrawals" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"case_id" bigint,
	"resolution" text,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_alerts_status_known" CHECK ("compliance_alerts"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "compliance_case_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"body" text NOT NULL,
	"file_name" text,
	"content_type" text,
	"file_data" text,
	"file_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"assigned_to" bigint,
	"created_by" bigint NOT NULL,
	"close_requested_by" bigint,
	"close_requested_outcome" text,
	"close_requested_note" text,
	"closed_by" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_cases_state_known" CHECK ("compliance_cases"."state" in ('open', 'investigating', 'escalated', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "compliance_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_thresholds" (
	"rule" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_interventions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"alert_id" bigint,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_interventions_kind_known" CHECK ("rg_interventions"."kind" in ('message', 'call', 'limit_suggested', 'break'))
);
--> statement-breakpoint
CREATE TABLE "chain_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "chain_payouts" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"block_number" bigint,
	"failure" text,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_payouts_status_known" CHECK ("chain_payouts"."status" in ('signed', 'broadcast', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chain_withdrawals" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"token" text NOT NULL,
	"token_contract" text,
	"decimals" integer NOT NULL,
	"address" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"quote_rate" text NOT NULL,
	"quote_rate_set_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD CONSTRAINT "chain_withdrawals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_alerts_dedupe" ON "compliance_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "compliance_alerts_player" ON "compliance_alerts" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "compliance_alerts_open" ON "compliance_alerts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "compliance_case_notes_case" ON "compliance_case_notes" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "compliance_cases_state" ON "compliance_cases" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_events_reference" ON "compliance_events" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "compliance_events_player_at" ON "compliance_events" USING btree ("player_id","at");--> statement-breakpoint
CREATE INDEX "rg_interventions_player" ON "rg_interventions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_nonce" ON "chain_payouts" USING btree ("chain_id","from_address","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_tx" ON "chain_payouts" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_payouts_status" ON "chain_payouts" USING btree ("status");