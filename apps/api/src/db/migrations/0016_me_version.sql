CREATE TABLE "me_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "me_version_one_row" CHECK ("me_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "me_version" ("id", "n") VALUES (1, 0);--> statement-breakpoint
-- Moves me_version on once per transaction that changed a table GET /api/me reads beyond the
-- user's own users, wallets and quiz_attempts rows (docs/decisions/034). The triggers below are
-- deferred to the commit, so the counter's row is locked last, by a transaction that then waits
-- for nothing else: it can never be part of a deadlock. An import's thousands of earnings queue as
-- many calls; the flag, local to the transaction, makes all but the first a no-op. The upsert
-- keeps counting if a test emptied the table.
CREATE FUNCTION me_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('incentive.me_version_moved', true) IS DISTINCT FROM '1' THEN
    INSERT INTO me_version AS v (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = v.n + 1;
    PERFORM set_config('incentive.me_version_moved', '1', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_quizzes AFTER INSERT OR UPDATE OR DELETE ON quizzes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_challenges AFTER INSERT OR UPDATE OR DELETE ON challenges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_challenge_earnings AFTER INSERT OR UPDATE OR DELETE ON challenge_earnings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_warehouses AFTER INSERT OR UPDATE OR DELETE ON warehouses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_user_warehouses AFTER INSERT OR UPDATE OF user_id, warehouse_id OR DELETE ON user_warehouses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER me_version_cards AFTER INSERT OR UPDATE OR DELETE ON cards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_quizzes_truncate AFTER TRUNCATE ON quizzes
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_challenges_truncate AFTER TRUNCATE ON challenges
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_challenge_earnings_truncate AFTER TRUNCATE ON challenge_earnings
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_warehouses_truncate AFTER TRUNCATE ON warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_user_warehouses_truncate AFTER TRUNCATE ON user_warehouses
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
CREATE TRIGGER me_version_cards_truncate AFTER TRUNCATE ON cards
  FOR EACH STATEMENT EXECUTE FUNCTION me_version_bump();--> statement-breakpoint
-- quiz_attempts are only ever added (a rep's record of each try): the API counts a user's to see a
-- new one, so nothing may change or remove one.
CREATE FUNCTION quiz_attempts_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'quiz_attempts are append-only (docs/decisions/034)';
END $$;--> statement-breakpoint
CREATE TRIGGER quiz_attempts_append_only BEFORE UPDATE OR DELETE ON quiz_attempts
  FOR EACH STATEMENT EXECUTE FUNCTION quiz_attempts_append_only();
