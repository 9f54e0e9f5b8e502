-- Issue 31 point 3 (decision 066): the programme's figures read a period of quiz attempts and of sales by date.
CREATE INDEX "quiz_attempts_created_idx" ON "quiz_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sales_sold_on_idx" ON "sales" USING btree ("sold_on","warehouse_id") WHERE "sales"."reverted_at" is null;