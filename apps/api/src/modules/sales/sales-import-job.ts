import { type Db, isPglite } from '../../db/client.ts';
import { importSeconds } from '../../lib/metrics.ts';
import { recordChange } from '../audit/audit.service.ts';
import { enqueueJob, type JobKind } from '../jobs/index.ts';
import { notifyAdmins } from '../notices/notices.service.ts';
import * as apply from './sales-apply.repo.ts';
import * as check from './sales-check.repo.ts';
import * as jobRepo from './sales-import-job.repo.ts';
import { lockImports } from './sales-imports.repo.ts';
import { payReady } from './sales-pay.ts';
import { currentLimits } from './sales-settings.service.ts';

/*
 * A sales import after its upload (decision 050): a background job of kind 'sales-import'
 * (exclusive: one at a time across processes, in the order they were queued). It checks the staged
 * rows a chunk of row numbers at a time, then pays them a chunk of reps at a time. Every step is one
 * short transaction that also moves the import's cursor, so a job stopped between steps (SIGTERM, a
 * crash) resumes where the last committed step left off and never pays a chunk twice. On PGlite,
 * one connection in the process, short steps are what lets every other request through meanwhile.
 */

export const SALES_IMPORT_JOB = 'sales-import';

/**
 * Rows per step, sized so each step is short on PGlite on disk (decision 050 has the measurements):
 * staged rows resolved per check statement, and ready rows paid per transaction (whole reps: a rep
 * with more is paid alone). Tests lower them to cross chunk boundaries with a few rows.
 */
export const CHUNKS = {
  check: 500,
  apply: 250,
  /**
   * On PostgreSQL a step holds no one else up (its own connection, row locks on the chunk's wallets
   * only), so its steps are this many times larger: fewer statements, about 15% less time at
   * 50,000 rows.
   */
  pgScale: 4,
};

const chunkSizes = (db: Db) => {
  const scale = isPglite(db) ? 1 : CHUNKS.pgScale;
  return { check: CHUNKS.check * scale, apply: CHUNKS.apply * scale };
};

export interface SalesImportPayload {
  importId: number;
}

/** What the job offers between steps: the jobs module's pause (throws when stopping) and progress. */
export interface Steps {
  pause(): Promise<void>;
  progress(p?: Record<string, unknown>): Promise<void>;
}

/**
 * Runs (or resumes) an import: queued → checking → applying → applied. Each stage continues from
 * the cursor stored on the import.
 */
export async function runSalesImport(db: Db, id: number, steps: Steps): Promise<void> {
  let imp = await jobRepo.importForJob(db, id);
  if (!imp) return;
  if (imp.status === 'queued') {
    await jobRepo.startChecking(db, id, await currentLimits(db));
    imp = await jobRepo.importForJob(db, id);
    if (!imp) return;
  }
  const limits = await currentLimits(db);
  const maxRowQuantity = imp.maxRowQuantity ?? limits.maxRowQuantity;
  const maxRepAmount = imp.maxRepAmount ?? limits.maxRepAmount;

  const sizes = chunkSizes(db);
  if (imp.status === 'checking') {
    let from = imp.checkedThrough;
    for (;;) {
      const to = await check.nextCheckBound(db, id, from, sizes.check);
      if (to === null) break;
      const after = from;
      await db.transaction(async (tx) => {
        const done = await check.checkChunk(tx, id, after, to, maxRowQuantity);
        await check.dropSkipped(tx, id, after, to);
        await jobRepo.advanceCheck(tx, id, to, done);
      });
      from = to;
      await steps.progress({ import: id, checked_through: to });
      await steps.pause();
    }
    await jobRepo.startApplying(db, id);
    imp = { ...imp, status: 'applying' };
  }

  if (imp.status === 'applying') {
    let after = imp.appliedThroughUser;
    for (;;) {
      const range = await apply.nextRepRange(db, id, after, sizes.apply);
      if (!range) break;
      after = await applyChunk(db, id, range, imp.createdBy, maxRepAmount);
      await steps.progress({ import: id, applied_through_user: after });
      await steps.pause();
    }
    const createdBy = imp.createdBy;
    await db.transaction(async (tx) => {
      await jobRepo.finishImport(tx, id);
      // On behalf of who uploaded the file (decision 064).
      await recordChange(tx, {
        kind: 'salesImport.apply',
        object: 'salesImport',
        id,
        actor: createdBy === null ? undefined : { id: createdBy },
      });
    });
  }
}

/**
 * One chunk of reps in one transaction: reps over the total held, the rest paid, the counters and
 * the cursor moved. Returns the cursor (the chunk's last rep).
 */
export async function applyChunk(
  db: Db,
  id: number,
  range: apply.RepRange,
  createdBy: number | null,
  maxRepAmount: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const through = await apply.lastRepOf(tx, id, range);
    const held = await apply.holdOverRepTotal(tx, id, range, maxRepAmount);
    const paid = await payReady(tx, id, range, createdBy);
    await jobRepo.advanceApply(tx, id, through, {
      accepted: paid.accepted,
      skipped: paid.skipped,
      rejected: paid.rejected,
      held: held.rows,
      heldAmount: held.amount,
      amount: paid.amount,
      amountCorrected: paid.amountCorrected,
      reps: paid.reps,
    });
    return through;
  });
}

export const salesImportJob: JobKind<SalesImportPayload> = {
  kind: SALES_IMPORT_JOB,
  exclusive: true,
  maxAttempts: 3,
  async run(ctx) {
    // import_duration_seconds (lib/metrics.ts): a run from its start to its end, however it ended.
    const end = importSeconds.startTimer({ kind: 'sales' });
    try {
      await runSalesImport(ctx.db, ctx.job.payload.importId, ctx);
      end({ outcome: 'done' });
    } catch (err) {
      end({ outcome: 'error' });
      throw err;
    }
  },
  /**
   * Failed for good: while checking nothing was paid, so the import is failed and its rows dropped;
   * while applying it stays applying with the reason, and gets a new job at the next start.
   */
  async onFailed(db, job) {
    const id = job.payload.importId;
    const error = (await jobRepo.failChecking(db, id, 'sales.jobFailed')) ? 'sales.jobFailed' : 'sales.applyRetry';
    if (error === 'sales.applyRetry') await jobRepo.markApplyFailed(db, id, error);
    // The back office is told (decision 065): the file's name and the reason, once per import and reason.
    const fileName = await jobRepo.fileNameOf(db, id);
    await notifyAdmins(db, {
      kind: 'salesImport.failed',
      key: `salesImport:${id}:${error}`,
      payload: { id, file: fileName, error },
    });
  },
};

/** Queues a new job for each import a failed job left applying (at start-up). Returns how many. */
export async function resumeStalledImports(db: Db): Promise<number> {
  const ids = await jobRepo.stalledApplying(db);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const jobId = await enqueueJob(tx, SALES_IMPORT_JOB, { importId: id } satisfies SalesImportPayload);
      await jobRepo.setJob(tx, id, jobId);
    });
  }
  return ids.length;
}
