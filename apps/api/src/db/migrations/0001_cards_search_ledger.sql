CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_number_check" CHECK ("cards"."number" ~ '^[0-9]{16}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('quiz_reward','challenge_reward','adjustment','withdrawal_requested','withdrawal_paid','withdrawal_failed')),
	CONSTRAINT "ledger_entries_source_check" CHECK ("ledger_entries"."source_type" in ('quiz','challenge','withdrawal','admin')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."kind" = 'adjustment' and "ledger_entries"."amount" <> 0 or "ledger_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawals_count" integer NOT NULL,
	"total" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"in_withdrawal" bigint DEFAULT 0 NOT NULL,
	"withdrawn" bigint DEFAULT 0 NOT NULL,
	"earned_quiz" bigint DEFAULT 0 NOT NULL,
	"earned_challenge" bigint DEFAULT 0 NOT NULL,
	"earned_adjustment" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_available_check" CHECK ("wallets"."available" >= 0),
	CONSTRAINT "wallets_in_withdrawal_check" CHECK ("wallets"."in_withdrawal" >= 0),
	CONSTRAINT "wallets_withdrawn_check" CHECK ("wallets"."withdrawn" >= 0),
	CONSTRAINT "wallets_earned_quiz_check" CHECK ("wallets"."earned_quiz" >= 0),
	CONSTRAINT "wallets_earned_challenge_check" CHECK ("wallets"."earned_challenge" >= 0),
	CONSTRAINT "wallets_conservation_check" CHECK ("wallets"."earned_quiz" + "wallets"."earned_challenge" + "wallets"."earned_adjustment" = "wallets"."available" + "wallets"."in_withdrawal" + "wallets"."withdrawn")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"card_number" text NOT NULL,
	"batch_id" integer,
	"exported_at" timestamp with time zone,
	"exported_by" integer,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested','exported','paid','failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_number" text;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_user_created_idx" ON "cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_key" ON "ledger_entries" USING btree ("kind","source_type","source_id","user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name" || ' ' || coalesce("surname", '') || ' ' || "email" || ' ' || coalesce("asseco_id", '') || ' ' || coalesce("card_number", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "warehouses_search_trgm_idx" ON "warehouses" USING gin ((lower("asseco_id" || ' ' || "name" || ' ' || "address")) gin_trgm_ops);