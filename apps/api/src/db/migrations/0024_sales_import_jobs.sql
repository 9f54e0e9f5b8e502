-- Sales imports as a chunked, resumable background job, and held rows (docs/decisions/050).
--
-- An import is staged by its upload request, then queued as a job ('sales-import') that checks the
-- staged rows a chunk of row numbers at a time (checked_through) and applies them rep by rep
-- (applied_through_user), each step one short transaction that also moves its cursor: a resumed
-- job continues where the last committed step left off and never pays a chunk twice.
ALTER TABLE "sales_imports" DROP CONSTRAINT "sales_imports_status_check";--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_status_check" CHECK ("sales_imports"."status" in ('staging','queued','checking','applying','applied','reverted','failed'));--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "checked_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "applied_through_user" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "rows_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "rows_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "amount_held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "max_row_quantity" integer;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "max_rep_amount" bigint;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_held_check" CHECK ("sales_imports"."rows_held" >= 0 and "sales_imports"."amount_held" >= 0);--> statement-breakpoint
-- Imports handed to their job: the start-up looks for those left applying after a failure.
CREATE INDEX "sales_imports_running_idx" ON "sales_imports" USING btree ("status") WHERE "sales_imports"."status" in ('queued','checking','applying');--> statement-breakpoint
-- Every staged row carries what the check resolved, and its state: staged (not checked yet),
-- rejected (error), skipped (already imported), held (waiting for an admin) or ready (to be paid).
ALTER TABLE "sales_import_rows" ADD COLUMN "state" text DEFAULT 'staged' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "warehouse_id" integer;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "challenge_id" integer;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD COLUMN "reward" bigint;--> statement-breakpoint
-- Rows kept from before this migration are refused ones (the report): nothing else stayed staged.
UPDATE "sales_import_rows" SET "state" = 'rejected' WHERE "error" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD CONSTRAINT "sales_import_rows_state_check" CHECK ("sales_import_rows"."state" in ('staged','rejected','skipped','held','ready') and ("sales_import_rows"."state" = 'rejected') = ("sales_import_rows"."error" is not null) and ("sales_import_rows"."state" = 'held') = ("sales_import_rows"."held_reason" is not null));--> statement-breakpoint
-- The check's duplicate-in-file probe: an earlier row of the same document line.
CREATE INDEX "sales_import_rows_line_idx" ON "sales_import_rows" USING btree ("import_id","document","line","row_no");--> statement-breakpoint
-- The apply's chunks: ready rows rep by rep (partial: staging does not pay for it).
CREATE INDEX "sales_import_rows_ready_idx" ON "sales_import_rows" USING btree ("import_id","user_id","row_no") WHERE "sales_import_rows"."state" = 'ready';--> statement-breakpoint
-- A correction's probe of what its rep holds of the product in the challenge, and the reward it was paid at.
CREATE INDEX "sales_user_product_idx" ON "sales" USING btree ("user_id","product_id","challenge_id","id") WHERE "sales"."reverted_at" is null;--> statement-breakpoint
-- The plausibility limits (one row): a row above max_row_quantity units, or every ready row of a
-- rep whose rewards in one import pass max_rep_amount (grosze), is held for an admin's decision.
CREATE TABLE "sales_import_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_row_quantity" integer DEFAULT 1000 NOT NULL,
	"max_rep_amount" bigint DEFAULT 1000000 NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "sales_import_settings_one_row_check" CHECK ("sales_import_settings"."id" = 1),
	CONSTRAINT "sales_import_settings_limits_check" CHECK ("sales_import_settings"."max_row_quantity" between 1 and 1000000 and "sales_import_settings"."max_rep_amount" between 100 and 100000000)
);--> statement-breakpoint
ALTER TABLE "sales_import_settings" ADD CONSTRAINT "sales_import_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "sales_import_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
