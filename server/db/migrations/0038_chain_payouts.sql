CREATE TABLE "chain_sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_sweeps_kind_known" CHECK ("chain_sweeps"."kind" in ('gas', 'sweep')),
	CONSTRAINT "chain_sweeps_status_known" CHECK ("chain_sweeps"."status" in ('sent', 'confirmed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_tx" ON "chain_sweeps" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_sweeps_created" ON "chain_sweeps" USING btree ("created_at");