-- Returns and corrections in sales files, amounts owed, and no money stranded with regional
-- managers (docs/decisions/044 and 045).
--
-- A wallet keeps what its rep owes: the part of a sales correction its available money did not
-- cover. Later earnings settle it first (an owed_settlement entry in the same transaction), so a
-- wallet never holds money and a debt at once: a deferred constraint trigger proves it at commit.
ALTER TABLE "wallets" ADD COLUMN "owed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_owed_check" CHECK ("wallets"."owed" >= 0);--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_conservation_check";--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_conservation_check" CHECK ("wallets"."earned_quiz" + "wallets"."earned_challenge" + "wallets"."earned_adjustment" + "wallets"."owed" = "wallets"."available" + "wallets"."in_withdrawal" + "wallets"."withdrawn");--> statement-breakpoint
CREATE FUNCTION wallets_owed_settled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deferred to the commit: the row as it is then, not as this statement left it.
  IF EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = NEW.user_id AND w.owed > 0 AND w.available > 0) THEN
    RAISE EXCEPTION 'wallet % holds money and owes money at once', NEW.user_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallets_owed_settled AFTER INSERT OR UPDATE OF available, owed ON wallets
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.owed > 0) EXECUTE FUNCTION wallets_owed_settled();--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('quiz_reward','challenge_reward','challenge_reversal','sale_correction','sale_correction_owed','sale_correction_reversal','owed_settlement','manager_reclaim','adjustment','withdrawal_requested','withdrawal_paid','withdrawal_failed'));--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_source_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_check" CHECK ("ledger_entries"."source_type" in ('quiz','challenge','withdrawal','admin','owed'));--> statement-breakpoint
-- A correction line carries a negative quantity (and so a negative amount).
ALTER TABLE "sales" DROP CONSTRAINT "sales_quantity_check";--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_quantity_check" CHECK ("sales"."quantity" <> 0);--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "rows_summary" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "amount_corrected" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_amount_corrected_check" CHECK ("sales_imports"."amount_corrected" >= 0);--> statement-breakpoint
-- Money credited to a regional manager (who has no money pages and cannot withdraw) goes back out
-- through the ledger: a manager_reclaim entry with its reason for all the manager holds available
-- (a clawback: it counts against earned_adjustment, as an admin's debit does); its sales are marked
-- reverted and taken off its challenge earnings, so rankings no longer show them.
-- Nothing is deleted. The function runs here once and is what the tests call; running it again
-- finds nothing to move. Returns how many managers it moved money from.
CREATE FUNCTION reclaim_regional_manager_money(reason text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  -- Wallets locked in user-id order, as every bulk poster locks them.
  WITH due AS (
    SELECT w.user_id, w.available AS amount,
      'regional-manager:' || coalesce((SELECT max(e.id) FROM ledger_entries e WHERE e.user_id = w.user_id), 0) AS source_id
    FROM wallets w JOIN users u ON u.id = w.user_id
    WHERE u.role = 'seller_reg' AND w.available > 0
    ORDER BY w.user_id
    FOR UPDATE OF w
  ), entry AS (
    INSERT INTO ledger_entries (user_id, kind, amount, source_type, source_id, reason)
    SELECT user_id, 'manager_reclaim', amount, 'challenge', source_id, reason FROM due
    RETURNING user_id, amount
  )
  UPDATE wallets w SET available = w.available - e.amount, earned_adjustment = w.earned_adjustment - e.amount,
      updated_at = now()
    FROM entry e WHERE w.user_id = e.user_id;
  GET DIAGNOSTICS moved = ROW_COUNT;
  UPDATE challenge_earnings ce SET units = 0, amount = 0, updated_at = now()
    FROM users u WHERE u.id = ce.user_id AND u.role = 'seller_reg' AND (ce.units <> 0 OR ce.amount <> 0);
  UPDATE sales s SET reverted_at = now()
    FROM users u WHERE u.id = s.user_id AND u.role = 'seller_reg' AND s.reverted_at IS NULL;
  RETURN moved;
END $$;--> statement-breakpoint
SELECT reclaim_regional_manager_money('Środki cofnięte: kierownik regionalny nie otrzymuje nagród, nie może ich zobaczyć ani wypłacić');
