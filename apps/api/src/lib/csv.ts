import { pipeline, Readable } from 'node:stream';
import { clockIn, type Lang, WARSAW_TIME_ZONE } from '@incentive/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';

/*
 * Every CSV the API writes or reads goes through this module: csv-stringify and csv-parse do the
 * quoting, this file adds the formula guard, Excel's byte order mark and the Polish separators.
 */

export type CsvCell = string | number | null | undefined;

export interface CsvFormat {
  /** Excel opens a UTF-8 file with Polish letters correctly only when it starts with a byte order mark. */
  bom: boolean;
  delimiter: ';' | ',';
}

/** A file for people (Excel): BOM, and semicolons because Polish Excel's decimal separator is the comma. */
export const EXCEL_CSV: CsvFormat = { bom: true, delimiter: ';' };
/** A file for a program (the card issuer's batch): semicolons, no BOM. */
export const MACHINE_CSV: CsvFormat = { bom: false, delimiter: ';' };

/*
 * Text that a spreadsheet would run as a formula. OWASP's list (= + - @, tab, CR) plus their
 * full-width and small forms (which Excel and Numbers normalise to the ASCII ones), also when
 * hidden behind leading spaces, control or zero-width characters (a zero-width space, a BOM).
 */
const FORMULA = /^[\p{Zs}\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]|^[\t\r\n]/u;
/** A plain number ("-12,50", "3.5") is data, not a formula, even with its minus sign. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** The text as a spreadsheet may show it: an apostrophe in front of anything it would run as a formula. */
export function guardFormula(text: string): string {
  return FORMULA.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function stringifier(format: CsvFormat) {
  return stringify({
    bom: format.bom,
    delimiter: format.delimiter,
    record_delimiter: 'windows',
    // With a record delimiter set, csv-stringify would quote only "\r\n": a lone \n or \r must be quoted too.
    quoted_match: /[\r\n]/,
    cast: { string: guardFormula },
  });
}

/**
 * A CSV download: the header first, then each chunk of rows as it is read from the database, so a
 * large export never sits in memory whole. An error while reading ends the stream with that error.
 */
export function csvStream<T>(
  header: CsvCell[],
  chunks: AsyncIterable<T[]> | Iterable<T[]>,
  row: (item: T) => CsvCell[],
  format: CsvFormat = EXCEL_CSV,
): Readable {
  async function* records() {
    yield header.map(cellOf);
    for await (const items of chunks) for (const item of items) yield row(item).map(cellOf);
  }
  // pipeline: an error on either side, or the client going away, ends both (and the reading).
  return pipeline(Readable.from(records()), stringifier(format), () => {});
}

/** csv-stringify writes null and undefined as empty fields; numbers as they are. */
const cellOf = (v: CsvCell): string | number => (v === null || v === undefined ? '' : v);

export interface CsvRecord {
  /** The line of the file where the record ends (1 for the first line). */
  line: number;
  cells: string[];
}

/** A file that is not valid CSV (an unclosed quote, say), with the line where reading stopped. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`CSV syntax error at line ${line}`);
  }
}

/**
 * Reads an uploaded CSV (a byte order mark is dropped, empty lines skipped, fields trimmed). The
 * separator is the one the first line uses, a semicolon (Polish Excel) or a comma; quoted fields
 * may hold either, and newlines. With `maxColumns`, the last column keeps any further separators
 * as text (a free-text reason at the end of a line that nobody quoted).
 */
export function parseCsv(text: string, opts: { maxColumns?: number } = {}): CsvRecord[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') || !firstLine.includes(',') ? ';' : ',';
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      relax_quotes: true,
      ignore_last_delimiters: opts.maxColumns ?? false,
      // Collected here with the line it ends on (the parser's own result has no line numbers).
      on_record: (cells, context) => {
        records.push({ line: context.lines, cells });
        return null;
      },
    });
    return records;
  } catch (err) {
    if (err instanceof CsvError) throw new CsvSyntaxError(typeof err.lines === 'number' ? err.lines : 1);
    throw err;
  }
}

/** An amount as the API shows it ("1234.50") in the reader's convention: a decimal comma in Polish. */
export function csvMoney(amount: string, lang: Lang): string {
  return lang === 'pl' ? amount.replace('.', ',') : amount;
}

export const DEFAULT_TIME_ZONE = WARSAW_TIME_ZONE;

/** The USER-TIMEZONE header when it names a real IANA zone, else Poland's. */
export function timeZoneOf(header: string | string[] | undefined): string {
  const tz = Array.isArray(header) ? header[0] : header;
  if (!tz || tz.length > 64) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** DD-MM-YYYY HH:mm:ss in the given zone, as the tables show dates. */
export function formatDateTime(d: Date, timeZone: string): string {
  const parts = clockIn(timeZone, d);
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `sales-reps-2026-11-21.csv`: a download name with the day in the reader's zone. */
export function csvFileName(base: string, now: Date, timeZone: string): string {
  const day = formatDateTime(now, timeZone).slice(0, 10).split('-').reverse().join('-');
  return `${base}-${day}.csv`;
}
