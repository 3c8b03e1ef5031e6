CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"document_type" text,
	"side" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint,
	"erased_at" timestamp with time zone,
	CONSTRAINT "verification_documents_kind" CHECK ("verification_documents"."kind" in ('identity', 'address', 'payment', 'selfie')),
	CONSTRAINT "verification_documents_side" CHECK ("verification_documents"."side" in ('front', 'back')),
	CONSTRAINT "verification_documents_status" CHECK ("verification_documents"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_player" ON "verification_documents" USING btree ("player_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "verification_documents_review" ON "verification_documents" USING btree ("status","uploaded_at");