CREATE TABLE "personal_access_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "personal_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "player_secrets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "player_secrets_purpose_known" CHECK ("player_secrets"."purpose" in ('activation-email', 'activation-sms', 'password-reset', 'magic-link', 'email-change'))
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"birthdate" date NOT NULL,
	"gender" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"address1" text NOT NULL,
	"postcode" text NOT NULL,
	"phone" text NOT NULL,
	"newsletter" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_at" timestamp with time zone,
	"kyc_status" text DEFAULT 'unverified' NOT NULL,
	"ma_token" text,
	"promo" text,
	"referred_by" bigint,
	"registration_ip" text,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "players_kyc_status_known" CHECK ("players"."kyc_status" in ('unverified', 'pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel_known" CHECK ("outbox_messages"."channel" in ('mail', 'sms')),
	CONSTRAINT "outbox_messages_status_known" CHECK ("outbox_messages"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_secrets" ADD CONSTRAINT "player_secrets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_referred_by_players_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_tokens" ADD CONSTRAINT "operator_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_access_tokens_player_index" ON "personal_access_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "player_secrets_hash_index" ON "player_secrets" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "player_secrets_player_purpose_index" ON "player_secrets" USING btree ("player_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_lower_unique" ON "players" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "players_referred_by_index" ON "players" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "players_ma_token_index" ON "players" USING btree ("ma_token");--> statement-breakpoint
CREATE INDEX "operator_actions_subject_index" ON "operator_actions" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "operator_tokens_operator_index" ON "operator_tokens" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_lower_unique" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_messages_due_index" ON "outbox_messages" USING btree ("status","next_attempt_at");