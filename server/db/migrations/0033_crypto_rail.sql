CREATE SEQUENCE "public"."chain_address_index" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_addresses" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_addresses_derivation_index_unique" UNIQUE("derivation_index"),
	CONSTRAINT "chain_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"genesis_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"player_id" bigint NOT NULL,
	"address" text NOT NULL,
	"from_address" text NOT NULL,
	"token" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"waiting_for" text,
	"reorged" boolean DEFAULT false NOT NULL,
	"quote_rate" text,
	"quote_amount" bigint,
	"quote_currency" char(3),
	"quote_rate_set_at" timestamp with time zone,
	"deposit_id" uuid,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "chain_deposits_status_known" CHECK ("chain_deposits"."status" in ('seen', 'confirmed', 'credited', 'dropped')),
	CONSTRAINT "chain_deposits_credited_has_deposit" CHECK (("chain_deposits"."status" = 'credited') = ("chain_deposits"."deposit_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "chain_rates" (
	"token" text NOT NULL,
	"currency" char(3) NOT NULL,
	"rate" text NOT NULL,
	"max_age_seconds" integer NOT NULL,
	"set_by" bigint,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_rates_token_currency_pk" PRIMARY KEY("token","currency"),
	CONSTRAINT "chain_rates_max_age_positive" CHECK ("chain_rates"."max_age_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_transfer" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_status" ON "chain_deposits" USING btree ("status","block_number");--> statement-breakpoint
CREATE INDEX "chain_deposits_player" ON "chain_deposits" USING btree ("player_id","seen_at");