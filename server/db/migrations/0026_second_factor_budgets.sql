-- The second-factor budget of an account (issue 32 §2, docs/decisions/0099-console-reasons-and-second-factor-budget.md):
-- wrong codes across all of a staff member's challenges, from any address and on any node, share one budget kept
-- here and changed under this row's lock; too many lock the second factor for a while. Keyed by a subject type
-- and id, so affiliates can use the same budget later.
CREATE TABLE "second_factor_budgets" (
	"subject_type" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_factor_budgets_subject_type_subject_id_pk" PRIMARY KEY("subject_type","subject_id"),
	CONSTRAINT "second_factor_budgets_subject_type_known" CHECK ("second_factor_budgets"."subject_type" in ('staff', 'affiliate'))
);
