import { pipeline, Readable, Transform } from 'node:stream';
import type { MessageKey, SalesImportEncoding } from '@incentive/contracts';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError } from './app-error.ts';
import { readXlsx, XLSX_LIMITS, type XlsxLimits } from './xlsx-reader.ts';

/*
 * Reads an uploaded table (sales results, people, warehouses) as a stream of records (the header first): the type is
 * decided by the bytes (an XLSX is a ZIP; anything else must be text), a CSV's encoding is detected
 * from its first 64 KiB or chosen, its separator from the header line. Nothing is held whole: the
 * records are pulled one at a time, so the caller's awaits are the backpressure. A CSV record is
 * capped (SALES_IMPORT_LIMITS.recordChars); an XLSX is spilled to an unlinked temporary file and read
 * part by part within the limits of xlsx-reader.ts (decision 051).
 */

export interface FileRecord {
  /** The row's number in the file (the header is row 1 when it is the first line). */
  rowNo: number;
  cells: string[];
  /** The worksheet it is on (1 for the first; always 1 in a CSV). */
  sheet: number;
}

export interface TableFile {
  format: 'csv' | 'xlsx';
  /** The encoding a CSV is read in; null for XLSX. */
  encoding: 'utf-8' | 'windows-1250' | null;
  records: AsyncIterable<FileRecord>;
}

/** How much of the file decides its type and encoding. */
const HEAD_BYTES = 64 * 1024;

/** What openTableFile enforces (tests pass smaller ones). */
export interface FileLimits extends XlsxLimits {}
export const FILE_LIMITS: FileLimits = XLSX_LIMITS;

const isTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/*
 * The refusals keep their `sales.` keys: the reader was the sales import's first, and a failed
 * import stores its key (sales_imports.error), so renaming them would blank old reports. The texts
 * speak of the file only; the two that name a sales row come from the caller (`FileMessages`).
 */
const refuse = (key: 'sales.fileType' | 'sales.notUtf8' | 'sales.unreadable') => new AppError(422, key);

/** The refusals whose text names what the file should hold. */
export interface FileMessages {
  /** A file of zero bytes. */
  empty: MessageKey;
  /** A CSV record longer than the limit ({{line}}, {{count}}). */
  recordTooLong: MessageKey;
}
const SALES_MESSAGES: FileMessages = { empty: 'sales.empty', recordTooLong: 'sales.recordTooLong' };

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Control bytes other than tab, line feed and carriage return never occur in a text file. */
function looksBinary(b: Buffer): boolean {
  for (const byte of b) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return true;
  return false;
}

/** The head without a multi-byte character the 64 KiB cut split (at most 3 bytes at the end). */
function cutAtCharBoundary(b: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? b.subarray(0, b.length - back) : b;
  }
  return b;
}

function validUtf8(b: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/**
 * UTF-8 decoding that refuses invalid bytes anywhere in the file (iconv-lite would replace them
 * silently, and a Windows-1250 file whose first 64 KiB are plain ASCII would import with '�').
 */
function strictUtf8(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(refuse('sales.notUtf8'));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(refuse('sales.notUtf8'));
      }
    },
  });
}

/** How many lines from the top may hold the header row (ERP reports put titles above it). */
export const HEADER_SEARCH_LINES = 20;

/**
 * The separator the header uses most: semicolon (Polish Excel), comma or tab. An ERP report may
 * put title lines above the header, so the first lines are looked at, and the one line with the
 * most of one separator decides.
 */
export function detectDelimiter(head: string): ';' | ',' | '\t' {
  const candidates = [';', ',', '\t'] as const;
  let best: ';' | ',' | '\t' = ';';
  let most = 0;
  for (const line of head.split('\n', HEADER_SEARCH_LINES)) {
    for (const c of candidates) {
      const n = line.split(c).length - 1;
      if (n > most) [best, most] = [c, n];
    }
  }
  return best;
}

/** The file's bytes again from the start: the head already read, then the rest as it arrives. */
function replay(head: Buffer, rest: AsyncIterator<Buffer>): Readable {
  async function* bytes() {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

function csvRecords(
  source: Readable,
  decoder: Transform,
  delimiter: string,
  maxChars: number,
  recordTooLong: MessageKey,
): AsyncIterable<FileRecord> {
  return {
    async *[Symbol.asyncIterator]() {
      const parser = parse({
        bom: true,
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        trim: true,
        // One record (a line and its quoted line breaks): also what stops a file without line breaks.
        max_record_size: maxChars,
        info: true,
      });
      const out = pipeline(source, decoder, parser, () => {});
      try {
        for await (const item of out as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          yield { rowNo: item.info.lines, cells: item.record, sheet: 1 };
        }
      } catch (err) {
        if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE') {
          const line = (err as CsvError & { lines?: number }).lines;
          throw new AppError(422, recordTooLong, { line: line ?? 1, count: maxChars });
        }
        if (err instanceof CsvError) throw refuse('sales.unreadable');
        throw err;
      }
    },
  };
}

function xlsxRecords(source: AsyncIterable<Buffer>, limits: XlsxLimits): AsyncIterable<FileRecord> {
  return {
    async *[Symbol.asyncIterator]() {
      try {
        // Every worksheet in turn: the reader (sales-imports.service) takes the first that has the
        // columns, and stops reading after it.
        yield* readXlsx(source, limits);
      } catch (err) {
        if (err instanceof AppError || isTooLarge(err)) throw err;
        throw refuse('sales.unreadable');
      }
    },
  };
}

/**
 * Opens an upload given as an iterator of its chunks. The iterator is only ever advanced (never
 * returned), so the caller can drain what is left of the upload after an early refusal.
 */
export async function openTableFile(
  chunks: AsyncIterator<Buffer>,
  chosen: SalesImportEncoding,
  limits: FileLimits = FILE_LIMITS,
  messages: FileMessages = SALES_MESSAGES,
): Promise<TableFile> {
  const parts: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    parts.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(parts);
  if (head.length === 0) throw new AppError(422, messages.empty);
  if (isZip(head)) return { format: 'xlsx', encoding: null, records: xlsxRecords(replay(head, chunks), limits) };
  const probe = head.subarray(0, HEAD_BYTES);
  if (looksBinary(probe)) throw refuse('sales.fileType');
  // The head ends mid-file at an arbitrary byte: a character cut in two there is not an error.
  const whole = ended && probe.length === head.length;
  const text = whole ? probe : cutAtCharBoundary(probe);
  const utf8 = validUtf8(text);
  if (chosen === 'utf-8' && !utf8) throw refuse('sales.notUtf8');
  const encoding = chosen === 'windows-1250' || (chosen === 'auto' && !utf8) ? 'windows-1250' : 'utf-8';
  const headText = encoding === 'utf-8' ? text.toString('utf8') : iconv.decode(text, 'win1250');
  const delimiter = detectDelimiter(headText.replace(/^\uFEFF/, ''));
  const decoder = encoding === 'utf-8' ? strictUtf8() : (iconv.decodeStream('win1250') as unknown as Transform);
  return {
    format: 'csv',
    encoding,
    records: csvRecords(replay(head, chunks), decoder, delimiter, limits.recordChars, messages.recordTooLong),
  };
}

/** Reads what is left of an upload, so the request completes after an early refusal. */
export async function drainUpload(chunks: AsyncIterator<Buffer>): Promise<void> {
  try {
    for (;;) if ((await chunks.next()).done) return;
  } catch {
    // The upload failed on its own (cut short, too large): nothing more to read.
  }
}
