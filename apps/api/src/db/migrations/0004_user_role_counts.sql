-- Keeps user_role_counts exact: active (not deleted) users per role.
-- Inserts are counted per statement (the seed inserts thousands of rows at once); role changes,
-- deactivations and deletes per row, only when they change a count.
CREATE OR REPLACE FUNCTION user_role_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_role_counts (role, n)
  SELECT role, count(*) FROM new_users WHERE deleted_at IS NULL GROUP BY role
  ON CONFLICT (role) DO UPDATE SET n = user_role_counts.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_role_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role = NEW.role AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL THEN
    UPDATE user_role_counts SET n = n - 1 WHERE role = OLD.role;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.deleted_at IS NULL THEN
    INSERT INTO user_role_counts (role, n) VALUES (NEW.role, 1)
    ON CONFLICT (role) DO UPDATE SET n = user_role_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_role_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION user_role_counts_inserted();--> statement-breakpoint
CREATE TRIGGER users_role_counts_update AFTER UPDATE OF role, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_changed();--> statement-breakpoint
CREATE TRIGGER users_role_counts_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_role_counts_changed();--> statement-breakpoint
INSERT INTO user_role_counts (role, n)
SELECT role, count(*) FROM users WHERE deleted_at IS NULL GROUP BY role
ON CONFLICT (role) DO UPDATE SET n = excluded.n;
