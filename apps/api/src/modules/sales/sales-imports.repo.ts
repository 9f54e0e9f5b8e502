import type { SalesImportStatus } from '@incentive/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { salesImportRows, salesImports } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { takeBackEarnings } from '../challenges/challenges.shared.repo.ts';
import { availableOf } from '../wallet/wallet.shared.repo.ts';
import type { StagedRow } from './sales-row.ts';

/*
 * The sales import's SQL: the history row, the staged rows, and the revert (in the caller's
 * transaction). The job's check and apply steps are in sales-check.repo.ts and sales-apply.repo.ts.
 */

/** Imports run (and are reverted) one at a time: the key of the transaction-level advisory lock. */
const IMPORT_LOCK = 0x5a1e5;

export async function lockImports(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

export async function createImport(db: DbOrTx, fileName: string, createdBy: number): Promise<number> {
  const [row] = await db.insert(salesImports).values({ fileName, createdBy }).returning({ id: salesImports.id });
  if (!row) throw new Error('sales import not created');
  return row.id;
}

export async function setFileInfo(
  db: DbOrTx,
  id: number,
  info: {
    format?: 'csv' | 'xlsx';
    encoding?: string | null;
    fileBytes?: number;
    rowsTotal?: number;
    rowsSummary?: number;
  },
): Promise<void> {
  await db.update(salesImports).set(info).where(eq(salesImports.id, id));
}

/**
 * One INSERT per batch, the rows passed as one array per column (unnest): ten parameters whatever
 * the batch size, which both drivers bind far faster than ten per row.
 */
export async function insertRows(db: DbOrTx, importId: number, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: StagedRow) => T) => sql.param(rows.map(pick));
  // A row refused by its own cells is rejected at once; the others wait for the check (staged).
  await db.execute(sql`insert into sales_import_rows
      (import_id, row_no, document, line, sold_on, warehouse, rep, product, quantity, error, state)
    select ${importId}, *, case when error is null then 'staged' else 'rejected' end from unnest(
      ${col((r) => r.rowNo)}::int[], ${col((r) => r.document)}::text[], ${col((r) => r.line)}::text[],
      ${col((r) => r.sold_on)}::text[], ${col((r) => r.warehouse)}::text[], ${col((r) => r.rep)}::text[],
      ${col((r) => r.product)}::text[], ${col((r) => r.quantity)}::text[], ${col((r) => r.error)}::text[])
      as u(row_no, document, line, sold_on, warehouse, rep, product, quantity, error)`);
}

/** Refuses a whole file: failed with its reason, and nothing of it staged. */
export async function failImport(db: DbOrTx, id: number, error: string, rowsTotal: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(salesImportRows).where(eq(salesImportRows.importId, id));
    await tx
      .update(salesImports)
      .set({ status: 'failed', error, rowsTotal, finishedAt: sql`now()` })
      .where(and(eq(salesImports.id, id), eq(salesImports.status, 'staging')));
  });
}

/**
 * Imports left in staging by a stopped process: they never count. Only those started more than
 * `minutes` ago, so an import another instance (or this one) is reading right now is left alone.
 */
export async function failStaleImports(db: DbOrTx, error: string, minutes: number): Promise<number> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .update(salesImports)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(
        and(
          eq(salesImports.status, 'staging'),
          sql`${salesImports.createdAt} < now() - make_interval(mins => ${minutes})`,
        ),
      )
      .returning({ id: salesImports.id });
    for (const { id } of stale) await tx.delete(salesImportRows).where(eq(salesImportRows.importId, id));
    return stale.length;
  });
}

export interface ImportStatus {
  status: string;
  rowsTotal: number;
}

export async function importStatusForUpdate(tx: DbOrTx, id: number): Promise<ImportStatus | undefined> {
  const [row] = await tx
    .select({ status: salesImports.status, rowsTotal: salesImports.rowsTotal })
    .from(salesImports)
    .where(eq(salesImports.id, id))
    .for('update');
  return row;
}

/** What an apply (or a revert) moved for one rep in one challenge: its sales, or its corrections. */
export interface EarningGroup {
  user_id: number;
  challenge_id: number;
  challenge_name: string;
  /** True for the group of correction lines (negative quantities): units and amount are then negative. */
  correction: boolean;
  units: number;
  amount: number;
  lines: number;
}

const num = (v: unknown) => Number(v ?? 0);
export const groups = (rows: Record<string, unknown>[]): EarningGroup[] =>
  rows.map((r) => ({
    user_id: num(r.user_id),
    challenge_id: num(r.challenge_id),
    challenge_name: String(r.challenge_name),
    correction: r.correction === true || r.correction === 't',
    units: num(r.units),
    amount: num(r.amount),
    lines: num(r.lines),
  }));

/** What the import's sales not yet reverted paid (and its corrections took back), per rep and challenge. */
export async function paidByImport(tx: DbOrTx, id: number): Promise<EarningGroup[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select s.user_id, s.challenge_id, c.name as challenge_name, s.quantity < 0 as correction,
        sum(s.quantity)::bigint as units, sum(s.amount)::bigint as amount, count(*) as lines
      from sales s join challenges c on c.id = s.challenge_id
      where s.import_id = ${id} and s.reverted_at is null
      group by s.user_id, s.challenge_id, c.name, s.quantity < 0
      order by s.user_id, s.challenge_id, s.quantity < 0`,
  );
  return groups(rows);
}

/** What the import's sales not yet reverted paid each rep (grosze, corrections netted). */
export async function paidPerRep(tx: DbOrTx, id: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ user_id: number | string; amount: number | string }>(
    tx,
    sql`select user_id, sum(amount) as amount from sales
      where import_id = ${id} and reverted_at is null group by user_id`,
  );
  return new Map(rows.map((r) => [num(r.user_id), num(r.amount)]));
}

/** Takes the import's sales off the reps' challenge earnings and marks them reverted. */
export async function revertSales(tx: DbOrTx, id: number, by: number): Promise<void> {
  await tx.execute(
    takeBackEarnings(sql`select user_id, challenge_id, sum(quantity) as units, sum(amount) as amount from sales
      where import_id = ${id} and reverted_at is null group by user_id, challenge_id`),
  );
  await tx.execute(sql`update sales set reverted_at = now() where import_id = ${id} and reverted_at is null`);
  await tx
    .update(salesImports)
    .set({ status: 'reverted', revertedAt: sql`now()`, revertedBy: by })
    .where(eq(salesImports.id, id));
}

export interface ImportRow {
  id: number;
  file_name: string;
  format: 'csv' | 'xlsx' | null;
  encoding: 'utf-8' | 'windows-1250' | null;
  status: SalesImportStatus;
  error: string | null;
  rows_total: number;
  rows_accepted: number;
  rows_skipped: number;
  rows_rejected: number;
  rows_summary: number;
  amount: number;
  amount_corrected: number;
  reps_count: number;
  created_by_id: number | null;
  created_by_name: string | null;
  created_at: Date | string;
  reverted_at: Date | string | null;
  reverted_by_id: number | null;
  reverted_by_name: string | null;
  can_revert: boolean;
  rows_checked: number;
  rows_held: number;
  amount_held: number;
  job_id: number | null;
  finished_at: Date | string | null;
}

const fullName = (alias: string) =>
  sql.raw(`nullif(btrim(${alias}.name || ' ' || coalesce(${alias}.surname, '')), '')`);

function selectImports(where: SQL, tail: SQL = sql``): SQL {
  return sql`select si.id, si.file_name, si.format, si.encoding, si.status, si.error,
      si.rows_total, si.rows_accepted, si.rows_skipped, si.rows_rejected, si.rows_summary, si.amount,
      si.amount_corrected, si.reps_count, si.rows_checked, si.rows_held, si.amount_held, si.job_id, si.finished_at,
      si.created_by as created_by_id, ${fullName('cu')} as created_by_name, si.created_at,
      si.reverted_at, si.reverted_by as reverted_by_id, ${fullName('ru')} as reverted_by_name,
      (si.status = 'applied' and not exists (
        select 1 from (
          select s.user_id, sum(s.amount) as amount from sales s
          where s.import_id = si.id and s.reverted_at is null group by s.user_id
        ) paid
        where ${availableOf(sql`paid.user_id`)} < paid.amount
      )) as can_revert
    from sales_imports si
    left join users cu on cu.id = si.created_by
    left join users ru on ru.id = si.reverted_by
    where ${where} ${tail}`;
}

const normalize = (r: ImportRow): ImportRow => ({
  ...r,
  id: num(r.id),
  rows_total: num(r.rows_total),
  rows_accepted: num(r.rows_accepted),
  rows_skipped: num(r.rows_skipped),
  rows_rejected: num(r.rows_rejected),
  rows_summary: num(r.rows_summary),
  amount: num(r.amount),
  amount_corrected: num(r.amount_corrected),
  reps_count: num(r.reps_count),
  rows_checked: num(r.rows_checked),
  rows_held: num(r.rows_held),
  amount_held: num(r.amount_held),
  job_id: r.job_id === null ? null : num(r.job_id),
  created_by_id: r.created_by_id === null ? null : num(r.created_by_id),
  reverted_by_id: r.reverted_by_id === null ? null : num(r.reverted_by_id),
  can_revert: r.can_revert === true || (r.can_revert as unknown) === 't',
});

export async function findImport(db: DbOrTx, id: number): Promise<ImportRow | undefined> {
  const [row] = await queryRows<ImportRow>(db, selectImports(sql`si.id = ${id}`));
  return row && normalize(row);
}

export async function listImports(
  db: DbOrTx,
  q: { order: 'asc' | 'desc'; sort: 'created_at' | 'id'; limit: number; offset: number; search?: string },
): Promise<{ rows: ImportRow[]; total: number }> {
  const dir = direction(q.order);
  const by = q.sort === 'id' ? sql`si.id ${dir}` : sql`si.created_at ${dir}, si.id ${dir}`;
  const where = q.search ? sql`lower(si.file_name) like ${containsPattern(q.search)}` : sql`true`;
  const rows = await queryRows<ImportRow>(
    db,
    selectImports(where, sql`order by ${by} limit ${q.limit} offset ${q.offset}`),
  );
  const [count] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from sales_imports si where ${where}`,
  );
  return { rows: rows.map(normalize), total: num(count?.n) };
}

export interface RejectedRow {
  row_no: number;
  document: string;
  line: string;
  sold_on: string;
  warehouse: string;
  rep: string;
  product: string;
  quantity: string;
  error: string;
}

/** The refused rows in file order, a page at a time (keyset on the row number): the report streams. */
export async function* rejectedRows(db: DbOrTx, id: number, pageSize = 2_000): AsyncGenerator<RejectedRow[]> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<RejectedRow>(
      db,
      sql`select row_no, document, line, sold_on, warehouse, rep, product, quantity, error
        from sales_import_rows
        where import_id = ${id} and error is not null and row_no > ${after}
        order by row_no limit ${pageSize}`,
    );
    if (rows.length === 0) return;
    yield rows;
    after = num(rows.at(-1)?.row_no);
    if (rows.length < pageSize) return;
  }
}

/**
 * Moves money sales imports credited to regional managers back out through the ledger (decision
 * 045): the SQL function migration 0020 defines and runs once. Returns how many managers it
 * moved money from; a second run finds nothing to move.
 */
export async function reclaimRegionalManagerMoney(tx: DbOrTx, reason: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(tx, sql`select reclaim_regional_manager_money(${reason}) as n`);
  return num(row?.n);
}

export interface ReclaimRow {
  id: number;
  user_id: number;
  name: string;
  email: string;
  amount: number | string;
  reason: string | null;
  created_at: Date | string;
}

/** The manager_reclaim entries, newest first (at most `limit`: one per manager and run). */
export async function managerReclaims(db: DbOrTx, limit: number): Promise<ReclaimRow[]> {
  return queryRows<ReclaimRow>(
    db,
    sql`select e.id, e.user_id, ${fullName('u')} as name, u.email, e.amount, e.reason, e.created_at
      from ledger_entries e join users u on u.id = e.user_id
      where e.kind = 'manager_reclaim'
      order by e.id desc limit ${limit}`,
  );
}
