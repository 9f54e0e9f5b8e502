DROP INDEX "user_warehouses_warehouse_member_idx";--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD COLUMN "member_earned" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A membership also carries what its member earned in total (docs/decisions/042), so a warehouse's
-- amount is a sum over its memberships' index, with no probe of wallets per rep.
--
-- A new membership copies the wallet's total, reading it FOR SHARE: a credit in flight (which holds
-- the wallet and could not see the new row) finishes first, and a credit that comes later waits for
-- the membership's commit, then updates it. Code that replaces memberships locks the wallets of the
-- users it touches first, in user-id order (lockMemberWallets), so that it never holds a membership
-- a credit's trigger waits for while itself waiting for that credit's wallet.
--
-- An UPDATE re-runs the copy of the users row only when a copied fact or a key is set (the sync of
-- 0017 sets member_role): the earnings' own update below must not lock the users row, or a credit
-- and a role change of the same user would wait for each other.
CREATE OR REPLACE FUNCTION user_warehouses_member_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  earned bigint;
BEGIN
  SELECT u.role, u.deleted_at IS NULL, u.last_login_at IS NOT NULL
    INTO NEW.member_role, NEW.member_active, NEW.member_signed_in
    FROM users u WHERE u.id = NEW.user_id FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    SELECT w.earned_quiz + w.earned_challenge + w.earned_adjustment INTO earned
      FROM wallets w WHERE w.user_id = NEW.user_id FOR SHARE;
    NEW.member_earned := coalesce(earned, 0);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER user_warehouses_member_fill ON user_warehouses;--> statement-breakpoint
CREATE TRIGGER user_warehouses_member_fill
  BEFORE INSERT OR UPDATE OF user_id, warehouse_id, member_role, member_active, member_signed_in ON user_warehouses
  FOR EACH ROW EXECUTE FUNCTION user_warehouses_member_fill();--> statement-breakpoint
-- Every change of a wallet's earned total reaches its memberships in the same transaction. Moves
-- between available, in withdrawal and withdrawn keep the total and do not fire it (WHEN).
CREATE FUNCTION wallets_member_earned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_warehouses SET member_earned = NEW.earned_quiz + NEW.earned_challenge + NEW.earned_adjustment
    WHERE user_id = NEW.user_id
      AND member_earned <> NEW.earned_quiz + NEW.earned_challenge + NEW.earned_adjustment;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wallets_member_earned AFTER UPDATE OF earned_quiz, earned_challenge, earned_adjustment ON wallets
  FOR EACH ROW WHEN (OLD.earned_quiz + OLD.earned_challenge + OLD.earned_adjustment
    IS DISTINCT FROM NEW.earned_quiz + NEW.earned_challenge + NEW.earned_adjustment)
  EXECUTE FUNCTION wallets_member_earned();--> statement-breakpoint
-- Wallets are created empty by the ledger; the seed writes them with their balances.
CREATE TRIGGER wallets_member_earned_insert AFTER INSERT ON wallets
  FOR EACH ROW WHEN (NEW.earned_quiz + NEW.earned_challenge + NEW.earned_adjustment <> 0)
  EXECUTE FUNCTION wallets_member_earned();--> statement-breakpoint
UPDATE user_warehouses uw SET member_earned = w.earned_quiz + w.earned_challenge + w.earned_adjustment
  FROM wallets w WHERE w.user_id = uw.user_id;--> statement-breakpoint
CREATE INDEX "user_warehouses_warehouse_member_idx" ON "user_warehouses" USING btree ("warehouse_id","user_id","member_active","member_role","member_signed_in","member_earned");
