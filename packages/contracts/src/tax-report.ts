/*
 * The year-end tax report (issue 30 point 4, decision 062): for a chosen year, every person paid
 * rewards in it, with their identification and tax data and the year's rewards by kind, built from
 * the ledger; the people whose tax data is missing listed apart. A rep downloads its own yearly
 * statement as a PDF.
 */
import { z } from 'zod';
import { moneySchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';

/** The kinds of reward a report adds up (each ledger kind that changes what a rep earned has one). */
export const TAX_REPORT_KINDS = ['quiz', 'survey', 'challenge', 'corrections'] as const;
export type TaxReportKind = (typeof TAX_REPORT_KINDS)[number];

/** The first year a report may be asked for, and how far ahead (none is ever for the future). */
export const TAX_REPORT_FIRST_YEAR = 2020;

const yearSchema = z.coerce
  .number({ error: 'taxReport.yearInvalid' })
  .int({ error: 'taxReport.yearInvalid' })
  .min(TAX_REPORT_FIRST_YEAR, { error: 'taxReport.yearInvalid' })
  .max(2100, { error: 'taxReport.yearInvalid' });

export const taxReportQuerySchema = z.object({ year: yearSchema });

export const taxReportExportQuerySchema = taxReportQuerySchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: 'onboarding.formatInvalid' }).default('xlsx'),
});

export const taxReportMissingQuerySchema = pagedQuerySchema(['name'] as const, 'name').extend({ year: yearSchema });

const totalsSchema = z.object({
  quiz: moneySchema,
  survey: moneySchema,
  challenge: moneySchema,
  corrections: moneySchema,
  total: moneySchema,
});
export type TaxReportTotals = z.infer<typeof totalsSchema>;

/** GET /api/reports/tax-year: the year's figures and the proof that they are the ledger's. */
export const taxReportSummarySchema = z.object({
  year: z.number().int(),
  /** The years with rewards, newest first. */
  years: z.array(z.number().int()),
  people: z.number().int(),
  complete: z.number().int(),
  missing: z.number().int(),
  totals: totalsSchema,
  /** The year's earning entries summed straight from the ledger, and whether the report adds up to them. */
  check: z.object({ ledger_total: moneySchema, report_total: moneySchema, ok: z.boolean() }),
});
export type TaxReportSummary = z.infer<typeof taxReportSummarySchema>;

/** A person paid in the year whose tax data is missing. */
export const taxReportMissingRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  asseco_id: z.string().nullable(),
  role: z.string(),
  /** The fields missing, by their Polish names. */
  missing: z.array(z.string()),
  total: moneySchema,
});
export type TaxReportMissingRow = z.infer<typeof taxReportMissingRowSchema>;

/** GET /api/profile/statement/years: the years a rep was paid rewards in, newest first. */
export const statementYearsSchema = z.object({ years: z.array(z.number().int()) });
