CREATE TABLE "challenge_totals" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"reps_count" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_totals_check" CHECK ("challenge_totals"."reps_count" >= 0 and "challenge_totals"."units" >= 0 and "challenge_totals"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "challenge_totals" ADD CONSTRAINT "challenge_totals_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Keeps challenge_totals equal to the sums of challenge_earnings per challenge (docs/decisions/032):
-- each statement on challenge_earnings adds what it changed per challenge, read from its transition
-- tables (an import upserts thousands of rows in one statement: one totals row per challenge).
-- The change is added to the existing row (an INSERT .. ON CONFLICT would check a negative change
-- against the table's CHECK before finding the row), and only a challenge without one gets a row.
CREATE FUNCTION challenge_totals_apply(d_challenge int[], d_reps bigint[], d_units bigint[], d_amount bigint[])
RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM unnest(d_challenge, d_reps, d_units, d_amount) AS d(challenge_id, reps, units, amount)
  ), changed AS (
    UPDATE challenge_totals t SET reps_count = t.reps_count + d.reps, units = t.units + d.units,
      amount = t.amount + d.amount
    FROM d WHERE t.challenge_id = d.challenge_id
    RETURNING t.challenge_id
  )
  INSERT INTO challenge_totals AS t (challenge_id, reps_count, units, amount)
  SELECT challenge_id, reps, units, amount FROM d WHERE challenge_id NOT IN (SELECT challenge_id FROM changed)
  ON CONFLICT (challenge_id) DO UPDATE SET reps_count = t.reps_count + excluded.reps_count,
    units = t.units + excluded.units, amount = t.amount + excluded.amount;
$$;--> statement-breakpoint
CREATE FUNCTION challenge_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM challenge_totals_apply(array_agg(challenge_id), array_agg(reps), array_agg(units), array_agg(amount))
    FROM (SELECT challenge_id, count(*) FILTER (WHERE amount > 0) AS reps, sum(units)::bigint AS units,
      sum(amount)::bigint AS amount FROM new_earnings GROUP BY challenge_id) d;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM challenge_totals_apply(array_agg(challenge_id), array_agg(reps), array_agg(units), array_agg(amount))
    FROM (SELECT challenge_id, sum(reps)::bigint AS reps, sum(units)::bigint AS units, sum(amount)::bigint AS amount
      FROM (SELECT challenge_id, (amount > 0)::int AS reps, units, amount FROM new_earnings
        UNION ALL SELECT challenge_id, -(amount > 0)::int, -units, -amount FROM old_earnings) c
      GROUP BY challenge_id) d;
  ELSE
    PERFORM challenge_totals_apply(array_agg(challenge_id), array_agg(-reps), array_agg(-units), array_agg(-amount))
    FROM (SELECT challenge_id, count(*) FILTER (WHERE amount > 0) AS reps, sum(units)::bigint AS units,
      sum(amount)::bigint AS amount FROM old_earnings GROUP BY challenge_id) d;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION challenge_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM challenge_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER challenge_earnings_totals_insert AFTER INSERT ON challenge_earnings
  REFERENCING NEW TABLE AS new_earnings FOR EACH STATEMENT EXECUTE FUNCTION challenge_totals_add();--> statement-breakpoint
CREATE TRIGGER challenge_earnings_totals_update AFTER UPDATE ON challenge_earnings
  REFERENCING OLD TABLE AS old_earnings NEW TABLE AS new_earnings FOR EACH STATEMENT EXECUTE FUNCTION challenge_totals_add();--> statement-breakpoint
CREATE TRIGGER challenge_earnings_totals_delete AFTER DELETE ON challenge_earnings
  REFERENCING OLD TABLE AS old_earnings FOR EACH STATEMENT EXECUTE FUNCTION challenge_totals_add();--> statement-breakpoint
CREATE TRIGGER challenge_earnings_totals_truncate AFTER TRUNCATE ON challenge_earnings
  FOR EACH STATEMENT EXECUTE FUNCTION challenge_totals_clear();--> statement-breakpoint
-- The existing earnings, under a lock so no write slips between the sums and the triggers.
LOCK TABLE challenge_earnings IN SHARE MODE;--> statement-breakpoint
INSERT INTO challenge_totals (challenge_id, reps_count, units, amount)
SELECT challenge_id, count(*) FILTER (WHERE amount > 0), sum(units), sum(amount)
FROM challenge_earnings GROUP BY challenge_id;
