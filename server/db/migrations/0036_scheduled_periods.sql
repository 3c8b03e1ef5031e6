CREATE TABLE "scheduled_periods" (
	"job" text PRIMARY KEY NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
