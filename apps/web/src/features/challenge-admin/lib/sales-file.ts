import { SALES_IMPORT_COLUMNS, type SalesImportColumn } from '@incentive/contracts';

/** What the drop zone takes: by extension (browsers name a CSV's type differently) or by type. */
export const SALES_FILE_ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

export const isSalesFileName = (name: string) => /\.(csv|xlsx)$/i.test(name);

/** The header each column is best known by (the first, Polish ERP name). */
export const columnHeaders = (): string[] =>
  (Object.keys(SALES_IMPORT_COLUMNS) as SalesImportColumn[]).map((c) => SALES_IMPORT_COLUMNS[c][0]);

/** An example file to fill in (UTF-8 with a BOM so Excel reads the Polish letters). */
export function exampleCsv(): string {
  const row = ['FV/2026/03/0001', '1', '2026-03-15', 'HURT-001', 'PH-0001', 'KAW-500', '12'];
  return `\ufeff${columnHeaders().join(',')}\r\n${row.join(',')}\r\n`;
}
