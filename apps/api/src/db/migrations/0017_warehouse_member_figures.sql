DROP INDEX "user_warehouses_warehouse_user_idx";--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD COLUMN "member_role" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD COLUMN "member_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD COLUMN "member_signed_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "user_warehouses_warehouse_member_idx" ON "user_warehouses" USING btree ("warehouse_id","user_id","member_active","member_role","member_signed_in");--> statement-breakpoint
-- A membership carries what a warehouse's figures count of its user (docs/decisions/036), kept
-- equal to the users row by the two triggers below, in the transaction that changes either side.
-- Reading the user with FOR SHARE makes a new membership wait for a change of that user in flight
-- (which would not see the new row), and makes such a change wait for the membership's commit.
CREATE FUNCTION user_warehouses_member_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.role, u.deleted_at IS NULL, u.last_login_at IS NOT NULL
    INTO NEW.member_role, NEW.member_active, NEW.member_signed_in
    FROM users u WHERE u.id = NEW.user_id FOR SHARE;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER user_warehouses_member_fill BEFORE INSERT OR UPDATE ON user_warehouses
  FOR EACH ROW EXECUTE FUNCTION user_warehouses_member_fill();--> statement-breakpoint
-- The no-op SET re-runs the fill above (and not me_version's trigger, which watches the keys).
-- Only when a counted fact changes: a role, a deactivation (or its undoing), a first sign-in. Later
-- sign-ins change last_login_at from a time to a time and do not fire it.
CREATE FUNCTION users_member_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_warehouses SET member_role = member_role WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_member_sync AFTER UPDATE OF role, deleted_at, last_login_at ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role
    OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
    OR (OLD.last_login_at IS NULL) IS DISTINCT FROM (NEW.last_login_at IS NULL))
  EXECUTE FUNCTION users_member_sync();--> statement-breakpoint
UPDATE user_warehouses SET member_role = member_role;
