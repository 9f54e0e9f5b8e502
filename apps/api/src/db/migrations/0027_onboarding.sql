-- Issue 30 point 1 (decision 061): bulk onboarding. invitations (owned by auth): the activation
-- e-mails of accounts created in bulk, sent by a throttled job with retries. onboarding_imports and
-- onboarding_rows (owned by onboarding): a file read into a preview, applied in one transaction.
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('queued','sent','failed','cancelled')),
	CONSTRAINT "invitations_attempts_check" CHECK ("invitations"."attempts" >= 0),
	CONSTRAINT "invitations_sent_check" CHECK (("invitations"."status" = 'sent') = ("invitations"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "onboarding_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"header" jsonb NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "onboarding_imports_kind_check" CHECK ("onboarding_imports"."kind" in ('warehouses','people')),
	CONSTRAINT "onboarding_imports_status_check" CHECK ("onboarding_imports"."status" in ('previewed','applied','cancelled')),
	CONSTRAINT "onboarding_imports_format_check" CHECK ("onboarding_imports"."format" in ('csv','xlsx')),
	CONSTRAINT "onboarding_imports_applied_check" CHECK (("onboarding_imports"."status" = 'applied') = ("onboarding_imports"."applied_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "onboarding_rows" (
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"action" text NOT NULL,
	"target_id" integer,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"role" text,
	"values" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	CONSTRAINT "onboarding_rows_import_id_row_no_pk" PRIMARY KEY("import_id","row_no"),
	CONSTRAINT "onboarding_rows_action_check" CHECK ("onboarding_rows"."action" in ('create','update','unchanged','refused'))
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_imports" ADD CONSTRAINT "onboarding_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_rows" ADD CONSTRAINT "onboarding_rows_import_id_onboarding_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."onboarding_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_due_idx" ON "invitations" USING btree ("next_attempt_at","id") WHERE "invitations"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "invitations_status_idx" ON "invitations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_queued_key" ON "invitations" USING btree ("user_id") WHERE "invitations"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "onboarding_imports_created_idx" ON "onboarding_imports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "onboarding_imports_author_idx" ON "onboarding_imports" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE INDEX "onboarding_rows_action_idx" ON "onboarding_rows" USING btree ("import_id","action","row_no");