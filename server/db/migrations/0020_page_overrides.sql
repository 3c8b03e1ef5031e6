CREATE TABLE "page_overrides" (
	"slug" text PRIMARY KEY NOT NULL,
	"markdown" text NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_overrides" ADD CONSTRAINT "page_overrides_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;