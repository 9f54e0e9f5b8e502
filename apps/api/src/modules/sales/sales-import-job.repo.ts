import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { salesImportRows, salesImports } from '../../db/schema.ts';

/*
 * The import row as its background job moves it (decision 050): queued, checking, applying, applied;
 * its cursors and counters move in the same transaction as the step they record.
 */

const num = (v: unknown) => Number(v ?? 0);

/** Staging done: the import waits for its job (the caller enqueues it in the same transaction). */
export async function queueImport(
  tx: DbOrTx,
  id: number,
  info: { fileBytes: number; rowsTotal: number; rowsSummary: number; jobId: number | null },
): Promise<void> {
  await tx
    .update(salesImports)
    .set({ ...info, status: 'queued' })
    .where(and(eq(salesImports.id, id), eq(salesImports.status, 'staging')));
}

export interface JobImport {
  status: string;
  checkedThrough: number;
  appliedThroughUser: number;
  maxRowQuantity: number | null;
  maxRepAmount: number | null;
  createdBy: number | null;
  error: string | null;
}

export async function importForJob(db: DbOrTx, id: number): Promise<JobImport | undefined> {
  const [row] = await db
    .select({
      status: salesImports.status,
      checkedThrough: salesImports.checkedThrough,
      appliedThroughUser: salesImports.appliedThroughUser,
      maxRowQuantity: salesImports.maxRowQuantity,
      maxRepAmount: salesImports.maxRepAmount,
      createdBy: salesImports.createdBy,
      error: salesImports.error,
    })
    .from(salesImports)
    .where(eq(salesImports.id, id));
  return row;
}

/** The check begins with the limits in force now, kept on the import for the whole of it. */
export async function startChecking(
  db: DbOrTx,
  id: number,
  limits: { maxRowQuantity: number; maxRepAmount: number },
): Promise<void> {
  await db
    .update(salesImports)
    .set({ status: 'checking', ...limits })
    .where(and(eq(salesImports.id, id), eq(salesImports.status, 'queued')));
}

/** A checked chunk: the cursor and the counters. */
export async function advanceCheck(
  tx: DbOrTx,
  id: number,
  to: number,
  c: { checked: number; rejected: number; skipped: number; held: number; heldAmount: number },
): Promise<void> {
  await tx.execute(sql`update sales_imports set checked_through = ${to},
      rows_checked = rows_checked + ${c.checked}, rows_rejected = rows_rejected + ${c.rejected},
      rows_skipped = rows_skipped + ${c.skipped}, rows_held = rows_held + ${c.held},
      amount_held = amount_held + ${c.heldAmount}
    where id = ${id}`);
}

export async function startApplying(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(salesImports)
    .set({ status: 'applying' })
    .where(and(eq(salesImports.id, id), eq(salesImports.status, 'checking')));
}

/** What one applied chunk (or one confirmation of held rows) adds to the import's figures. */
export interface AppliedCounters {
  accepted: number;
  skipped: number;
  rejected: number;
  held: number;
  heldAmount: number;
  amount: number;
  amountCorrected: number;
  reps: number;
}

/** An applied chunk: the counters, and the apply cursor moved past its reps. */
export async function advanceApply(tx: DbOrTx, id: number, throughUser: number, c: AppliedCounters): Promise<void> {
  await tx.execute(sql`update sales_imports set applied_through_user = ${throughUser},
      rows_accepted = rows_accepted + ${c.accepted}, rows_skipped = rows_skipped + ${c.skipped},
      rows_rejected = rows_rejected + ${c.rejected}, rows_held = rows_held + ${c.held},
      amount_held = amount_held + ${c.heldAmount}, amount = amount + ${c.amount},
      amount_corrected = amount_corrected + ${c.amountCorrected}, reps_count = reps_count + ${c.reps}
    where id = ${id}`);
}

export async function finishImport(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(salesImports)
    .set({ status: 'applied', appliedAt: sql`now()`, finishedAt: sql`now()`, error: null })
    .where(and(eq(salesImports.id, id), eq(salesImports.status, 'applying')));
}

/**
 * A job that failed for good while checking: nothing was paid, the import is failed and its staged
 * rows dropped (in one transaction).
 */
export async function failChecking(db: DbOrTx, id: number, error: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(salesImports)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(and(eq(salesImports.id, id), inArray(salesImports.status, ['queued', 'checking'])))
      .returning({ id: salesImports.id });
    if (failed.length === 0) return false;
    await tx.delete(salesImportRows).where(eq(salesImportRows.importId, id));
    return true;
  });
}

/** The uploaded file's name (what the back office's notice of a failed import names). */
export async function fileNameOf(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db.select({ name: salesImports.fileName }).from(salesImports).where(eq(salesImports.id, id));
  return row?.name ?? '';
}

/** A job that failed for good while applying: the import keeps its status, with the reason. */
export async function markApplyFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(salesImports)
    .set({ error })
    .where(and(eq(salesImports.id, id), eq(salesImports.status, 'applying')));
}

/** Imports left applying by a job that failed for good: each gets a new job at start-up. */
export async function stalledApplying(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`select id from sales_imports where status = 'applying' and error is not null order by id`,
  );
  return rows.map((r) => num(r.id));
}

/** A new job for an import: the error of the last attempt cleared. */
export async function setJob(tx: DbOrTx, id: number, jobId: number): Promise<void> {
  await tx.update(salesImports).set({ jobId, error: null }).where(eq(salesImports.id, id));
}
