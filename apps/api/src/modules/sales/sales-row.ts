import { SALES_IMPORT_LIMITS, type SalesImportColumn, type SalesRowError } from '@incentive/contracts';

/*
 * One row of a sales-results file, checked on its own (no database): required cells, the sale date,
 * a positive whole quantity, cell length. What needs the database (unknown rep, product, warehouse,
 * challenge dates, duplicates) is checked set-based when the import is applied.
 */

export type RowCells = Record<SalesImportColumn, string>;

export interface StagedRow extends RowCells {
  rowNo: number;
  error: SalesRowError | null;
}

/**
 * The reasons `checkRow` gives: a row refused by its own cells is no occurrence of its document line
 * (a later good row of the same line is not a duplicate).
 */
export const CELL_ERRORS: readonly SalesRowError[] = [
  'sales.row.cellTooLong',
  'sales.row.documentRequired',
  'sales.row.lineRequired',
  'sales.row.dateInvalid',
  'sales.row.quantityFraction',
  'sales.row.quantityInvalid',
];

/** The most units one line may carry: a guard against a typo (or a price in the quantity column). */
export const MAX_QUANTITY = 1_000_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An Excel date serial (days since 1899-12-30), perhaps with a time of day: a date cell read as a number. */
const EXCEL_SERIAL = /^(\d{5})(?:[.,]\d+)?$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_FIRST = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})$/;

/**
 * YYYY-MM-DD of a real calendar day, or null. Accepts YYYY-MM-DD, DD.MM.YYYY and DD-MM-YYYY, and an
 * Excel date serial (a date cell an ERP wrote without a date style arrives as its number: 46031).
 */
export function parseSaleDate(text: string): string | null {
  let y: number;
  let m: number;
  let d: number;
  const serial = EXCEL_SERIAL.exec(text);
  if (serial) {
    const day = new Date(EXCEL_EPOCH + Number(serial[1]) * 86_400_000);
    const year = day.getUTCFullYear();
    return year < 2000 || year > 2100 ? null : day.toISOString().slice(0, 10);
  }
  const iso = ISO.exec(text);
  const dayFirst = iso ? null : DAY_FIRST.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [d, m, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  if (y < 2000 || y > 2100) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Units as a whole number other than zero: positive for a sale, negative for a correction that
 * returns units (decision 044). ERP exports write quantities as numbers, sometimes with a zero
 * fraction ("12,0", "3.00"), thousands spaces ("1 200") or a Unicode minus: those are read as a
 * person means them. A real fraction ("12,5") is 'fraction'; "0", "abc" or a typo past the
 * limit are 'invalid'.
 */
export function parseQuantity(text: string): number | 'fraction' | 'invalid' {
  const compact = text.replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '').replace(/^[\u2212\u2013]/, '-');
  const m = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(compact);
  if (!m) return 'invalid';
  if (m[3] && /[1-9]/.test(m[3])) return 'fraction';
  const n = Number(m[2]);
  if (!Number.isSafeInteger(n) || n === 0 || n > MAX_QUANTITY) return 'invalid';
  return m[1] === '-' ? -n : n;
}

/** The first words of a totals line in ERP exports ('Razem:', 'SUMA', 'Ogółem', 'Total'). */
const TOTALS = /^(razem|suma|ogółem|ogolem|podsumowanie|total|sum)\b/i;

/**
 * A totals row of an ERP report, skipped and counted rather than refused: it has no document, or
 * its document (or first) cell opens with 'Razem', 'Suma', 'Ogółem' or 'Total'.
 */
export function isSummaryRow(document: string, firstCell: string): boolean {
  const doc = document.trim();
  return doc === '' || TOTALS.test(doc) || TOTALS.test(firstCell.trim());
}

/** A cell as stored for the report: at most the limit (and an ellipsis when it was longer). */
const clip = (s: string) => (s.length > SALES_IMPORT_LIMITS.cell ? `${s.slice(0, SALES_IMPORT_LIMITS.cell)}…` : s);

/**
 * Checks one row. A good row comes back normalised (date as YYYY-MM-DD, quantity as digits), ready
 * to be applied; a refused one keeps its cells as read (clipped) with the first error found.
 */
export function checkRow(rowNo: number, raw: RowCells): StagedRow {
  const cells = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v.trim()])) as RowCells;
  const refuse = (error: SalesRowError): StagedRow => ({
    rowNo,
    error,
    ...(Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, clip(v)])) as RowCells),
  });
  if (Object.values(cells).some((v) => v.length > SALES_IMPORT_LIMITS.cell)) return refuse('sales.row.cellTooLong');
  if (!cells.document) return refuse('sales.row.documentRequired');
  if (!cells.line) return refuse('sales.row.lineRequired');
  const soldOn = parseSaleDate(cells.sold_on);
  if (!soldOn) return refuse('sales.row.dateInvalid');
  const quantity = parseQuantity(cells.quantity);
  if (quantity === 'fraction') return refuse('sales.row.quantityFraction');
  if (quantity === 'invalid') return refuse('sales.row.quantityInvalid');
  return { rowNo, error: null, ...cells, sold_on: soldOn, quantity: String(quantity) };
}
