ALTER TABLE "loyalty_balances" ADD COLUMN "slots_carry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD COLUMN "table_carry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_carry_in_range" CHECK ("loyalty_balances"."slots_carry" >= 0 and "loyalty_balances"."table_carry" >= 0);