CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"lead" text NOT NULL,
	"content" text NOT NULL,
	"video_url" text,
	"image_hash" text NOT NULL,
	"product_id" integer,
	"published_at" timestamp with time zone,
	"title_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("articles"."title")) STORED,
	"created_by" integer,
	"updated_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text,
	"image_hash" text,
	"name_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("products"."name")) STORED,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_image_hash_images_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."images"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_hash_images_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."images"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_live_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "articles"."deleted_at" is null and "articles"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "articles_title_key_idx" ON "articles" USING btree ("title_key","id");--> statement-breakpoint
CREATE INDEX "articles_product_idx" ON "articles" USING btree ("product_id") WHERE "articles"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code") WHERE "products"."code" is not null and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_key_idx" ON "products" USING btree ("name_key","id") WHERE "products"."deleted_at" is null;