CREATE TABLE "limit_breaches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"actor_id" bigint,
	"subject" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "limit_settings" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"session_minutes" integer,
	"has_session_pending" boolean DEFAULT false NOT NULL,
	"session_minutes_pending" integer,
	"session_pending_at" timestamp with time zone,
	"reality_check_minutes" integer,
	"timeout_until" timestamp with time zone,
	"self_excluded_until" timestamp with time zone,
	"return_requested_at" timestamp with time zone,
	"session_token_id" bigint,
	"session_started_at" timestamp with time zone,
	"session_seen_at" timestamp with time zone,
	"reality_check_answered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"has_pending" boolean DEFAULT false NOT NULL,
	"pending_amount" bigint,
	"pending_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_player_id_type_period_pk" PRIMARY KEY("player_id","type","period"),
	CONSTRAINT "player_limits_type_known" CHECK ("player_limits"."type" in ('deposit', 'loss', 'wager')),
	CONSTRAINT "player_limits_period_known" CHECK ("player_limits"."period" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE INDEX "limit_breaches_player" ON "limit_breaches" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "limit_changes_player" ON "limit_changes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "limit_deposits_reference" ON "limit_deposits" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "limit_deposits_player_created" ON "limit_deposits" USING btree ("player_id","created_at");