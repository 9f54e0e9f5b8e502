import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { type MessageKey, SALES_IMPORT_LIMITS } from '@incentive/contracts';
import { SaxesParser } from 'saxes';
import { AppError } from './app-error.ts';

/*
 * A small XLSX reader that a file cannot hurt (issue 28, decision 051). The upload is spilled to an
 * unlinked temporary file (at most the upload limit, gone with its descriptor whatever happens), its
 * ZIP central directory is read, and only the parts a sales sheet needs are inflated, one at a time,
 * as streams: the workbook (sheet order, 1904 dates), the styles (which cells are dates), the shared
 * strings (first, wherever they are in the ZIP, into a compact capped table), then the sheets in the
 * workbook's order, row by row. Every inflated byte is counted as it streams (the sizes a ZIP
 * declares are not trusted), the XML parser (saxes) sees no DOCTYPE, no deeper nesting and no longer
 * text than the limits allow, and the cells and rows read are counted. Memory stays bounded by the
 * limits, never by what the file claims or expands to.
 */

export interface XlsxLimits {
  /** Bytes of the upload spilled to disk. */
  fileBytes: number;
  entries: number;
  entryBytes: number;
  expandedBytes: number;
  sharedStrings: number;
  sharedChars: number;
  cells: number;
  rows: number;
  elements: number;
  depth: number;
  text: number;
  /** Characters of one row (all its cells). */
  recordChars: number;
}

const MB = 1024 * 1024;
const L = SALES_IMPORT_LIMITS;

export const XLSX_LIMITS: XlsxLimits = {
  fileBytes: L.fileBytes,
  entries: L.xlsxEntries,
  entryBytes: L.xlsxEntryMegabytes * MB,
  expandedBytes: L.xlsxExpandedMegabytes * MB,
  sharedStrings: L.xlsxSharedStrings,
  sharedChars: L.xlsxSharedChars,
  cells: L.xlsxCells,
  rows: L.xlsxRows,
  elements: L.xlsxElements,
  depth: L.xlsxDepth,
  text: L.xlsxText,
  recordChars: L.recordChars,
};

export interface XlsxRow {
  /** The row's number on its sheet (1-based, as Excel shows it). */
  rowNo: number;
  cells: string[];
  /** The sheet's place in the workbook (1 for the first). */
  sheet: number;
}

const unreadable = () => new AppError(422, 'sales.unreadable');
const over = (key: MessageKey, count: number, params: Record<string, string | number> = {}) =>
  new AppError(422, key, { ...params, count });

/** Excel has 16,384 columns (XFD) and 1,048,576 rows. */
const MAX_COLUMN = 16_384;
const MAX_ROW = 1_048_576;
const READ_CHUNK = 64 * 1024;
const MAX_DIRECTORY_BYTES = 4 * MB;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

class Budget {
  expanded = 0;
  elements = 0;
  cells = 0;
  rows = 0;
  constructor(readonly limits: XlsxLimits) {}
}

// ---------------------------------------------------------------------------------------------
// The upload on disk, and its ZIP directory.

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw unreadable();
    done += bytesRead;
  }
  return buf;
}

/** The central directory: every entry's name, method, sizes and where its data is. */
async function readDirectory(fh: FileHandle, size: number, limits: XlsxLimits): Promise<Map<string, Entry>> {
  if (size < 22) throw unreadable();
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable();
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  // ZIP64 (markers in place of the numbers) is for files over 4 GB: never a sales file.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw unreadable();
  if (count > limits.entries) throw over('sales.xlsx.entries', limits.entries);
  // The directory is read into memory: a workbook's is a few kB (names of ~30 bytes, no comments).
  if (cdOffset + cdSize > size || cdSize > MAX_DIRECTORY_BYTES) throw unreadable();
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const nameLength = cd.readUInt16LE(p + 28);
    const end = p + 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    if (end > cd.length) throw unreadable();
    const name = cd.toString('utf8', p + 46, p + 46 + nameLength).replace(/^\/+/, '');
    entries.set(name.toLowerCase(), {
      name,
      flags: cd.readUInt16LE(p + 8),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      declaredSize: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    });
    p = end;
  }
  return entries;
}

/** An entry's bytes, inflated and counted as they stream. */
async function* inflated(fh: FileHandle, size: number, e: Entry, budget: Budget): AsyncGenerator<Buffer> {
  const { limits } = budget;
  // Encrypted, or a method other than stored/deflate: not something Excel writes for a workbook.
  if (e.flags & 1 || (e.method !== 0 && e.method !== 8)) throw unreadable();
  // A declared size over the limits is refused at once; a smaller one proves nothing (counted below).
  if (e.declaredSize > limits.entryBytes)
    throw over('sales.xlsx.entryTooBig', limits.entryBytes / MB, { part: e.name });
  if (budget.expanded + e.declaredSize > limits.expandedBytes)
    throw over('sales.xlsx.tooBig', limits.expandedBytes / MB);
  const local = await readAt(fh, e.localOffset, 30);
  if (local.readUInt32LE(0) !== 0x04034b50) throw unreadable();
  const start = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + e.compressedSize > size) throw unreadable();
  async function* raw() {
    for (let pos = start, end = start + e.compressedSize; pos < end; ) {
      const chunk = await readAt(fh, pos, Math.min(READ_CHUNK, end - pos));
      pos += chunk.length;
      yield chunk;
    }
  }
  const source = Readable.from(raw(), { objectMode: false });
  const stream = e.method === 8 ? source.pipe(createInflateRaw({ chunkSize: READ_CHUNK })) : source;
  if (stream !== source) source.on('error', (err) => stream.destroy(err));
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      budget.expanded += chunk.length;
      if (bytes > limits.entryBytes) throw over('sales.xlsx.entryTooBig', limits.entryBytes / MB, { part: e.name });
      if (budget.expanded > limits.expandedBytes) throw over('sales.xlsx.tooBig', limits.expandedBytes / MB);
      yield chunk;
    }
  } finally {
    source.destroy();
    stream.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// XML, guarded.

interface XmlHandlers {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(t: string): void;
}

/** The element's name without its namespace prefix (some writers use x:row). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** What saxes holds while it reads one token (private fields: read only to bound them). */
interface SaxesInternals {
  text: string;
  name: string;
  entity: string;
}

const MAX_ATTRIBUTES = 1_000;

/**
 * Parses an entry's XML, yielding after each chunk (the caller takes what the handlers gathered).
 * Refused: a DOCTYPE (so no entity can be declared: saxes knows only the five XML ones), nesting
 * deeper than the limit, a text, name or attribute longer than the limit (checked after every
 * chunk, so saxes never holds more than the limit plus one chunk), and an element with more than
 * 1,000 attributes (not XML a spreadsheet is made of: unreadable).
 */
async function* parseXml(chunks: AsyncIterable<Buffer>, h: XmlHandlers, budget: Budget): AsyncGenerator<void> {
  const { limits } = budget;
  const parser = new SaxesParser({ position: false });
  const held = parser as unknown as SaxesInternals;
  let depth = 0;
  parser.on('doctype', () => {
    throw new AppError(422, 'sales.xlsx.doctype');
  });
  // Attributes of one element (Excel writes a handful; each one costs a property of an object).
  let attributes = 0;
  parser.on('opentagstart', () => {
    attributes = 0;
  });
  parser.on('attribute', () => {
    if (++attributes > MAX_ATTRIBUTES) throw unreadable();
  });
  parser.on('opentag', (tag) => {
    if (++depth > limits.depth) throw over('sales.xlsx.depth', limits.depth);
    if (++budget.elements > limits.elements) throw over('sales.xlsx.elements', limits.elements);
    h.open(local(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    depth--;
    h.close(local(tag.name));
  });
  parser.on('text', (t: string) => h.text(t));
  const decoder = new TextDecoder('utf-8');
  const write = (s: string) => {
    if (s === '') return;
    parser.write(s);
    if (held.text.length > limits.text || held.name.length > limits.text || held.entity.length > limits.text) {
      throw over('sales.xlsx.text', limits.text);
    }
  };
  try {
    for await (const chunk of chunks) {
      write(decoder.decode(chunk, { stream: true }));
      yield;
    }
    write(decoder.decode());
    parser.close();
    yield;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // saxes: not well-formed XML (an unknown entity, a bad character, tags that do not match).
    throw unreadable();
  }
}

/** Reads a whole small part (workbook, relationships, styles) for its handlers' sake. */
async function consume(xml: AsyncGenerator<void>): Promise<void> {
  for await (const _ of xml) {
    // The handlers did the work.
  }
}

// ---------------------------------------------------------------------------------------------
// Shared strings: a compact table (UTF-8 in 1 MiB blocks, offsets in typed arrays), capped.

const BLOCK = MB;

class StringTable {
  private readonly blocks: Buffer[] = [];
  private used = BLOCK;
  private starts = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  count = 0;
  chars = 0;

  constructor(private readonly limits: XlsxLimits) {}

  push(s: string): void {
    if (this.count >= this.limits.sharedStrings) throw over('sales.xlsx.sharedStrings', this.limits.sharedStrings);
    this.chars += s.length;
    if (this.chars > this.limits.sharedChars) throw over('sales.xlsx.sharedChars', this.limits.sharedChars);
    const bytes = Buffer.byteLength(s);
    if (this.used + bytes > BLOCK) {
      this.blocks.push(Buffer.allocUnsafe(Math.max(BLOCK, bytes)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    (this.blocks[block] as Buffer).write(s, this.used);
    if (this.count === this.starts.length) {
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      [this.starts, this.lengths] = [grow(this.starts), grow(this.lengths)];
    }
    // A string is never longer than the text limit (32,767 characters, < 100 KB), so one block holds it.
    this.starts[this.count] = block * BLOCK + this.used;
    this.lengths[this.count] = bytes;
    this.used += bytes;
    this.count++;
  }

  get(i: number): string {
    if (!(i >= 0 && i < this.count)) return '';
    const start = this.starts[i] as number;
    const block = this.blocks[Math.floor(start / BLOCK)] as Buffer;
    const at = start % BLOCK;
    return block.toString('utf8', at, at + (this.lengths[i] as number));
  }
}

async function readSharedStrings(xml: (h: XmlHandlers) => AsyncGenerator<void>, table: StringTable): Promise<void> {
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  await consume(
    xml({
      open(name) {
        if (name === 'si') [inSi, text] = [true, ''];
        else if (name === 'rPh') phonetic++;
        else if (name === 't') inT = true;
      },
      close(name) {
        if (name === 'si') {
          table.push(text);
          inSi = false;
        } else if (name === 'rPh') phonetic--;
        else if (name === 't') inT = false;
      },
      text(t) {
        // The text of <t> in <si> and its rich-text runs; not the phonetic reading (<rPh>).
        if (inSi && inT && phonetic === 0) text += t;
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Workbook, relationships, styles.

/** Built-in number formats that are dates (ECMA-376 18.8.30, with the East Asian ones). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom format code shows a date when it has date or time letters outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhsb]/i.test(bare) && !/^general$/i.test(bare.trim());
}

async function readDateStyles(xml: (h: XmlHandlers) => AsyncGenerator<void>): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await consume(
    xml({
      open(name, a) {
        if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) xfFormats.push(Number(a.numFmtId ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text() {},
    }),
  );
  return xfFormats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id);
  });
}

interface Workbook {
  date1904: boolean;
  /** Relationship ids of the sheets, in the workbook's order. */
  sheetIds: string[];
}

async function readWorkbook(xml: (h: XmlHandlers) => AsyncGenerator<void>): Promise<Workbook> {
  const wb: Workbook = { date1904: false, sheetIds: [] };
  await consume(
    xml({
      open(name, a) {
        if (name === 'workbookPr') wb.date1904 = a.date1904 === '1' || a.date1904 === 'true';
        else if (name === 'sheet') {
          const id = Object.entries(a).find(([k]) => k === 'id' || k.endsWith(':id'))?.[1];
          if (id) wb.sheetIds.push(id);
        }
      },
      close() {},
      text() {},
    }),
  );
  return wb;
}

interface Relationship {
  target: string;
  type: string;
}

async function readRelationships(xml: (h: XmlHandlers) => AsyncGenerator<void>): Promise<Map<string, Relationship>> {
  const rels = new Map<string, Relationship>();
  await consume(
    xml({
      open(name, a) {
        if (name === 'Relationship' && a.Id && a.Target) {
          rels.set(a.Id, { target: a.Target, type: a.Type ?? '' });
        }
      },
      close() {},
      text() {},
    }),
  );
  return rels;
}

/** A relationship's target as a ZIP name: relative to xl/, or absolute from the package root. */
function partName(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Cells.

/** 'BC12' → 55 (1-based), or 0 when the reference has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    col = col * 26 + (c - 0x60);
    if (col > MAX_COLUMN) return MAX_COLUMN + 1;
  }
  return col;
}

/** An Excel serial day as YYYY-MM-DD (as exceljs reads it: midnight UTC of that day). */
function serialDate(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

interface SheetContext {
  strings: StringTable;
  dateStyles: boolean[];
  date1904: boolean;
  budget: Budget;
  sheet: number;
}

/** One worksheet's non-empty rows, in order. */
async function* sheetRows(xml: (h: XmlHandlers) => AsyncGenerator<void>, ctx: SheetContext): AsyncGenerator<XlsxRow> {
  const { limits } = ctx.budget;
  const ready: XlsxRow[] = [];
  let rowNo = 0;
  let cells: string[] = [];
  let rowChars = 0;
  let col = 0;
  let cellElements = 0;
  // The cell being read.
  let type = '';
  let style = 0;
  let value = '';
  let inline = '';
  let hasValue = false;
  let inV = false;
  let inIs = false;
  let inT = false;
  let phonetic = 0;
  let inSheetData = false;

  const cellText = (): string => {
    switch (type) {
      case 's':
        return ctx.strings.get(Number.parseInt(value, 10));
      case 'inlineStr':
        return hasValue ? value : inline;
      case 'str':
        return value;
      case 'e':
        return '';
      case 'b':
        return value.trim() === '' ? '' : String(Number.parseInt(value, 10) !== 0);
      case 'd':
        return value.trim().slice(0, 10);
      default: {
        if (value.trim() === '') return '';
        const n = Number.parseFloat(value);
        if (!Number.isFinite(n)) return value.trim();
        return ctx.dateStyles[style] ? serialDate(n, ctx.date1904) : String(n);
      }
    }
  };

  const xmlEvents = xml({
    open(name, a) {
      if (!inSheetData) {
        if (name === 'sheetData') inSheetData = true;
        return;
      }
      switch (name) {
        case 'row': {
          const r = a.r === undefined ? rowNo + 1 : Number(a.r);
          if (!Number.isInteger(r) || r < 1 || r > MAX_ROW) throw unreadable();
          [rowNo, cells, rowChars, col, cellElements] = [r, [], 0, 0, 0];
          break;
        }
        case 'c': {
          cellElements++;
          col = a.r === undefined ? col + 1 : columnOf(a.r);
          if (col < 1 || col > MAX_COLUMN) throw unreadable();
          [type, style, value, inline, hasValue] = [a.t ?? 'n', Number(a.s ?? 0), '', '', false];
          break;
        }
        case 'v':
          [inV, hasValue] = [true, true];
          break;
        case 'is':
          inIs = true;
          break;
        case 't':
          inT = true;
          break;
        case 'rPh':
          phonetic++;
          break;
      }
    },
    close(name) {
      if (!inSheetData) return;
      switch (name) {
        case 'sheetData':
          inSheetData = false;
          break;
        case 'v':
          inV = false;
          break;
        case 'is':
          inIs = false;
          break;
        case 't':
          inT = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          const text = cellText();
          if (text === '') break;
          rowChars += text.length;
          if (rowChars > limits.recordChars) {
            throw new AppError(422, 'sales.recordTooLong', { line: rowNo, count: limits.recordChars });
          }
          while (cells.length < col - 1) cells.push('');
          cells[col - 1] = text;
          break;
        }
        case 'row': {
          // Every cell element counts, and the blanks before a value (a cell in column XFD is 16,384).
          const budget = ctx.budget;
          budget.cells += Math.max(cells.length, cellElements);
          if (budget.cells > limits.cells) throw over('sales.xlsx.cells', limits.cells);
          if (cells.length === 0 || cells.every((c) => c.trim() === '')) break;
          if (++budget.rows > limits.rows) throw over('sales.xlsx.rows', limits.rows);
          ready.push({ rowNo, cells, sheet: ctx.sheet });
          cells = [];
          break;
        }
      }
    },
    text(t) {
      if (inV) value += t;
      else if (inIs && inT && phonetic === 0) inline += t;
      if (value.length + inline.length > limits.text) throw over('sales.xlsx.text', limits.text);
    },
  });
  for await (const _ of xmlEvents) {
    while (ready.length > 0) yield ready.shift() as XlsxRow;
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * The rows of every worksheet in the workbook's order (empty rows left out), from an upload given
 * as its chunks. Refusals throw AppError (422 with the limit as `count`; 413 above the upload limit).
 * The temporary file is removed before the first row and its descriptor closed when the reading
 * ends, is refused, or is stopped by the caller (a `break` out of the loop).
 */
export async function* readXlsx(
  chunks: AsyncIterable<Buffer>,
  limits: XlsxLimits = XLSX_LIMITS,
): AsyncGenerator<XlsxRow> {
  const dir = await mkdtemp(join(tmpdir(), 'sales-xlsx-'));
  let fh: FileHandle | null = null;
  try {
    fh = await open(join(dir, 'upload.xlsx'), 'w+', 0o600);
    // Unlinked at once: the bytes live only as long as the descriptor, even if the process dies.
    await rm(dir, { recursive: true, force: true });
    let size = 0;
    for await (const chunk of chunks) {
      if (size + chunk.length > limits.fileBytes) throw new AppError(413, 'sales.fileTooLarge');
      await fh.write(chunk, 0, chunk.length, size);
      size += chunk.length;
    }
    const file = fh;
    const entries = await readDirectory(file, size, limits);
    const budget = new Budget(limits);
    const xmlOf = (entry: Entry) => (h: XmlHandlers) => parseXml(inflated(file, size, entry, budget), h, budget);

    const workbookEntry = entries.get('xl/workbook.xml');
    const rels = entries.get('xl/_rels/workbook.xml.rels');
    const wb = workbookEntry ? await readWorkbook(xmlOf(workbookEntry)) : { date1904: false, sheetIds: [] };
    const relMap = rels ? await readRelationships(xmlOf(rels)) : new Map<string, Relationship>();
    const byType = (suffix: string) => [...relMap.values()].find((r) => r.type.endsWith(suffix))?.target;
    const sharedName = byType('/sharedStrings');
    const stylesName = byType('/styles');
    const sharedEntry = entries.get(sharedName ? partName(sharedName) : 'xl/sharedstrings.xml');
    const stylesEntry = entries.get(stylesName ? partName(stylesName) : 'xl/styles.xml');

    let sheets = wb.sheetIds
      .map((id) => relMap.get(id)?.target)
      .map((target) => (target ? entries.get(partName(target)) : undefined))
      .filter((e): e is Entry => e !== undefined);
    if (sheets.length === 0) {
      // No workbook to say the order: the worksheets by their number.
      const num = (e: Entry) => Number(/(\d+)\.xml$/i.exec(e.name)?.[1] ?? 0);
      sheets = [...entries.values()]
        .filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name))
        .sort((a, b) => num(a) - num(b));
    }
    if (sheets.length === 0) throw unreadable();

    const dateStyles = stylesEntry ? await readDateStyles(xmlOf(stylesEntry)) : [];
    const strings = new StringTable(limits);
    if (sharedEntry) await readSharedStrings(xmlOf(sharedEntry), strings);
    for (const [i, sheet] of sheets.entries()) {
      yield* sheetRows(xmlOf(sheet), { strings, dateStyles, date1904: wb.date1904, budget, sheet: i + 1 });
    }
  } finally {
    await fh?.close().catch(() => {});
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
