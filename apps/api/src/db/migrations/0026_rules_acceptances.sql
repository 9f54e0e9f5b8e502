-- Who accepted which version of the rules (issue 30 point 3, docs/decisions/060).
CREATE TABLE "rules_acceptances" (
	"user_id" integer NOT NULL,
	"rules_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rules_acceptances_user_id_rules_id_pk" PRIMARY KEY("user_id","rules_id")
);
--> statement-breakpoint
ALTER TABLE "rules_acceptances" ADD CONSTRAINT "rules_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules_acceptances" ADD CONSTRAINT "rules_acceptances_rules_id_programme_rules_id_fk" FOREIGN KEY ("rules_id") REFERENCES "public"."programme_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rules_acceptances_rules_idx" ON "rules_acceptances" USING btree ("rules_id","user_id");--> statement-breakpoint
-- GET /api/me says which rules a rep has still to accept: a new version and an acceptance change
-- it, so both move me_version (decision 034) and every kept answer is read afresh.
CREATE CONSTRAINT TRIGGER me_version_programme_rules AFTER INSERT OR DELETE ON programme_rules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_rules_acceptances AFTER INSERT OR DELETE ON rules_acceptances
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
-- A record of consent is never rewritten.
CREATE FUNCTION rules_acceptances_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rules_acceptances rows are never changed' USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER rules_acceptances_no_update BEFORE UPDATE ON rules_acceptances
  FOR EACH ROW EXECUTE FUNCTION rules_acceptances_frozen();
