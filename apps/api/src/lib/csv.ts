import { Readable } from 'node:stream';
import type { Lang } from '@incentive/contracts';

/** Excel opens a UTF-8 file with Polish letters correctly only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';
/** Polish Excel splits columns on semicolons (the comma is its decimal separator). */
export const CSV_SEPARATOR = ';';

export type CsvCell = string | number | null | undefined;

/**
 * One CSV line (RFC 4180 quoting, CRLF). Text that a spreadsheet would run as a formula
 * (starting with = + - @ or a control character) is prefixed with an apostrophe.
 */
export function csvLine(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An amount as the API shows it ("1234.50") in the reader's convention: a decimal comma in Polish. */
export function csvMoney(amount: string, lang: Lang): string {
  return lang === 'pl' ? amount.replace('.', ',') : amount;
}

export const DEFAULT_TIME_ZONE = 'Europe/Warsaw';

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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `sales-reps-2026-11-21.csv`: a download name with the day in the reader's zone. */
export function csvFileName(base: string, now: Date, timeZone: string): string {
  const day = formatDateTime(now, timeZone).slice(0, 10).split('-').reverse().join('-');
  return `${base}-${day}.csv`;
}

/** A CSV download: the BOM and header first, then each chunk of rows as it is read from the database. */
export function csvStream<T>(header: CsvCell[], chunks: AsyncIterable<T[]>, row: (item: T) => CsvCell[]): Readable {
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    for await (const items of chunks) yield items.map((item) => csvLine(row(item))).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}
