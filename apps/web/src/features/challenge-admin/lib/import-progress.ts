import { SALES_IMPORT_RUNNING, type SalesImport } from '@incentive/contracts';

/** True while the import is still read, waiting its turn, checked or paid (the page follows it). */
export const isImportRunning = (i: Pick<SalesImport, 'status'> | undefined) =>
  i !== undefined && SALES_IMPORT_RUNNING.includes(i.status);

/** Rows the job has finished with so far (paid, refused, skipped, held, summary lines): its progress while paying. */
export const rowsFinished = (i: SalesImport) =>
  i.rows_accepted + i.rows_rejected + i.rows_skipped + i.rows_held + i.rows_summary;

/**
 * The share done of a running import's current step, 0–100, or null when there is nothing to
 * measure (reading the file, waiting in the queue: the bar then only moves). Checking counts rows
 * resolved, paying the rows finished; never above 100 (a summary line may be counted twice).
 */
export function stepPercent(i: SalesImport): number | null {
  const part = i.status === 'checking' ? i.rows_checked : i.status === 'applying' ? rowsFinished(i) : null;
  if (part === null) return null;
  return i.rows_total > 0 ? Math.min(100, Math.round((part / i.rows_total) * 100)) : 0;
}

/**
 * How long to wait before asking again after `polls` answers: every second at first, then half a
 * second more each time up to every 3 s (a 200,000-row import runs a minute or two: a page left
 * open asks at most about 20 times a minute after the first seconds, not 60).
 */
export function pollDelay(polls: number): number {
  return Math.min(3_000, 1_000 + Math.max(0, polls - 5) * 500);
}
