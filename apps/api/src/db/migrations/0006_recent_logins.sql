CREATE TABLE "login_window" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	CONSTRAINT "login_window_single_row" CHECK ("login_window"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recent_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_sort_login_counter_weekly_idx" ON "users" USING btree ("role","recent_logins","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_recent_logins_check" CHECK ("users"."recent_logins" >= 0);--> statement-breakpoint
-- users.recent_logins counts each user's logins from login_window.cutoff on. New logins are added
-- per statement (the seed inserts thousands at once); advanceLoginWindow (login-window.ts) moves
-- the cutoff forward and takes away the logins it passes. Logins are never updated or deleted.
INSERT INTO "login_window" ("id", "cutoff") VALUES (1, now() - interval '14 days');--> statement-breakpoint
UPDATE "users" SET "recent_logins" = c.n
FROM (
  SELECT "user_id", count(*)::int AS n FROM "logins"
  WHERE "created_at" >= (SELECT "cutoff" FROM "login_window" WHERE "id" = 1)
  GROUP BY "user_id"
) AS c
WHERE "users"."id" = c."user_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION logins_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET recent_logins = users.recent_logins + c.n
  FROM (
    SELECT user_id, count(*)::int AS n FROM new_logins
    WHERE created_at >= (SELECT cutoff FROM login_window WHERE id = 1)
    GROUP BY user_id
  ) AS c
  WHERE users.id = c.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER logins_recent_insert AFTER INSERT ON logins
  REFERENCING NEW TABLE AS new_logins FOR EACH STATEMENT EXECUTE FUNCTION logins_counted();
