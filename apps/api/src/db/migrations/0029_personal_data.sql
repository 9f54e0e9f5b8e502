-- Issue 30 point 5 (decision 063): personal data on request. personal_data_log (owned by privacy): every
-- export and anonymisation; users.anonymised_at: when a deactivated person's data was replaced.
CREATE TABLE "personal_data_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_data_log_action_check" CHECK ("personal_data_log"."action" in ('export_json','export_html','anonymise'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_data_log" ADD CONSTRAINT "personal_data_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_log" ADD CONSTRAINT "personal_data_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_log_subject_idx" ON "personal_data_log" USING btree ("subject_id","created_at");