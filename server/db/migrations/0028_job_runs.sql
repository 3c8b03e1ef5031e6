ALTER TABLE "job_runs" ADD COLUMN "node" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "job_runs_started" ON "job_runs" USING btree ("started_at");
