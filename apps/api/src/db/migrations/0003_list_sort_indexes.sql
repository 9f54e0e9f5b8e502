CREATE TABLE "user_role_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "logins_created_user_idx" ON "logins" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "wallets_sort_total_idx" ON "wallets" USING btree (coalesce("earned_quiz" + "earned_challenge" + "earned_adjustment", 0),"user_id");--> statement-breakpoint
CREATE INDEX "wallets_sort_quiz_idx" ON "wallets" USING btree (coalesce("earned_quiz", 0),"user_id");--> statement-breakpoint
CREATE INDEX "wallets_sort_in_withdrawal_idx" ON "wallets" USING btree (coalesce("in_withdrawal", 0),"user_id");--> statement-breakpoint
CREATE INDEX "wallets_sort_withdrawn_idx" ON "wallets" USING btree (coalesce("withdrawn", 0),"user_id");