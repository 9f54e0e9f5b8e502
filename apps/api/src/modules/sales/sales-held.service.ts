import {
  isMessageKey,
  type Lang,
  MAX_AMOUNT_GROSZE,
  type Paged,
  type SalesHeldDecision,
  type SalesHeldListQuery,
  type SalesHeldReason,
  type SalesHeldRow,
  translate,
} from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './sales-held.repo.ts';
import * as jobRepo from './sales-import-job.repo.ts';
import { lockImports } from './sales-imports.repo.ts';
import { payReady } from './sales-pay.ts';

/*
 * Held rows (issue 28 point 4, decision 050): an admin confirms them (paid at once, in one
 * transaction, by the same step that applies an import) or rejects them (they join the report of
 * refused rows). Only on an applied import; whatever is confirmed, one import never credits one rep
 * more than MAX_AMOUNT_GROSZE, what a withdrawal may carry.
 */

const heldText = (lang: Lang, key: string) => (isMessageKey(key) ? translate(lang, key) : key);

export async function listHeld(db: Db, id: number, q: SalesHeldListQuery, lang: Lang): Promise<Paged<SalesHeldRow>> {
  if (!(await jobRepo.importForJob(db, id))) throw notFound('sales.notFound');
  const { rows, total } = await repo.heldPage(db, id, {
    order: q.order,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(
    rows.map((r) => ({
      row_no: r.row_no,
      document: r.document,
      line: r.line,
      sold_on: r.sold_on,
      warehouse: r.warehouse,
      rep: { id: r.user_id, asseco_id: r.rep_asseco, name: r.rep_name },
      product: { id: r.product_id, code: r.product_code, name: r.product_name },
      challenge: { id: r.challenge_id, name: r.challenge_name },
      quantity: r.quantity,
      amount: formatGrosze(r.amount),
      reason: r.held_reason as SalesHeldReason,
      reason_text: heldText(lang, r.held_reason),
    })),
    total,
    q.page,
    q.per_page,
  );
}

const chosenRows = (d: SalesHeldDecision): number[] | null => ('all' in d ? null : d.rows);

/** Held rows are decided only on an applied import (the job is done with it), one decision at a time. */
async function lockApplied(tx: DbOrTx, id: number): Promise<void> {
  await lockImports(tx);
  const found = await jobRepo.importForJob(tx, id);
  if (!found) throw notFound('sales.notFound');
  if (found.status !== 'applied') throw new AppError(409, 'sales.held.notApplied');
}

/**
 * Pays the chosen held rows in one transaction. Refused whole (422 'sales.held.overCap') when a rep's
 * total credited by this import would pass MAX_AMOUNT_GROSZE; 422 'sales.held.noneChosen' when no
 * chosen row is held.
 */
export async function confirmHeld(db: Db, id: number, d: SalesHeldDecision, by: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockApplied(tx, id);
    const reps = await repo.readyChosen(tx, id, chosenRows(d));
    if (reps.length === 0) throw new AppError(422, 'sales.held.noneChosen');
    const over = reps.filter((r) => r.credited + r.amount > MAX_AMOUNT_GROSZE);
    if (over.length > 0) {
      throw new AppError(422, 'sales.held.overCap', { limit: formatGrosze(MAX_AMOUNT_GROSZE), count: over.length });
    }
    const rows = reps.reduce((n, r) => n + r.rows, 0);
    // Each confirmation posts its own ledger entries (a row is confirmed once): its first row names them.
    const first = Math.min(...reps.map((r) => r.first));
    const paid = await payReady(tx, id, { afterUser: 0, throughUser: null }, by, `:held:${first}`);
    await repo.addDecision(tx, id, {
      held: rows,
      heldAmount: reps.reduce((n, r) => n + r.amount, 0),
      accepted: paid.accepted,
      skipped: paid.skipped,
      rejected: paid.rejected,
      amount: paid.amount,
      amountCorrected: paid.amountCorrected,
    });
    await recordChange(tx, {
      kind: 'salesImport.heldConfirm',
      object: 'salesImport',
      id,
      details: { rows, paid: paid.accepted, amount: formatGrosze(paid.amount) },
    });
    return paid.accepted;
  });
}

/** Refuses the chosen held rows: they are in the report of refused rows with 'sales.row.heldRejected'. */
export async function rejectHeld(db: Db, id: number, d: SalesHeldDecision): Promise<number> {
  return db.transaction(async (tx) => {
    await lockApplied(tx, id);
    const refused = await rejectPending(tx, id, chosenRows(d));
    if (refused === 0) throw new AppError(422, 'sales.held.noneChosen');
    await recordChange(tx, { kind: 'salesImport.heldReject', object: 'salesImport', id, details: { rows: refused } });
    return refused;
  });
}

/** Rejects held rows (all of them for null) in the caller's transaction: a revert rejects those pending. */
export async function rejectPending(tx: DbOrTx, id: number, rows: readonly number[] | null): Promise<number> {
  const refused = await repo.rejectChosen(tx, id, rows);
  if (refused.rows > 0) {
    await repo.addDecision(tx, id, {
      held: refused.rows,
      heldAmount: refused.amount,
      accepted: 0,
      skipped: 0,
      rejected: refused.rows,
      amount: 0,
      amountCorrected: 0,
    });
  }
  return refused.rows;
}
