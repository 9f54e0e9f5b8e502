import type { OnboardingAction, OnboardingKind, OnboardingStatus } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { invitations, onboardingImports, onboardingRows, users } from '../../db/schema.ts';
import { chunked } from '../../lib/chunks.ts';
import type { Change } from './plan.ts';
import type { Reason } from './read-row.ts';

/** Rows per multi-row insert (each row is 10 parameters, within PostgreSQL's 65,535). */
const CHUNK = 1000;

export interface StoredRow {
  rowNo: number;
  action: OnboardingAction;
  targetId: number | null;
  label: string;
  key: string;
  role: string | null;
  values: Record<string, unknown>;
  cells: string[];
  changes: Change[];
  reasons: Reason[];
}

export interface Counts {
  rowsTotal: number;
  toCreate: number;
  toUpdate: number;
  unchanged: number;
  refused: number;
}

export function countsOf(rows: readonly { action: OnboardingAction }[]): Counts {
  const n = (a: OnboardingAction) => rows.filter((r) => r.action === a).length;
  return {
    rowsTotal: rows.length,
    toCreate: n('create'),
    toUpdate: n('update'),
    unchanged: n('unchanged'),
    refused: n('refused'),
  };
}

export async function insertImport(
  db: DbOrTx,
  f: {
    kind: OnboardingKind;
    fileName: string;
    format: 'csv' | 'xlsx';
    encoding: string | null;
    header: string[];
    createdBy: number;
  } & Counts,
): Promise<number> {
  const [row] = await db.insert(onboardingImports).values(f).returning({ id: onboardingImports.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertRows(
  db: DbOrTx,
  importId: number,
  rows: readonly StoredRow[],
  between?: () => Promise<void>,
): Promise<void> {
  for (const [i, part] of chunked(rows, CHUNK).entries()) {
    if (i > 0) await between?.();
    await db.insert(onboardingRows).values(part.map((r) => ({ importId, ...r })));
  }
}

export interface ImportRecord {
  id: number;
  kind: OnboardingKind;
  status: OnboardingStatus;
  file_name: string;
  format: 'csv' | 'xlsx';
  encoding: 'utf-8' | 'windows-1250' | null;
  header: string[];
  rows_total: number;
  to_create: number;
  to_update: number;
  unchanged: number;
  refused: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
  applied_at: string | null;
}

const iso = (col: ReturnType<typeof sql>) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const importColumns = sql`i.id, i.kind, i.status, i.file_name, i.format, i.encoding, i.header, i.rows_total,
  i.to_create, i.to_update, i.unchanged, i.refused,
  case when u.id is null then null else json_build_object('id', u.id, 'name', trim(u.name || ' ' || coalesce(u.surname, ''))) end as created_by,
  ${iso(sql`i.created_at`)} as created_at, ${iso(sql`i.applied_at`)} as applied_at`;

/** One import, if the author is `authorId` (or anyone, when null). With `lock`, locked for the apply. */
export async function findImport(
  db: DbOrTx,
  id: number,
  authorId: number | null,
  opts: { lock?: boolean } = {},
): Promise<ImportRecord | undefined> {
  const [row] = await queryRows<ImportRecord>(
    db,
    sql`select ${importColumns} from ${onboardingImports} i left join ${users} u on u.id = i.created_by
        where i.id = ${id} ${authorId === null ? sql`` : sql`and i.created_by = ${authorId}`}
        ${opts.lock ? sql`for update of i` : sql``}`,
  );
  return row;
}

/** A page of the history, newest first (the author's own, or everyone's when null), with the total. */
export async function listImports(
  db: DbOrTx,
  authorId: number | null,
  q: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: ImportRecord[]; total: number }> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const where = authorId === null ? sql`true` : sql`i.created_by = ${authorId}`;
  const rows = await queryRows<ImportRecord & { total: number }>(
    db,
    sql`select ${importColumns}, count(*) over ()::int as total
        from ${onboardingImports} i left join ${users} u on u.id = i.created_by
        where ${where}
        order by i.created_at ${dir}, i.id ${dir}
        limit ${q.limit} offset ${q.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.offset > 0) {
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${onboardingImports} i where ${where}`,
    );
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

export interface RowRecord {
  row_no: number;
  action: OnboardingAction;
  label: string;
  key: string;
  role: string | null;
  changes: Change[];
  reasons: Reason[];
}

/** A page of the preview's rows (one action's, or all), in file order; the index serves both. */
export async function rowsPage(
  db: DbOrTx,
  importId: number,
  q: { action?: OnboardingAction; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: RowRecord[]; total: number }> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const where = q.action ? sql`import_id = ${importId} and action = ${q.action}` : sql`import_id = ${importId}`;
  const rows = await queryRows<RowRecord>(
    db,
    sql`select row_no, action, label, key, role, changes, reasons from ${onboardingRows}
        where ${where} order by row_no ${dir} limit ${q.limit} offset ${q.offset}`,
  );
  const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${onboardingRows} where ${where}`);
  return { rows, total: c?.n ?? 0 };
}

/** Every row, in file order (the apply re-plans them; the report lists the refused). */
export async function allRows(db: DbOrTx, importId: number, action?: OnboardingAction): Promise<StoredRow[]> {
  return queryRows<StoredRow>(
    db,
    sql`select row_no as "rowNo", action, target_id as "targetId", label, key, role, values, cells, changes, reasons
        from ${onboardingRows}
        where import_id = ${importId} ${action ? sql`and action = ${action}` : sql``}
        order by row_no`,
  );
}

/** A new plan for the same rows (the records changed since the preview): rows and counts replaced. */
export async function replacePlan(db: DbOrTx, importId: number, rows: readonly StoredRow[], counts: Counts) {
  await db.execute(sql`delete from ${onboardingRows} where import_id = ${importId}`);
  await insertRows(db, importId, rows);
  await db.execute(
    sql`update ${onboardingImports} set rows_total = ${counts.rowsTotal}, to_create = ${counts.toCreate},
          to_update = ${counts.toUpdate}, unchanged = ${counts.unchanged}, refused = ${counts.refused}
        where id = ${importId}`,
  );
}

/** After the apply: the ids of what the create rows made, so the history can tell their e-mails. */
export async function setTargets(db: DbOrTx, importId: number, targets: readonly { rowNo: number; id: number }[]) {
  for (const part of chunked(targets, CHUNK)) {
    await db.execute(
      sql`update ${onboardingRows} r set target_id = v.id
          from (values ${sql.join(
            part.map((t) => sql`(${t.rowNo}::int, ${t.id}::int)`),
            sql`, `,
          )}) as v(row_no, id)
          where r.import_id = ${importId} and r.row_no = v.row_no`,
    );
  }
}

export async function markApplied(db: DbOrTx, importId: number): Promise<void> {
  await db.execute(
    sql`update ${onboardingImports} set status = 'applied', applied_at = now() where id = ${importId} and status = 'previewed'`,
  );
}

/** Answers false when the import was not in preview any more. */
export async function markCancelled(db: DbOrTx, importId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${onboardingImports} set status = 'cancelled', cancelled_at = now()
        where id = ${importId} and status = 'previewed' returning id`,
  );
  return rows.length > 0;
}

/**
 * The activation e-mails of the accounts an applied people import created, by status (through
 * auth's invitations read model: one statement however many people).
 */
export async function invitationCounts(
  db: DbOrTx,
  importIds: readonly number[],
): Promise<Map<number, { queued: number; sent: number; failed: number }>> {
  const out = new Map<number, { queued: number; sent: number; failed: number }>();
  if (importIds.length === 0) return out;
  const rows = await queryRows<{ import_id: number; queued: number; sent: number; failed: number }>(
    db,
    sql`select r.import_id,
               count(*) filter (where i.status = 'queued')::int as queued,
               count(*) filter (where i.status = 'sent')::int as sent,
               count(*) filter (where i.status = 'failed')::int as failed
        from ${onboardingRows} r join ${invitations} i on i.user_id = r.target_id
        where r.import_id in (${sql.join(
          importIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and r.action = 'create'
        group by r.import_id`,
  );
  for (const r of rows) out.set(r.import_id, { queued: r.queued, sent: r.sent, failed: r.failed });
  return out;
}
