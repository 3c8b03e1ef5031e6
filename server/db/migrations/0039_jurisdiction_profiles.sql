CREATE TABLE "screening_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"source" text NOT NULL,
	"entry_id" text NOT NULL,
	"entry_reference" text NOT NULL,
	"matched_name" text NOT NULL,
	"screened_name" text NOT NULL,
	"score" real NOT NULL,
	"birthdate" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_hits_status_known" CHECK ("screening_hits"."status" in ('open', 'false_positive')),
	CONSTRAINT "screening_hits_trigger_known" CHECK ("screening_hits"."trigger" in ('registration', 'profile', 'rescreen')),
	CONSTRAINT "screening_hits_birthdate_known" CHECK ("screening_hits"."birthdate" in ('match', 'not-listed'))
);
--> statement-breakpoint
CREATE TABLE "account_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"other_player_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_links_ordered" CHECK ("account_links"."player_id" < "account_links"."other_player_id"),
	CONSTRAINT "account_links_reason_known" CHECK ("account_links"."reason" in ('device', 'payment', 'address', 'phone', 'ip'))
);
--> statement-breakpoint
CREATE TABLE "duplicate_accounts" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"flagged_by" bigint NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"method" text NOT NULL,
	"token_id" bigint,
	"signed_in_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"device_id" text,
	CONSTRAINT "sign_ins_method_known" CHECK ("sign_ins"."method" in ('password', 'magic-link'))
);
--> statement-breakpoint
CREATE TABLE "verification_address_changes" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "limit_settings" ADD COLUMN "last_slot_spin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "limit_settings" ADD COLUMN "deposit_prompt_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "limit_settings" ADD COLUMN "deposit_prompt_answer" text;--> statement-breakpoint
ALTER TABLE "limit_settings" ADD COLUMN "rg_info_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_address_changes" ADD CONSTRAINT "verification_address_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_player_entry_name_unique" ON "screening_hits" USING btree ("player_id","entry_id","screened_name");--> statement-breakpoint
CREATE INDEX "screening_hits_status_created_index" ON "screening_hits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_links_pair_reason" ON "account_links" USING btree ("player_id","other_player_id","reason");--> statement-breakpoint
CREATE INDEX "account_links_other" ON "account_links" USING btree ("other_player_id");--> statement-breakpoint
CREATE INDEX "sign_ins_player_signed_in" ON "sign_ins" USING btree ("player_id","signed_in_at");--> statement-breakpoint
CREATE INDEX "sign_ins_device" ON "sign_ins" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "sign_ins_ip_signed_in" ON "sign_ins" USING btree ("ip","signed_in_at");--> statement-breakpoint
CREATE INDEX "sign_ins_token" ON "sign_ins" USING btree ("token_id");