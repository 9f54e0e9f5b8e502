CREATE TABLE "challenge_earnings" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_earnings_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id"),
	CONSTRAINT "challenge_earnings_amount_check" CHECK ("challenge_earnings"."amount" >= 0 and "challenge_earnings"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "challenge_products" (
	"challenge_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"reward" bigint NOT NULL,
	"article_id" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_products_challenge_id_product_id_pk" PRIMARY KEY("challenge_id","product_id"),
	CONSTRAINT "challenge_products_reward_check" CHECK ("challenge_products"."reward" > 0)
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"image_hash" text,
	"start_on" date NOT NULL,
	"end_on" date NOT NULL,
	"name_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("challenges"."name")) STORED,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_dates_check" CHECK ("challenges"."end_on" >= "challenges"."start_on")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"document" text NOT NULL,
	"line" text NOT NULL,
	"sold_on" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reward" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reverted_at" timestamp with time zone,
	CONSTRAINT "sales_quantity_check" CHECK ("sales"."quantity" > 0),
	CONSTRAINT "sales_amount_check" CHECK ("sales"."amount" = "sales"."quantity" * "sales"."reward" and "sales"."reward" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales_import_rows" (
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"document" text NOT NULL,
	"line" text NOT NULL,
	"sold_on" text NOT NULL,
	"warehouse" text NOT NULL,
	"rep" text NOT NULL,
	"product" text NOT NULL,
	"quantity" text NOT NULL,
	"error" text,
	CONSTRAINT "sales_import_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"format" text,
	"encoding" text,
	"status" text DEFAULT 'staging' NOT NULL,
	"error" text,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_accepted" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reps_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"reverted_at" timestamp with time zone,
	"reverted_by" integer,
	CONSTRAINT "sales_imports_status_check" CHECK ("sales_imports"."status" in ('staging','applied','reverted','failed')),
	CONSTRAINT "sales_imports_format_check" CHECK ("sales_imports"."format" is null or "sales_imports"."format" in ('csv','xlsx')),
	CONSTRAINT "sales_imports_amount_check" CHECK ("sales_imports"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "challenge_earnings" ADD CONSTRAINT "challenge_earnings_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_earnings" ADD CONSTRAINT "challenge_earnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_products" ADD CONSTRAINT "challenge_products_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_products" ADD CONSTRAINT "challenge_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_products" ADD CONSTRAINT "challenge_products_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_image_hash_images_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."images"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."sales_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_import_rows" ADD CONSTRAINT "sales_import_rows_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."sales_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_earnings_rank_idx" ON "challenge_earnings" USING btree ("challenge_id","amount" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "challenge_earnings_user_idx" ON "challenge_earnings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenge_products_product_idx" ON "challenge_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "challenges_start_idx" ON "challenges" USING btree ("start_on","id") WHERE "challenges"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "challenges_end_idx" ON "challenges" USING btree ("end_on","id") WHERE "challenges"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "challenges_name_key_idx" ON "challenges" USING btree ("name_key","id") WHERE "challenges"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "challenges_name_trgm_idx" ON "challenges" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE "challenges"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_document_line_key" ON "sales" USING btree ("document","line") WHERE "sales"."reverted_at" is null;--> statement-breakpoint
CREATE INDEX "sales_import_idx" ON "sales" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "sales_challenge_product_idx" ON "sales" USING btree ("challenge_id","product_id");--> statement-breakpoint
CREATE INDEX "sales_imports_created_idx" ON "sales_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_imports_applied_idx" ON "sales_imports" USING btree ("applied_at") WHERE "sales_imports"."status" = 'applied';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('quiz_reward','challenge_reward','challenge_reversal','adjustment','withdrawal_requested','withdrawal_paid','withdrawal_failed'));