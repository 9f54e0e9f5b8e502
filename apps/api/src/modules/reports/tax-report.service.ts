import {
  type Lang,
  type Paged,
  TAX_REPORT_KINDS,
  type TaxReportKind,
  type TaxReportMissingRow,
  type TaxReportSummary,
  type TaxReportTotals,
  translate,
} from '@incentive/contracts';
import { taxOfficeName } from '@incentive/contracts/tax-offices';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvMoney } from '../../lib/csv.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { readSettings } from '../settings/settings.service.ts';
import { statementPdf } from './statement-pdf.ts';
import * as repo from './tax-report.repo.ts';

/*
 * The year-end tax report (issue 30 point 4, decision 062). Every figure comes from the ledger in
 * one statement (tax-report.repo.ts); before anything leaves, each person's kinds must add up to
 * their total and everyone's totals to the year's earning entries summed straight from the ledger.
 * A report that does not is refused (409), never handed to an accountant.
 */

/** The tax fields a report needs, in the order the columns show them. */
const TAX_FIELDS = ['pesel', 'tax_office_code', 'street', 'postcode', 'city'] as const;
const FIELD_KEY = {
  pesel: 'taxReport.col.pesel',
  tax_office_code: 'taxReport.col.taxOffice',
  street: 'taxReport.col.street',
  postcode: 'taxReport.col.postcode',
  city: 'taxReport.col.city',
} as const;

const missingOf = (r: repo.ReportRow) => TAX_FIELDS.filter((f) => !r[f]);
const fullName = (r: { name: string; surname: string | null }) => [r.name, r.surname].filter(Boolean).join(' ');

const unbalanced = () => new AppError(409, 'taxReport.unbalanced');

/** The year's rows, proved: each person's kinds add up to their total, and all totals to the ledger's. */
async function provedRows(db: Db, year: number): Promise<{ rows: repo.ReportRow[]; ledger: number; report: number }> {
  const [rows, ledger] = await Promise.all([repo.yearRows(db, year), repo.ledgerYearTotal(db, year)]);
  for (const r of rows) {
    if (r.quiz + r.survey + r.challenge + r.corrections !== r.total) throw unbalanced();
  }
  const report = rows.reduce((s, r) => s + r.total, 0);
  return { rows, ledger, report };
}

const totalsOf = (rows: readonly repo.ReportRow[]): TaxReportTotals => {
  const sum = (k: TaxReportKind | 'total') => formatGrosze(rows.reduce((s, r) => s + r[k], 0));
  return {
    quiz: sum('quiz'),
    survey: sum('survey'),
    challenge: sum('challenge'),
    corrections: sum('corrections'),
    total: sum('total'),
  };
};

export async function taxYearSummary(db: Db, year: number): Promise<TaxReportSummary> {
  const [{ rows, ledger, report }, years] = await Promise.all([provedRows(db, year), repo.rewardYears(db)]);
  const missing = rows.filter((r) => missingOf(r).length > 0).length;
  return {
    year,
    years,
    people: rows.length,
    complete: rows.length - missing,
    missing,
    totals: totalsOf(rows),
    check: { ledger_total: formatGrosze(ledger), report_total: formatGrosze(report), ok: ledger === report },
  };
}

/** The people paid in the year whose tax data is missing, by surname, paged. */
export async function taxYearMissing(
  db: Db,
  q: { year: number; page: number; per_page: number; order: 'asc' | 'desc' },
  lang: Lang,
): Promise<Paged<TaxReportMissingRow>> {
  const { rows } = await provedRows(db, q.year);
  const missing = rows.filter((r) => missingOf(r).length > 0);
  if (q.order === 'desc') missing.reverse();
  const page = missing.slice(offsetOf(q.page, q.per_page), offsetOf(q.page, q.per_page) + q.per_page);
  return paged(
    page.map((r) => ({
      id: r.user_id,
      name: fullName(r),
      email: r.email,
      asseco_id: r.asseco_id,
      role: r.role,
      missing: missingOf(r).map((f) => translate(lang, FIELD_KEY[f])),
      total: formatGrosze(r.total),
    })),
    missing.length,
    q.page,
    q.per_page,
  );
}

export interface TaxReportFile {
  header: string[];
  complete: string[][];
  missing: string[][];
  /** The same rows with amounts as numbers, for the XLSX. */
  numbers: { complete: (string | number)[][]; missing: (string | number)[][] };
}

/**
 * The accountant's file: one row per person paid in the year (identification, tax data, the year's
 * rewards by kind and in all), those with complete tax data first, those without listed apart.
 */
export async function taxYearFile(db: Db, year: number, lang: Lang): Promise<TaxReportFile> {
  const { rows, ledger, report } = await provedRows(db, year);
  if (ledger !== report) throw unbalanced();
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(lang, key, params);
  const header = [
    t('taxReport.col.assecoId'),
    t('taxReport.col.name'),
    t('taxReport.col.surname'),
    t('taxReport.col.email'),
    t('taxReport.col.role'),
    t('taxReport.col.pesel'),
    t('taxReport.col.taxOfficeCode'),
    t('taxReport.col.taxOffice'),
    t('taxReport.col.street'),
    t('taxReport.col.postcode'),
    t('taxReport.col.city'),
    ...TAX_REPORT_KINDS.map((k) => t(`taxReport.kind.${k}`)),
    t('taxReport.kind.total'),
    t('taxReport.col.taxData'),
  ];
  const cells = (r: repo.ReportRow, money: (g: number) => string | number) => {
    const missing = missingOf(r);
    return [
      r.asseco_id ?? '',
      r.name,
      r.surname ?? '',
      r.email,
      translate(lang, `onboarding.role.${r.role}`),
      r.pesel ?? '',
      r.tax_office_code ?? '',
      r.tax_office_code ? (taxOfficeName(r.tax_office_code) ?? '') : '',
      r.street ?? '',
      r.postcode ?? '',
      r.city ?? '',
      ...TAX_REPORT_KINDS.map((k) => money(r[k])),
      money(r.total),
      missing.length === 0
        ? t('taxReport.complete')
        : t('taxReport.missingFields', { fields: missing.map((f) => t(FIELD_KEY[f])).join(', ') }),
    ];
  };
  const complete = rows.filter((r) => missingOf(r).length === 0);
  const missing = rows.filter((r) => missingOf(r).length > 0);
  const text = (g: number) => csvMoney(formatGrosze(g), lang);
  const number = (g: number) => g / 100;
  return {
    header,
    complete: complete.map((r) => cells(r, text).map(String)),
    missing: missing.map((r) => cells(r, text).map(String)),
    numbers: { complete: complete.map((r) => cells(r, number)), missing: missing.map((r) => cells(r, number)) },
  };
}

/** The XLSX: the people with complete tax data on the first sheet, the others on a sheet of their own. */
export async function taxYearXlsx(file: TaxReportFile, year: number, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const moneyFrom = 11;
  const moneyTo = moneyFrom + TAX_REPORT_KINDS.length;
  for (const [name, rows] of [
    [translate(lang, 'taxReport.sheet.all', { year }), file.numbers.complete],
    [translate(lang, 'taxReport.sheet.missing'), file.numbers.missing],
  ] as const) {
    const sheet = book.addWorksheet(name.slice(0, 31));
    sheet.columns = file.header.map((h, i) => ({
      header: h,
      width: Math.max(12, Math.min(40, h.length + 4)),
      style: i >= moneyFrom && i <= moneyTo ? { numFmt: '#,##0.00' } : { numFmt: '@' },
    }));
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) sheet.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The years a rep was paid rewards in, newest first. */
export const statementYears = (db: Db, userId: number) => repo.rewardYears(db, userId);

/** GET /api/profile/statement: the signed-in rep's own yearly statement as a PDF (404 for a year without rewards). */
export async function statement(db: Db, userId: number, year: number, lang: Lang): Promise<Buffer> {
  const [rows, settings] = await Promise.all([repo.yearRows(db, year, userId), readSettings(db)]);
  const row = rows[0];
  if (!row) throw new AppError(404, 'taxReport.noRewards', { year });
  if (row.quiz + row.survey + row.challenge + row.corrections !== row.total) throw unbalanced();
  return statementPdf({
    lang,
    year,
    organiser: { name: settings.organiser, address: settings.address },
    person: {
      name: fullName(row),
      email: row.email,
      assecoId: row.asseco_id,
      pesel: row.pesel,
      address: [row.street, [row.postcode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      taxOffice: row.tax_office_code
        ? `${taxOfficeName(row.tax_office_code) ?? ''} (${row.tax_office_code})`.trim()
        : null,
      complete: missingOf(row).length === 0,
    },
    amounts: TAX_REPORT_KINDS.map((k) => ({ kind: k, grosze: row[k] })),
    total: row.total,
  });
}
