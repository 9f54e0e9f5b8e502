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

/** The most units one line may carry: a guard against a typo (or a price in the quantity column). */
export const MAX_QUANTITY = 1_000_000;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})$/;

/** YYYY-MM-DD of a real calendar day, or null. Accepts YYYY-MM-DD, DD.MM.YYYY and DD-MM-YYYY. */
export function parseSaleDate(text: string): string | null {
  let y: number;
  let m: number;
  let d: number;
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
 * Units as a whole number above zero, or null. ERP exports write quantities as numbers, sometimes
 * with a zero fraction ("3,0", "3.00") or thousands spaces ("1 200"): those are whole and accepted.
 * "1,5", "-2", "0", "abc" are refused: a fraction of a unit or a return is not a sale that pays.
 */
export function parseQuantity(text: string): number | null {
  const compact = text.replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '');
  const m = /^(\d+)(?:[.,]0+)?$/.exec(compact);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_QUANTITY ? n : null;
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
  if (quantity === null) return refuse('sales.row.quantityInvalid');
  return { rowNo, error: null, ...cells, sold_on: soldOn, quantity: String(quantity) };
}
