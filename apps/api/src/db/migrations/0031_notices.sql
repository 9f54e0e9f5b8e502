-- Issue 31 point 2 (decision 065): notices. The outbox (notices), each person's settings (notice_settings)
-- and what was announced once for everyone (notice_announcements). Quizzes and challenges already
-- started when this runs count as announced: a deploy does not mail every rep about old news.
CREATE TABLE "notice_announcements" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lang" text DEFAULT 'pl' NOT NULL,
	"off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('queued','sent','failed','skipped'))
);
--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_key" ON "notices" USING btree ("user_id","kind","channel","dedupe_key");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at","id") WHERE "notices"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","created_at","id");--> statement-breakpoint
INSERT INTO "notice_announcements" ("key")
  SELECT 'quiz:' || id FROM "quizzes" WHERE "deleted_at" IS NULL AND "start_at" IS NOT NULL AND "start_at" <= now()
  UNION ALL
  SELECT 'challenge:' || id FROM "challenges" WHERE "deleted_at" IS NULL AND "start_on" <= (now() AT TIME ZONE 'Europe/Warsaw')::date
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A person's notice settings are profile data: in the audit trail (decision 064).
CREATE TRIGGER notice_settings_audit AFTER INSERT OR DELETE OR UPDATE OF lang, off ON notice_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row('user_id', '-updated_at');
