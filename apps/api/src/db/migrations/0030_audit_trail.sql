-- Issue 31 point 1 (decision 064): the audit trail. audit_events (one per change a person made, written
-- by audit.service.ts recordChange in the change's transaction) and audit_changes (the rows behind it,
-- written by the audit_row trigger on every audited table). Both append-only.
CREATE TABLE "audit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text,
	"op" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_changes_op_check" CHECK ("audit_changes"."op" in ('insert','update','delete'))
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_role" text,
	"ip" text,
	"request_id" text,
	"kind" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" bigint,
	"warehouse_ids" integer[],
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_changes_event_idx" ON "audit_changes" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "audit_events_warehouses_idx" ON "audit_events" USING gin ("warehouse_ids");--> statement-breakpoint
-- A value shown in the trail without the personal data in it: '~' keeps an initial (names), else an
-- e-mail keeps its first letter and domain, and anything longer than 4 characters its last 4 (PESEL,
-- card and phone numbers).
CREATE FUNCTION audit_mask(v text, how text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL OR v = '' THEN v
    WHEN how = '~' THEN left(v, 1) || '•••'
    WHEN position('@' in v) > 1 THEN left(v, 1) || '•••@' || split_part(v, '@', 2)
    WHEN length(v) > 4 THEN '•••' || right(v, 4)
    ELSE '•••'
  END
$$;--> statement-breakpoint
-- One row change of an audited table. TG_ARGV[0]: the key columns (comma-separated); then '-col' (left
-- out: secrets, derived columns), '*col' or '~col' (masked, see audit_mask). The change belongs to the
-- transaction's current event: its id is taken from the event sequence on the first change and kept
-- in the transaction-local setting audit.event, which recordChange uses for the event row and then
-- clears (so the next event of the same transaction gets its own id). An update that changed nothing
-- left in leaves no row.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_j jsonb;
  new_j jsonb;
  row_j jsonb;
  arg text;
  col text;
  changed text[];
  ev text;
  i int;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
  row_j := coalesce(new_j, old_j);
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    arg := TG_ARGV[i];
    IF left(arg, 1) = '-' THEN
      old_j := old_j - substr(arg, 2);
      new_j := new_j - substr(arg, 2);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(k) INTO changed FROM jsonb_object_keys(new_j) k WHERE old_j -> k IS DISTINCT FROM new_j -> k;
    IF changed IS NULL THEN RETURN NULL; END IF;
    SELECT jsonb_object_agg(k, old_j -> k), jsonb_object_agg(k, new_j -> k) INTO old_j, new_j FROM unnest(changed) k;
  END IF;
  FOR i IN 1 .. TG_NARGS - 1 LOOP
    arg := TG_ARGV[i];
    col := substr(arg, 2);
    IF left(arg, 1) IN ('*', '~') THEN
      IF old_j ->> col IS NOT NULL THEN old_j := jsonb_set(old_j, ARRAY[col], to_jsonb(audit_mask(old_j ->> col, left(arg, 1)))); END IF;
      IF new_j ->> col IS NOT NULL THEN new_j := jsonb_set(new_j, ARRAY[col], to_jsonb(audit_mask(new_j ->> col, left(arg, 1)))); END IF;
    END IF;
  END LOOP;
  ev := nullif(current_setting('audit.event', true), '');
  IF ev IS NULL THEN
    ev := nextval('audit_events_id_seq')::text;
    PERFORM set_config('audit.event', ev, true);
  END IF;
  INSERT INTO audit_changes (event_id, table_name, row_key, op, before, after)
  VALUES (
    ev::bigint,
    TG_TABLE_NAME,
    (SELECT string_agg(row_j ->> c, ':' ORDER BY o) FROM unnest(string_to_array(TG_ARGV[0], ',')) WITH ORDINALITY AS u(c, o)),
    lower(TG_OP),
    old_j,
    new_j
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_changes_append_only BEFORE UPDATE OR DELETE ON audit_changes FOR EACH ROW EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_changes_no_truncate BEFORE TRUNCATE ON audit_changes FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();--> statement-breakpoint
-- The audited tables. An update trigger names the columns it watches, so that the hot writes (a
-- sign-in's last_login_at, a sale's member_earned) never run it.
CREATE TRIGGER users_audit AFTER INSERT OR DELETE OR UPDATE OF email, name, surname, role, asseco_id, phone, card_number, activated_at, email_confirmed, deleted_at, anonymised_at ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-password_hash', '-last_login_at', '-recent_logins', '-search_text', '-name_key', '-surname_key', '-email_key', '-updated_at', '~name', '~surname', '*email', '*phone', '*card_number');--> statement-breakpoint
CREATE TRIGGER rep_profiles_audit AFTER INSERT OR DELETE OR UPDATE OF pesel, tax_office_code, street, postcode, city ON rep_profiles
  FOR EACH ROW EXECUTE FUNCTION audit_row('user_id', '-updated_at', '*pesel', '~street');--> statement-breakpoint
CREATE TRIGGER warehouses_audit AFTER INSERT OR DELETE OR UPDATE OF asseco_id, name, address, nip, email, deleted_at ON warehouses
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-name_key', '-address_key', '-updated_at');--> statement-breakpoint
CREATE TRIGGER user_warehouses_audit AFTER INSERT OR DELETE OR UPDATE OF user_id, warehouse_id, member_role ON user_warehouses
  FOR EACH ROW EXECUTE FUNCTION audit_row('user_id,warehouse_id', '-member_active', '-member_signed_in', '-member_earned');--> statement-breakpoint
CREATE TRIGGER cards_audit AFTER INSERT OR DELETE OR UPDATE ON cards
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '*number');--> statement-breakpoint
CREATE TRIGGER quizzes_audit AFTER INSERT OR DELETE OR UPDATE OF name, lead, text, video_url, image_hash, reward, correct_answers, start_at, end_at, is_one_time, is_survey, is_active, live_version, draft_version, draft_content, deleted_at ON quizzes
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-name_key', '-updated_at');--> statement-breakpoint
CREATE TRIGGER quiz_versions_audit AFTER INSERT OR DELETE OR UPDATE ON quiz_versions
  FOR EACH ROW EXECUTE FUNCTION audit_row('quiz_id,version');--> statement-breakpoint
CREATE TRIGGER quiz_questions_audit AFTER INSERT OR DELETE OR UPDATE ON quiz_questions
  FOR EACH ROW EXECUTE FUNCTION audit_row('id');--> statement-breakpoint
CREATE TRIGGER quiz_answers_audit AFTER INSERT OR DELETE OR UPDATE ON quiz_answers
  FOR EACH ROW EXECUTE FUNCTION audit_row('id');--> statement-breakpoint
CREATE TRIGGER articles_audit AFTER INSERT OR DELETE OR UPDATE OF uuid, title, lead, content, video_url, image_hash, product_id, published_at, deleted_at ON articles
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-title_key', '-updated_at');--> statement-breakpoint
CREATE TRIGGER challenges_audit AFTER INSERT OR DELETE OR UPDATE OF name, intro, image_hash, start_on, end_on, deleted_at ON challenges
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-name_key', '-updated_at');--> statement-breakpoint
CREATE TRIGGER challenge_products_audit AFTER INSERT OR DELETE OR UPDATE ON challenge_products
  FOR EACH ROW EXECUTE FUNCTION audit_row('challenge_id,product_id');--> statement-breakpoint
CREATE TRIGGER products_audit AFTER INSERT OR DELETE OR UPDATE OF name, description, code, image_hash, deleted_at ON products
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-name_key', '-updated_at');--> statement-breakpoint
CREATE TRIGGER withdrawals_audit AFTER INSERT OR DELETE OR UPDATE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '*card_number');--> statement-breakpoint
CREATE TRIGGER payout_batches_audit AFTER INSERT OR DELETE OR UPDATE ON payout_batches
  FOR EACH ROW EXECUTE FUNCTION audit_row('id');--> statement-breakpoint
CREATE TRIGGER programme_rules_audit AFTER INSERT OR DELETE OR UPDATE ON programme_rules
  FOR EACH ROW EXECUTE FUNCTION audit_row('id');--> statement-breakpoint
CREATE TRIGGER programme_settings_audit AFTER INSERT OR DELETE OR UPDATE ON programme_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '-updated_at');
