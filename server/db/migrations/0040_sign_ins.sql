CREATE TABLE "player_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_notices_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "player_notices" ADD CONSTRAINT "player_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notices_player" ON "player_notices" USING btree ("player_id","kind","created_at");