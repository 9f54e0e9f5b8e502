CREATE TABLE "programme_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"organiser" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "programme_settings_one_row" CHECK ("programme_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "programme_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "programme_rules_content_check" CHECK (length("programme_rules"."content") > 0)
);
--> statement-breakpoint
ALTER TABLE "programme_settings" ADD CONSTRAINT "programme_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_rules" ADD CONSTRAINT "programme_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The one settings row exists from the start: reads never miss it, writes only update it.
INSERT INTO "programme_settings" ("id") VALUES (1);
