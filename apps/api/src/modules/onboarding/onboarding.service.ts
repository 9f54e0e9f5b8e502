import {
  can,
  type Lang,
  ONBOARDING_LIMITS,
  type OnboardingAction,
  type OnboardingImport,
  type OnboardingKind,
  type OnboardingRow,
  type Paged,
  type PeopleImportColumn,
  type Role,
  type SalesImportEncoding,
  translate,
  type WarehouseImportColumn,
} from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { drainUpload, FILE_LIMITS, HEADER_SEARCH_LINES, openTableFile } from '../../lib/table-file.ts';
import { type Actor, isScoped, mayManageRole, warehouseScopeOf } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { queueInvitations } from '../auth/invitations.service.ts';
import {
  type ImportMatch,
  insertPeople,
  matchPeople,
  type ProfileUpsert,
  updatePeople,
  upsertProfiles,
} from '../users/users.service.ts';
import {
  type ActiveWarehouse,
  insertWarehouses,
  linkMembers,
  membershipsOf,
  updateWarehouses,
  warehousesByAssecoIds,
} from '../warehouses/warehouses.service.ts';
import * as repo from './onboarding.repo.ts';
import { type InputRow, type PlannedRow, planPeople, planWarehouses, warehouseIdsOf } from './plan.ts';
import {
  type ColumnAt,
  matchPeopleColumns,
  matchWarehouseColumns,
  type PersonValues,
  type Reason,
  readPersonRow,
  readWarehouseRow,
  type WarehouseValues,
} from './read-row.ts';

/*
 * Bulk onboarding (issue 30 point 1, decision 061). A file is read whole (at most 10,000 rows),
 * every row checked on its own and then against the programme's records, and the plan kept as a
 * preview; nothing else is written. Applying reads the records again, locked, and plans the stored
 * cells again: if anything differs from the preview, the new plan replaces it and the admin is asked
 * to look again (409); otherwise every row is written in one transaction, and new accounts get their
 * activation e-mail through the queue (auth's invitations).
 */

export interface Upload {
  fileName: string;
  encoding: SalesImportEncoding;
  chunks: AsyncIterator<Buffer>;
  /** True when the upload went over its size limit and was cut. */
  truncated(): boolean;
}

const LIMITS = { ...FILE_LIMITS, recordChars: ONBOARDING_LIMITS.recordChars };
const MESSAGES = { empty: 'onboarding.empty', recordTooLong: 'onboarding.recordTooLong' } as const;

/** Who sees an import: its author, or everyone for a role that sees all records. */
const authorFilter = (actor: Actor): number | null => (isScoped(actor.role) ? actor.id : null);

const notFound = () => new AppError(404, 'onboarding.notFound');

interface FileRows {
  format: 'csv' | 'xlsx';
  encoding: 'utf-8' | 'windows-1250' | null;
  header: string[];
  rows: { rowNo: number; cells: string[] }[];
}

/**
 * The header row (looked for among the first rows of each sheet, as in the sales import) and the
 * data rows under it, on its sheet only. Refusals throw AppError.
 */
async function readFile(kind: OnboardingKind, upload: Upload): Promise<FileRows> {
  const match = kind === 'warehouses' ? matchWarehouseColumns : matchPeopleColumns;
  const file = await openTableFile(upload.chunks, upload.encoding, LIMITS, MESSAGES);
  let header: string[] | null = null;
  let headerSheet = 0;
  let fewestMissing: string[] | null = null;
  let searchSheet = 0;
  let searched = 0;
  const rows: { rowNo: number; cells: string[] }[] = [];
  for await (const record of file.records) {
    if (!header) {
      if (record.sheet !== searchSheet) [searchSheet, searched] = [record.sheet, 0];
      if (searched >= HEADER_SEARCH_LINES) continue;
      searched++;
      const m = match(record.cells);
      if (m.ok) [header, headerSheet] = [record.cells.map((c) => c.trim()), record.sheet];
      else if (!fewestMissing || m.missing.length < fewestMissing.length) fewestMissing = m.missing;
      continue;
    }
    if (record.sheet !== headerSheet) break;
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (rows.length >= ONBOARDING_LIMITS.rows) {
      throw new AppError(422, 'onboarding.tooManyRows', { count: ONBOARDING_LIMITS.rows });
    }
    rows.push({ rowNo: record.rowNo, cells: record.cells });
  }
  if (upload.truncated()) {
    throw new AppError(413, 'onboarding.fileTooLarge', { count: ONBOARDING_LIMITS.fileBytes / 1024 / 1024 });
  }
  if (!header) {
    if (!fewestMissing) throw new AppError(422, 'onboarding.empty');
    throw new AppError(422, 'onboarding.columnsMissing', { columns: fewestMissing.join(', ') });
  }
  if (rows.length === 0) throw new AppError(422, 'onboarding.empty');
  return { format: file.format, encoding: file.encoding, header, rows };
}

/** Each row read on its own, by the header's columns. */
function readRows(
  kind: OnboardingKind,
  header: readonly string[],
  rows: readonly { rowNo: number; cells: string[] }[],
) {
  if (kind === 'warehouses') {
    const m = matchWarehouseColumns(header);
    if (!m.ok) throw new Error('onboarding: the stored header lost its columns');
    const at = { ...m.at, ...m.optional } as ColumnAt<WarehouseImportColumn>;
    return rows.map((r) => ({ rowNo: r.rowNo, ...readWarehouseRow(r.cells, at) }));
  }
  const m = matchPeopleColumns(header);
  if (!m.ok) throw new Error('onboarding: the stored header lost its columns');
  const at = { ...m.at, ...m.optional } as ColumnAt<PeopleImportColumn>;
  return rows.map((r) => ({ rowNo: r.rowNo, ...readPersonRow(r.cells, at) }));
}

interface WarehousePlan {
  kind: 'warehouses';
  rows: PlannedRow<WarehouseValues>[];
  existing: ActiveWarehouse[];
}
interface PeoplePlan {
  kind: 'people';
  rows: PlannedRow<PersonValues>[];
  warehouses: ActiveWarehouse[];
  matches: ImportMatch[];
}
type Plan = WarehousePlan | PeoplePlan;

/** Plans the rows against the records, read now (locked when `lock`: the apply's transaction). */
async function planRows(
  db: DbOrTx,
  actor: Actor,
  kind: OnboardingKind,
  rows: readonly InputRow<WarehouseValues | PersonValues>[],
  opts: { lock?: boolean } = {},
): Promise<Plan> {
  if (kind === 'warehouses') {
    const input = rows as InputRow<WarehouseValues>[];
    const existing = await warehousesByAssecoIds(db, input.map((r) => r.values.asseco_id).filter(Boolean), opts);
    return { kind, rows: planWarehouses(input, existing), existing };
  }
  const input = rows as InputRow<PersonValues>[];
  const warehouses = await warehousesByAssecoIds(
    db,
    input.flatMap((r) => r.values.warehouses),
    opts,
  );
  const matches = await matchPeople(
    db,
    {
      emails: input.map((r) => r.values.email).filter(Boolean),
      assecoIds: input.map((r) => r.values.asseco_id).filter((a): a is string => !!a),
    },
    opts,
  );
  const memberships = await membershipsOf(
    db,
    matches.map((m) => m.id),
  );
  const scope = await warehouseScopeOf(db, actor);
  const planned = planPeople(input, {
    mayManage: (role: Role) => mayManageRole(actor, role),
    scope,
    warehouses,
    matches,
    memberships,
    roleLabel: (role) => role,
  });
  return { kind, rows: planned, warehouses, matches };
}

const toStored = (rows: readonly PlannedRow<unknown>[], cells: ReadonlyMap<number, string[]>): repo.StoredRow[] =>
  rows.map((r) => ({
    rowNo: r.rowNo,
    action: r.action,
    targetId: r.targetId,
    label: r.label.slice(0, 300),
    key: r.key.slice(0, 300),
    role: r.role,
    values: r.values as Record<string, unknown>,
    cells: cells.get(r.rowNo) ?? [],
    changes: r.changes,
    reasons: r.reasons,
  }));

/** A reason in the reader's language; a role named by its code is named by its label. */
function reasonText(lang: Lang, r: Reason): string {
  const params = { ...(r.params ?? {}) };
  if (typeof params.role === 'string') params.role = translate(lang, `onboarding.role.${params.role}`);
  return translate(lang, r.key, params);
}

async function importJson(
  db: DbOrTx,
  rec: repo.ImportRecord,
  extra: { message?: string } = {},
): Promise<OnboardingImport> {
  const counts =
    rec.kind === 'people' && rec.status === 'applied' ? await repo.invitationCounts(db, [rec.id]) : new Map();
  return toImportJson(rec, counts, extra);
}

function toImportJson(
  rec: repo.ImportRecord,
  counts: Map<number, { queued: number; sent: number; failed: number }>,
  extra: { message?: string } = {},
): OnboardingImport {
  const { header: _header, ...rest } = rec;
  return {
    ...rest,
    invitations:
      rec.kind === 'people' && rec.status === 'applied'
        ? (counts.get(rec.id) ?? { queued: 0, sent: 0, failed: 0 })
        : null,
    ...extra,
  };
}

/**
 * POST /api/onboarding/imports: reads the file, plans it and keeps the preview (nothing else is
 * written). Warehouses are imported only by roles that create them.
 */
export async function previewImport(
  db: Db,
  actor: Actor,
  kind: OnboardingKind,
  upload: Upload,
  lang: Lang,
  between?: () => Promise<void>,
): Promise<OnboardingImport> {
  if (kind === 'warehouses' && !can(actor.role, 'warehouses.create')) {
    await drainUpload(upload.chunks);
    throw new AppError(403, 'onboarding.warehousesAdminOnly');
  }
  let file: FileRows;
  try {
    file = await readFile(kind, upload);
  } finally {
    await drainUpload(upload.chunks);
  }
  const read = readRows(kind, file.header, file.rows);
  await between?.();
  const plan = await planRows(db, actor, kind, read);
  const cells = new Map(file.rows.map((r) => [r.rowNo, r.cells]));
  const stored = toStored(plan.rows, cells);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertImport(tx, {
      kind,
      fileName: upload.fileName.slice(0, 255) || 'plik',
      format: file.format,
      encoding: file.encoding,
      header: file.header,
      createdBy: actor.id,
      ...repo.countsOf(stored),
    });
    await repo.insertRows(tx, newId, stored, between);
    await recordChange(tx, {
      kind: 'onboardingImport.upload',
      object: 'onboardingImport',
      id: newId,
      warehouseIds: actor.warehouseIds ?? undefined,
      details: { kind, file_name: upload.fileName.slice(0, 255), rows: stored.length },
    });
    return newId;
  });
  const rec = await repo.findImport(db, id, null);
  if (!rec) throw notFound();
  return importJson(db, rec, { message: translate(lang, 'onboarding.previewed') });
}

export async function getImport(db: Db, actor: Actor, id: number): Promise<OnboardingImport> {
  const rec = await repo.findImport(db, id, authorFilter(actor));
  if (!rec) throw notFound();
  return importJson(db, rec);
}

export async function listImports(
  db: Db,
  actor: Actor,
  q: { order: 'asc' | 'desc'; page: number; per_page: number },
): Promise<Paged<OnboardingImport>> {
  const { rows, total } = await repo.listImports(db, authorFilter(actor), {
    order: q.order,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  const counts = await repo.invitationCounts(
    db,
    rows.filter((r) => r.kind === 'people' && r.status === 'applied').map((r) => r.id),
  );
  return paged(
    rows.map((r) => toImportJson(r, counts)),
    total,
    q.page,
    q.per_page,
  );
}

export async function listRows(
  db: Db,
  actor: Actor,
  id: number,
  q: { action?: OnboardingAction; order: 'asc' | 'desc'; page: number; per_page: number },
  lang: Lang,
): Promise<Paged<OnboardingRow>> {
  const rec = await repo.findImport(db, id, authorFilter(actor));
  if (!rec) throw notFound();
  const { rows, total } = await repo.rowsPage(db, id, {
    action: q.action,
    order: q.order,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(
    rows.map((r) => ({
      row_no: r.row_no,
      action: r.action,
      label: r.label,
      key: r.key,
      role: r.role ? translate(lang, `onboarding.role.${r.role}`) : null,
      changes: r.changes,
      reasons: r.reasons.map((x) => ({ field: x.field, message: reasonText(lang, x) })),
    })),
    total,
    q.page,
    q.per_page,
  );
}

/** The refused rows as the file had them, each with its reasons, for a CSV the admin can fix and import. */
export async function refusedReport(
  db: Db,
  actor: Actor,
  id: number,
  lang: Lang,
): Promise<{ header: string[]; rows: string[][]; fileName: string }> {
  const rec = await repo.findImport(db, id, authorFilter(actor));
  if (!rec) throw notFound();
  const rows = await repo.allRows(db, id, 'refused');
  const width = rec.header.length;
  return {
    header: [translate(lang, 'onboarding.csv.row'), ...rec.header, translate(lang, 'onboarding.csv.reason')],
    rows: rows.map((r) => [
      String(r.rowNo),
      ...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''),
      r.reasons.map((x) => reasonText(lang, x)).join('; '),
    ]),
    fileName: rec.file_name.replace(/\.(csv|xlsx)$/i, ''),
  };
}

/** JSON with sorted keys: jsonb gives objects back in its own key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** What the admin saw of a row: its action, target, changes and reasons. */
const planKey = (r: { action: string; targetId: number | null; changes: unknown; reasons: readonly Reason[] }) =>
  canonical([r.action, r.targetId, r.changes, r.reasons.map((x) => [x.field, x.key, x.params ?? null])]);

/** Stored rows read again (from their cells and the stored header) and planned against the records now. */
async function replan(tx: DbOrTx, actor: Actor, rec: repo.ImportRecord, stored: readonly repo.StoredRow[]) {
  const read = readRows(
    rec.kind,
    rec.header,
    stored.map((r) => ({ rowNo: r.rowNo, cells: r.cells })),
  );
  return planRows(tx, actor, rec.kind, read, { lock: true });
}

async function writeWarehouses(tx: DbOrTx, plan: WarehousePlan): Promise<{ rowNo: number; id: number }[]> {
  const creates = plan.rows.filter((r) => r.action === 'create');
  const ids = await insertWarehouses(
    tx,
    creates.map((r) => ({
      assecoId: r.values.asseco_id,
      name: r.values.name,
      address: r.values.address,
      nip: r.values.nip,
      email: r.values.email,
    })),
  );
  const existing = new Map(plan.existing.map((w) => [w.id, w]));
  await updateWarehouses(
    tx,
    plan.rows
      .filter((r) => r.action === 'update' && r.targetId !== null)
      .map((r) => {
        const before = existing.get(r.targetId as number);
        return {
          id: r.targetId as number,
          f: {
            assecoId: r.values.asseco_id,
            name: r.values.name,
            address: r.values.address,
            // An empty cell keeps what the warehouse has.
            nip: r.values.nip ?? before?.nip ?? null,
            email: r.values.email ?? before?.email ?? null,
          },
        };
      }),
  );
  return creates.map((r) => ({ rowNo: r.rowNo, id: ids.get(r.values.asseco_id) as number }));
}

const profileOf = (userId: number, v: PersonValues): ProfileUpsert | null =>
  [v.pesel, v.tax_office_code, v.street, v.postcode, v.city].some((x) => x !== null)
    ? {
        userId,
        pesel: v.pesel,
        taxOfficeCode: v.tax_office_code,
        street: v.street,
        postcode: v.postcode,
        city: v.city,
      }
    : null;

async function writePeople(tx: DbOrTx, actor: Actor, plan: PeoplePlan): Promise<{ rowNo: number; id: number }[]> {
  const creates = plan.rows.filter((r) => r.action === 'create');
  const ids = await insertPeople(
    tx,
    creates.map((r) => ({
      email: r.values.email,
      name: r.values.name,
      surname: r.values.surname,
      role: r.values.role as Role,
      assecoId: r.values.asseco_id,
      phone: r.values.phone,
    })),
  );
  const created = creates.map((r) => ({ row: r, id: ids.get(r.values.email.toLowerCase()) as number }));
  const updates = plan.rows.filter((r) => r.action === 'update' && r.targetId !== null);
  const before = new Map(plan.matches.map((m) => [m.id, m]));
  await updatePeople(
    tx,
    updates.map((r) => {
      const b = before.get(r.targetId as number);
      return {
        id: r.targetId as number,
        name: r.values.name,
        // An empty cell keeps what the person has.
        surname: r.values.surname ?? b?.surname ?? null,
        phone: r.values.phone ?? b?.phone ?? null,
        assecoId: r.values.asseco_id ?? b?.asseco_id ?? null,
      };
    }),
  );
  const idsOf = warehouseIdsOf(plan.warehouses);
  const links = [
    ...created.flatMap(({ row, id }) => idsOf(row.values).map((w) => ({ userId: id, warehouseId: w }))),
    ...updates.flatMap((r) => idsOf(r.values).map((w) => ({ userId: r.targetId as number, warehouseId: w }))),
  ];
  await linkMembers(tx, links, { createWallets: true });
  const profiles = [
    ...created.map(({ row, id }) => profileOf(id, row.values)),
    ...updates.map((r) => profileOf(r.targetId as number, r.values)),
  ].filter((p): p is ProfileUpsert => p !== null);
  await upsertProfiles(tx, profiles);
  await queueInvitations(
    tx,
    created.map((c) => c.id),
    actor.id,
  );
  return created.map(({ row, id }) => ({ rowNo: row.rowNo, id }));
}

/**
 * POST /api/onboarding/imports/{id}/apply: writes the preview in one transaction, if the records
 * still give the same plan (409 'onboarding.changed' with the new preview kept, otherwise).
 */
export async function applyImport(db: Db, actor: Actor, id: number, lang: Lang): Promise<OnboardingImport> {
  let outcome: { stale: Plan; stored: repo.StoredRow[] } | { applied: number; created: number; updated: number };
  try {
    outcome = await db.transaction(async (tx) => {
      const rec = await repo.findImport(tx, id, authorFilter(actor), { lock: true });
      if (!rec) throw notFound();
      if (rec.status !== 'previewed') throw new AppError(409, 'onboarding.notPreviewed');
      const stored = await repo.allRows(tx, id);
      const plan = await replan(tx, actor, rec, stored);
      const before = new Map(stored.map((r) => [r.rowNo, planKey(r)]));
      if (plan.rows.some((r) => before.get(r.rowNo) !== planKey(r))) return { stale: plan, stored };
      const counts = repo.countsOf(plan.rows);
      if (counts.toCreate + counts.toUpdate === 0) throw new AppError(409, 'onboarding.nothingToApply');
      const targets = plan.kind === 'warehouses' ? await writeWarehouses(tx, plan) : await writePeople(tx, actor, plan);
      await repo.setTargets(tx, id, targets);
      await repo.markApplied(tx, id);
      await recordChange(tx, {
        kind: 'onboardingImport.apply',
        object: 'onboardingImport',
        id,
        warehouseIds: actor.warehouseIds ?? undefined,
        details: { kind: plan.kind, created: counts.toCreate, updated: counts.toUpdate },
      });
      return { applied: id, created: counts.toCreate, updated: counts.toUpdate };
    });
  } catch (err) {
    // Someone took an e-mail or an asseco id between the check and the write: plan it again.
    if (!uniqueViolation(err)) throw err;
    outcome = await db.transaction(async (tx) => {
      const rec = await repo.findImport(tx, id, authorFilter(actor), { lock: true });
      if (!rec) throw notFound();
      const stored = await repo.allRows(tx, id);
      return { stale: await replan(tx, actor, rec, stored), stored };
    });
  }
  if ('stale' in outcome) {
    const { stale, stored } = outcome;
    const cells = new Map(stored.map((r) => [r.rowNo, r.cells]));
    const rows = toStored(stale.rows, cells);
    await db.transaction((tx) => repo.replacePlan(tx, id, rows, repo.countsOf(rows)));
    throw new AppError(409, 'onboarding.changed');
  }
  const rec = await repo.findImport(db, id, null);
  if (!rec) throw notFound();
  return importJson(db, rec, {
    message: translate(lang, 'onboarding.applied', { created: outcome.created, updated: outcome.updated }),
  });
}

export async function cancelImport(db: Db, actor: Actor, id: number, lang: Lang): Promise<OnboardingImport> {
  await db.transaction(async (tx) => {
    const rec = await repo.findImport(tx, id, authorFilter(actor));
    if (!rec) throw notFound();
    if (!(await repo.markCancelled(tx, id))) throw new AppError(409, 'onboarding.notPreviewed');
    await recordChange(tx, {
      kind: 'onboardingImport.cancel',
      object: 'onboardingImport',
      id,
      warehouseIds: actor.warehouseIds ?? undefined,
    });
  });
  const after = await repo.findImport(db, id, null);
  if (!after) throw notFound();
  return importJson(db, after, { message: translate(lang, 'onboarding.cancelled') });
}
