import type { Readable } from 'node:stream';
import {
  isMessageKey,
  type Lang,
  type ManagerReclaimList,
  type Paged,
  SALES_IMPORT_LIMITS,
  type SalesImport,
  type SalesImportEncoding,
  type SalesImportListQuery,
  translate,
} from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { csvStream } from '../../lib/csv.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
import { prefetchFirst } from '../../lib/prefetch.ts';
import { drainUpload, HEADER_SEARCH_LINES, openTableFile } from '../../lib/table-file.ts';
import { recordChange } from '../audit/audit.service.ts';
import { enqueueJob, queuePositions } from '../jobs/index.ts';
import { lockWalletsAvailable, postMany } from '../wallet/wallet.service.ts';
import { matchColumns } from './sales-columns.ts';
import { rejectPending } from './sales-held.service.ts';
import * as jobRepo from './sales-import-job.repo.ts';
import { runSalesImport, SALES_IMPORT_JOB, type SalesImportPayload } from './sales-import-job.ts';
import * as repo from './sales-imports.repo.ts';
import { correctionReversalReason, MANAGER_RECLAIM_REASON, salesText } from './sales-reasons.ts';
import { checkRow, isSummaryRow, type RowCells, type StagedRow } from './sales-row.ts';

/*
 * A sales-results import (docs/decisions/026, 050): the upload request reads the file as a stream
 * into staged rows (short statements, nothing paid) and queues the import's background job
 * (sales-import-job.ts), which checks and pays it in short steps.
 */

/** Rows per INSERT while staging: large enough to cost little, short enough for PGlite to stay responsive. */
const BATCH = 1_000;

export interface Upload {
  fileName: string;
  encoding: SalesImportEncoding;
  /** The file's chunks as they arrive. */
  chunks: AsyncIterator<Buffer>;
  /** True when the upload went over the size limit (busboy cut it short). */
  truncated: () => boolean;
}

/** A refusal of the whole file: the message key, and its parameters after a space as JSON. */
function storedError(err: AppError): string {
  return Object.keys(err.params).length ? `${err.key} ${JSON.stringify(err.params)}` : err.key;
}

function errorText(stored: string | null, lang: Lang): string | null {
  if (!stored) return null;
  const space = stored.indexOf(' ');
  const key = space < 0 ? stored : stored.slice(0, space);
  let params: Record<string, string | number> = {};
  if (space >= 0) {
    try {
      params = JSON.parse(stored.slice(space + 1));
    } catch {
      params = {};
    }
  }
  return isMessageKey(key) ? translate(lang, key, params) : stored;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function present(r: repo.ImportRow, lang: Lang, queue: Map<number, number | null>): SalesImport {
  return {
    id: r.id,
    file_name: r.file_name,
    format: r.format,
    encoding: r.encoding,
    status: r.status,
    error: errorText(r.error, lang),
    rows_total: r.rows_total,
    rows_accepted: r.rows_accepted,
    rows_skipped: r.rows_skipped,
    rows_rejected: r.rows_rejected,
    rows_summary: r.rows_summary,
    amount: formatGrosze(r.amount),
    amount_corrected: formatGrosze(r.amount_corrected),
    reps_count: r.reps_count,
    created_by: r.created_by_id === null ? null : { id: r.created_by_id, name: r.created_by_name ?? '' },
    created_at: iso(r.created_at) ?? '',
    reverted_at: iso(r.reverted_at),
    reverted_by: r.reverted_by_id === null ? null : { id: r.reverted_by_id, name: r.reverted_by_name ?? '' },
    can_revert: r.can_revert,
    rows_checked: r.rows_checked,
    rows_held: r.rows_held,
    amount_held: formatGrosze(r.amount_held),
    queue_position: r.status === 'queued' && r.job_id !== null ? (queue.get(r.job_id) ?? null) : null,
    finished_at: iso(r.finished_at),
  };
}

/** Where each queued import's job stands in the queue (1: next). */
async function queueOf(db: Db, rows: readonly repo.ImportRow[]): Promise<Map<number, number | null>> {
  const jobs = rows.filter((r) => r.status === 'queued' && r.job_id !== null).map((r) => r.job_id as number);
  return jobs.length === 0 ? new Map() : queuePositions(db, jobs);
}

const tooLarge = () => new AppError(413, 'sales.fileTooLarge');
const isTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** What a file's rows came to while staging: data rows, and totals rows skipped. */
interface Staged {
  rows: number;
  summary: number;
}

/**
 * Streams the file into staged rows. The header row is looked for among the first rows of each
 * worksheet in turn (ERP reports put a title, a date line or a merged title cell above it): the
 * first sheet that has the columns is read, the rest of the file is not. Totals rows are counted
 * and skipped. Refusals throw AppError.
 */
async function stage(
  db: Db,
  id: number,
  upload: Upload,
  stopping?: AbortSignal,
  betweenBatches?: () => Promise<void>,
): Promise<Staged> {
  const file = await openTableFile(upload.chunks, upload.encoding);
  await repo.setFileInfo(db, id, { format: file.format, encoding: file.encoding });
  let at: Extract<ReturnType<typeof matchColumns>, { ok: true }>['at'] | null = null;
  let headerSheet = 0;
  /** The closest a row came to a header: its missing columns name the refusal. */
  let fewestMissing: string[] | null = null;
  let searchSheet = 0;
  let searched = 0;
  let rows = 0;
  let summary = 0;
  let batch: StagedRow[] = [];
  for await (const record of file.records) {
    if (!at) {
      if (record.sheet !== searchSheet) [searchSheet, searched] = [record.sheet, 0];
      if (searched >= HEADER_SEARCH_LINES) continue;
      searched++;
      const match = matchColumns(record.cells);
      if (match.ok) [at, headerSheet] = [match.at, record.sheet];
      else if (!fewestMissing || match.missing.length < fewestMissing.length) fewestMissing = match.missing;
      continue;
    }
    // Only the sheet with the header holds the sales.
    if (record.sheet !== headerSheet) break;
    if (isSummaryRow(record.cells[at.document] ?? '', record.cells[0] ?? '')) {
      summary++;
      continue;
    }
    rows++;
    if (rows > SALES_IMPORT_LIMITS.rows) throw new AppError(422, 'sales.tooManyRows');
    const cells = {} as RowCells;
    for (const [column, index] of Object.entries(at) as [keyof RowCells, number][]) {
      cells[column] = record.cells[index] ?? '';
    }
    batch.push(checkRow(record.rowNo, cells));
    if (batch.length >= BATCH) {
      // The server is stopping: the upload ends here, failed, and nothing of it is staged.
      if (stopping?.aborted) throw new AppError(503, 'sales.interrupted');
      await betweenBatches?.();
      await repo.insertRows(db, id, batch);
      batch = [];
    }
  }
  if (upload.truncated()) throw tooLarge();
  if (!at) {
    if (!fewestMissing) throw new AppError(422, 'sales.empty');
    throw new AppError(422, 'sales.columnsMissing', { columns: fewestMissing.join(', ') });
  }
  await repo.insertRows(db, id, batch);
  if (rows === 0) throw new AppError(422, 'sales.empty');
  return { rows, summary };
}

/**
 * Receives one uploaded file: the history row first (so even a refused file is on record), the rows
 * staged as they stream in, then, in one transaction, the import queued with its job. A refused file
 * ends failed with nothing staged (422 or 413), as does one cut by a stopping server (503); a crash
 * in between leaves it in staging, which a later start of the app, or a later import, marks failed.
 */
export async function importSales(
  db: Db,
  userId: number,
  upload: Upload,
  lang: Lang,
  stopping?: AbortSignal,
  opts: {
    job?: boolean;
    /** Awaited before each staged batch: on PGlite, the other requests go first (app.jobs.requestsFirst). */
    betweenBatches?: () => Promise<void>;
  } = {},
): Promise<SalesImport> {
  await failInterruptedImports(db);
  const id = await repo.createImport(db, upload.fileName.slice(0, 255) || 'sales.csv', userId);
  const counted = { bytes: 0 };
  const source = upload.chunks;
  const chunks: AsyncIterator<Buffer> = {
    async next() {
      const next = await source.next();
      if (!next.done) counted.bytes += next.value.length;
      return next;
    },
  };
  let staged: { rows: number; summary: number } = { rows: 0, summary: 0 };
  try {
    staged = await stage(db, id, { ...upload, chunks }, stopping, opts.betweenBatches);
    if (stopping?.aborted) throw new AppError(503, 'sales.interrupted');
  } catch (err) {
    await drainUpload(chunks);
    // A file cut at the size limit may fail to parse first (a ZIP without its end): the size is the reason.
    const refusal = upload.truncated() || isTooLarge(err) ? tooLarge() : err instanceof AppError ? err : null;
    await repo.failImport(db, id, refusal ? storedError(refusal) : 'sales.unreadable', staged.rows);
    throw refusal ?? err;
  }
  // The size and the row count are known only at the end of the stream.
  await db.transaction(async (tx) => {
    const jobId =
      opts.job === false
        ? null
        : await enqueueJob(tx, SALES_IMPORT_JOB, { importId: id } satisfies SalesImportPayload, {
            createdBy: userId,
          });
    await jobRepo.queueImport(tx, id, {
      fileBytes: counted.bytes,
      rowsTotal: staged.rows,
      rowsSummary: staged.summary,
      jobId,
    });
    await recordChange(tx, {
      kind: 'salesImport.upload',
      object: 'salesImport',
      id,
      actor: { id: userId },
      details: { file_name: upload.fileName.slice(0, 255), bytes: counted.bytes, rows: staged.rows },
    });
  });
  return getImport(db, id, lang);
}

/**
 * Stages a file and checks and applies it in this call, by the job's own steps but without the job
 * queue: for the demo seed and scripts, which run no worker.
 */
export async function importSalesNow(db: Db, userId: number, upload: Upload, lang: Lang): Promise<SalesImport> {
  const queued = await importSales(db, userId, upload, lang, undefined, { job: false });
  await runSalesImport(db, queued.id, {
    pause: () => new Promise((resolve) => setImmediate(resolve)),
    progress: async () => {},
  });
  return getImport(db, queued.id, lang);
}

export async function getImport(db: Db, id: number, lang: Lang): Promise<SalesImport> {
  const row = await repo.findImport(db, id);
  if (!row) throw notFound('sales.notFound');
  return present(row, lang, await queueOf(db, [row]));
}

export async function listImports(db: Db, q: SalesImportListQuery, lang: Lang): Promise<Paged<SalesImport>> {
  const { rows, total } = await repo.listImports(db, {
    order: q.order,
    sort: q.sort,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
    search: searchTerm(q.search),
  });
  const queue = await queueOf(db, rows);
  return paged(
    rows.map((r) => present(r, lang, queue)),
    total,
    q.page,
    q.per_page,
  );
}

/**
 * How many of the import's reps no longer hold what it paid them (their available money is less),
 * their wallets locked by the wallet's own lock (user-id order, as the ledger's bulk posting).
 */
async function repsShortOf(tx: DbOrTx, id: number): Promise<number> {
  const paid = await repo.paidPerRep(tx, id);
  const available = await lockWalletsAvailable(tx, [...paid.keys()], { create: false });
  return [...paid].filter(([userId, amount]) => (available.get(userId) ?? 0) < amount).length;
}

/**
 * Undoes an applied import in one transaction: a challenge_reversal for every reward it posted,
 * its sales reverted (their lines may be imported again) and taken off the challenge earnings.
 * Refused while any rep no longer holds what the import paid it.
 */
export async function revertImport(db: Db, id: number, by: number, lang: Lang): Promise<SalesImport> {
  await db.transaction(async (tx) => {
    await repo.lockImports(tx);
    const found = await repo.importStatusForUpdate(tx, id);
    if (!found) throw notFound('sales.notFound');
    if (found.status !== 'applied') throw new AppError(409, 'sales.notApplied');
    const short = await repsShortOf(tx, id);
    if (short > 0) throw new AppError(409, 'sales.revertWithdrawn', { count: short });
    // Rows still held are never paid once the import is undone.
    await rejectPending(tx, id, null);
    const groups = await repo.paidByImport(tx, id);
    // A reward is taken back; a correction is given back (what it took, and what it left owed:
    // the money given back settles what is still owed first).
    await postMany(
      tx,
      groups.map((g) => ({
        userId: g.user_id,
        kind: g.correction ? 'sale_correction_reversal' : 'challenge_reversal',
        amount: Math.abs(g.amount),
        sourceType: 'challenge',
        sourceId: `${id}:${g.challenge_id}`,
        reason: g.correction
          ? correctionReversalReason({ challenge: g.challenge_name, id })
          : translate('pl', 'sales.ledgerReversalReason', { challenge: g.challenge_name, id }),
        createdBy: by,
      })),
    );
    await repo.revertSales(tx, id, by);
    await recordChange(tx, { kind: 'salesImport.revert', object: 'salesImport', id, details: { reps: groups.length } });
  });
  return getImport(db, id, lang);
}

/** Regional-manager money moved out through the ledger (decision 045), for the admin. */
export async function listManagerReclaims(db: Db): Promise<ManagerReclaimList> {
  const rows = await repo.managerReclaims(db, 1000);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      user: { id: Number(r.user_id), name: r.name ?? '', email: r.email },
      amount: formatGrosze(Number(r.amount)),
      reason: r.reason,
      created_at: iso(r.created_at) ?? '',
    })),
  };
}

/**
 * What migration 0020 runs once: a regional manager's import money leaves its wallet through a
 * manager_reclaim entry with its reason (decision 045). In one transaction; safe to run again.
 */
export async function reclaimRegionalManagerMoney(db: Db): Promise<number> {
  return db.transaction((tx) => repo.reclaimRegionalManagerMoney(tx, MANAGER_RECLAIM_REASON));
}

/**
 * An import reads and stages its file in well under this (50 MB, 200,000 rows): one still in
 * staging after it was left by a process that stopped.
 */
export const STALE_STAGING_MINUTES = 30;

/** Marks imports a stopped process left in staging as failed (at start-up and before each import). */
export async function failInterruptedImports(db: Db): Promise<number> {
  return repo.failStaleImports(db, 'sales.interrupted', STALE_STAGING_MINUTES);
}

const REJECTED_COLUMNS = ['row', 'document', 'line', 'soldOn', 'warehouse', 'rep', 'product', 'quantity', 'reason'];

/** The report of an import's refused rows (Excel CSV), streamed in file order. */
export async function rejectedCsv(db: Db, id: number, lang: Lang): Promise<Readable> {
  const found = await repo.findImport(db, id);
  if (!found) throw notFound('sales.notFound');
  return csvStream(
    REJECTED_COLUMNS.map((c) => translate(lang, `csv.salesRejected.${c}`)),
    await prefetchFirst(repo.rejectedRows(db, id)),
    (r) => [
      r.row_no,
      r.document,
      r.line,
      r.sold_on,
      r.warehouse,
      r.rep,
      r.product,
      r.quantity,
      salesText(lang, r.error) ?? (isMessageKey(r.error) ? translate(lang, r.error) : r.error),
    ],
  );
}
