import { SALES_IMPORT_COLUMNS, type SalesImportColumn } from '@incentive/contracts';

/*
 * The header row of a sales-results file, matched to the columns the import needs. ERP exports
 * name columns in many ways ('Nr dokumentu', 'DOKUMENT', 'document_no'): a header is compared
 * without case, Polish letters, spaces, dots, dashes and underscores.
 */

const POLISH: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };

/** A header as compared: lower case, Polish letters without their marks, only letters and digits. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[ąćęłńóśźż]/g, (c) => POLISH[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

const KNOWN = new Map<string, SalesImportColumn>();
for (const [column, names] of Object.entries(SALES_IMPORT_COLUMNS) as [SalesImportColumn, readonly string[]][]) {
  for (const name of names) KNOWN.set(normalizeHeader(name), column);
}

export type ColumnIndexes = Record<SalesImportColumn, number>;

/**
 * Where each needed column is in the header row (the first match wins; other columns are ignored),
 * or the columns that are missing, named as the first header of each in SALES_IMPORT_COLUMNS.
 */
export function matchColumns(
  header: readonly string[],
): { ok: true; at: ColumnIndexes } | { ok: false; missing: string[] } {
  const at: Partial<ColumnIndexes> = {};
  header.forEach((cell, i) => {
    const column = KNOWN.get(normalizeHeader(cell));
    if (column && at[column] === undefined) at[column] = i;
  });
  const missing = (Object.keys(SALES_IMPORT_COLUMNS) as SalesImportColumn[]).filter((c) => at[c] === undefined);
  if (missing.length > 0) return { ok: false, missing: missing.map((c) => SALES_IMPORT_COLUMNS[c][0]) };
  return { ok: true, at: at as ColumnIndexes };
}
