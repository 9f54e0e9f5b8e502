/*
 * Sales-results imports (issue 15): an admin uploads the wholesalers' ERP export (CSV or XLSX);
 * each row (document, line, sale date, warehouse asseco id, rep asseco id, product code, quantity)
 * is validated; accepted rows pay the challenge reward of their product on their date. A row already
 * imported (same document and line) is skipped, so a file imported twice changes nothing.
 */
import { z } from 'zod';
import {
  SALES_HELD_REASONS,
  SALES_IMPORT_COLUMNS,
  SALES_IMPORT_ENCODINGS,
  SALES_IMPORT_LIMITS,
  SALES_IMPORT_RUNNING,
  SALES_IMPORT_STATUSES,
  SALES_PLAUSIBILITY,
  SALES_ROW_ERRORS,
  type SalesHeldReason,
  type SalesImportColumn,
  type SalesImportEncoding,
  type SalesImportStatus,
  type SalesRowError,
} from './challenge-limits.ts';
import { moneySchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';
import { plnAmountSchema } from './wallet.ts';

export {
  SALES_HELD_REASONS,
  SALES_IMPORT_COLUMNS,
  SALES_IMPORT_ENCODINGS,
  SALES_IMPORT_LIMITS,
  SALES_IMPORT_RUNNING,
  SALES_IMPORT_STATUSES,
  SALES_PLAUSIBILITY,
  SALES_ROW_ERRORS,
  type SalesHeldReason,
  type SalesImportColumn,
  type SalesImportEncoding,
  type SalesImportStatus,
  type SalesRowError,
};

/**
 * POST /api/sales-imports, multipart/form-data: the text field `encoding` (optional, default auto;
 * it must come before the file part) and the file part `file` (.csv or .xlsx; the type is decided by
 * the bytes, not the name). The answer is the finished import (201), or 422 when the file as a
 * whole is refused (wrong columns, encoding, type, too many rows), nothing of it applied.
 */
export const salesImportFieldsSchema = z.object({
  encoding: z.enum(SALES_IMPORT_ENCODINGS, { error: 'sales.encodingInvalid' }).default('auto'),
});
export type SalesImportFields = z.infer<typeof salesImportFieldsSchema>;

/** One import, as the history lists it and as POST answers it. */
export const salesImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  /** 'csv' or 'xlsx'; null when the file was refused before its type was known. */
  format: z.enum(['csv', 'xlsx']).nullable(),
  /** The encoding a CSV was read in ('utf-8' or 'windows-1250'); null for XLSX. */
  encoding: z.enum(['utf-8', 'windows-1250']).nullable(),
  status: z.enum(SALES_IMPORT_STATUSES),
  /** Why a failed import was refused, in the caller's language. */
  error: z.string().nullable(),
  rows_total: z.number().int(),
  rows_accepted: z.number().int(),
  /** Rows already imported before (same document and line): skipped, nothing paid again. */
  rows_skipped: z.number().int(),
  rows_rejected: z.number().int(),
  /** Totals rows ('Razem', 'Suma', a row with no document): skipped and counted, not refused. */
  rows_summary: z.number().int(),
  /** Money posted to reps' wallets by this import. */
  amount: moneySchema,
  /** What its correction lines (negative quantities) took back from reps. */
  amount_corrected: moneySchema,
  reps_count: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  reverted_at: z.string().nullable(),
  reverted_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** True while it may be reverted: applied, and every rep still holds the money it got from it. */
  can_revert: z.boolean(),
  /**
   * Progress of a running import (decision 050). While staging, rows_total counts the rows read so
   * far; while checking, rows_checked counts the rows resolved; rows_accepted, rows_rejected,
   * rows_skipped and amount grow as the money is posted rep by rep.
   */
  rows_checked: z.number().int(),
  /** Rows held for an admin's decision (too many units, or the rep's total too high): not paid yet. */
  rows_held: z.number().int(),
  /** What the held rows would pay. */
  amount_held: moneySchema,
  /** While queued: 1 when it is next; null otherwise. */
  queue_position: z.number().int().nullable(),
  /** When it was applied or failed; null while running. */
  finished_at: z.string().nullable(),
  message: z.string().optional(),
});
export type SalesImport = z.infer<typeof salesImportSchema>;

export const SALES_IMPORT_SORT_FIELDS = ['created_at', 'id'] as const;

/** GET /api/sales-imports: the history, newest first. */
export const salesImportListQuerySchema = pagedQuerySchema(SALES_IMPORT_SORT_FIELDS, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});
export type SalesImportListQuery = z.infer<typeof salesImportListQuerySchema>;

/*
 * GET /api/sales-imports/{id}/rejected.csv: the report of refused rows (Excel CSV, like every export):
 * row number in the file, the row's cells as read, and the reason in the caller's language.
 * POST /api/sales-imports/{id}/revert: undoes an applied import by compensating ledger entries;
 * 409 'sales.revertWithdrawn' when a rep no longer holds the money, 409 'sales.notApplied' otherwise.
 */

/**
 * GET /api/sales-imports/manager-reclaims: money sales imports had credited to regional managers
 * (who cannot see or withdraw it), moved back out through the ledger by migration 0020 (decision
 * 045), newest first. Each is a manager_reclaim ledger entry, kept.
 */
export const managerReclaimSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  amount: moneySchema,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ManagerReclaim = z.infer<typeof managerReclaimSchema>;
export const managerReclaimListSchema = z.object({ data: z.array(managerReclaimSchema) });
export type ManagerReclaimList = z.infer<typeof managerReclaimListSchema>;

/**
 * GET /api/sales-imports/{id}/held: the rows of an import held for a decision (paged, file order).
 * `amount` is what the row would pay at its reward; `reason` a SALES_HELD_REASONS key, `reason_text`
 * in the caller's language.
 */
export const salesHeldRowSchema = z.object({
  row_no: z.number().int(),
  document: z.string(),
  line: z.string(),
  sold_on: z.string(),
  warehouse: z.string(),
  rep: z.object({ id: z.number().int(), asseco_id: z.string(), name: z.string() }),
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  challenge: z.object({ id: z.number().int(), name: z.string() }),
  quantity: z.number().int(),
  amount: moneySchema,
  reason: z.enum(SALES_HELD_REASONS),
  reason_text: z.string(),
});
export type SalesHeldRow = z.infer<typeof salesHeldRowSchema>;

export const SALES_HELD_SORT_FIELDS = ['row_no'] as const;
export const salesHeldListQuerySchema = pagedQuerySchema(SALES_HELD_SORT_FIELDS, 'row_no');
export type SalesHeldListQuery = z.infer<typeof salesHeldListQuerySchema>;

/**
 * POST /api/sales-imports/{id}/held/confirm and /held/reject: the rows chosen by their row numbers,
 * or all held rows of the import. Confirming pays them in one transaction (their rep's total from
 * the import stays within MAX_AMOUNT_GROSZE, else 422 'sales.held.overCap'); rejecting puts them in
 * the import's report of refused rows. Answers the import, with `message`.
 */
export const salesHeldDecisionSchema = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z
      .object({
        rows: z
          .array(z.number().int().min(1), { error: 'errors.validation' })
          .min(1, { error: 'errors.validation' })
          .max(1_000, { error: 'errors.validation' }),
      })
      .strict(),
  ],
  { error: 'errors.validation' },
);
export type SalesHeldDecision = z.infer<typeof salesHeldDecisionSchema>;

/**
 * GET and PUT /api/sales-imports/settings: the plausibility limits (SALES_PLAUSIBILITY). Applies to
 * imports checked after the change.
 */
export const salesImportSettingsSchema = z.object({
  max_row_quantity: z.number().int(),
  max_rep_amount: moneySchema,
  updated_at: z.string().nullable(),
});
export type SalesImportSettings = z.infer<typeof salesImportSettingsSchema>;

export const salesImportSettingsBodySchema = z.object({
  max_row_quantity: z.coerce
    .number({ error: 'sales.settings.quantityInvalid' })
    .int({ error: 'sales.settings.quantityInvalid' })
    .min(1, { error: 'sales.settings.quantityInvalid' })
    .max(SALES_PLAUSIBILITY.maxRowQuantity, { error: 'sales.settings.quantityInvalid' }),
  /** PLN (grosze after parsing): at least 1.00, at most MAX_AMOUNT_GROSZE. */
  max_rep_amount: plnAmountSchema.refine((g) => g >= 100, { error: 'sales.settings.amountInvalid' }),
});
export type SalesImportSettingsBody = z.infer<typeof salesImportSettingsBodySchema>;
