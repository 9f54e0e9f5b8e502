-- Issue 32 point 5 (decision 072): where each image's variants are, the database or an S3-compatible object store.
ALTER TABLE "images" ADD COLUMN "store" text DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_store_check" CHECK ("images"."store" in ('database','s3'));