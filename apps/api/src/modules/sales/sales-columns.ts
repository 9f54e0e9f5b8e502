import { SALES_IMPORT_COLUMNS, type SalesImportColumn } from '@incentive/contracts';
import { columnMatcher, type HeaderMatch } from '../../lib/table-headers.ts';

/** The header row of a sales-results file, matched to the columns the import needs (lib/table-headers.ts). */
export type ColumnIndexes = Record<SalesImportColumn, number>;

const match = columnMatcher(SALES_IMPORT_COLUMNS as Record<SalesImportColumn, readonly string[]>);

/**
 * Where each needed column is in the header row (the first match wins; other columns are ignored),
 * or the columns that are missing, named as the first header of each in SALES_IMPORT_COLUMNS.
 */
export function matchColumns(
  header: readonly string[],
): { ok: true; at: ColumnIndexes } | { ok: false; missing: string[] } {
  const m: HeaderMatch<SalesImportColumn> = match(header);
  return m.ok ? { ok: true, at: m.at } : m;
}
