/**
 * Peak memory of reading a sales file (issue 28, point 3; decision 051): each case is written to a
 * temporary file, then read through openTableFile in a fresh child process (all its records pulled
 * and dropped, as the staging loop does) while RSS is sampled every 10 ms. Reported: idle RSS (after
 * the imports, before the file), peak RSS, peak above idle, the time, and how the read ended.
 *
 *   node --import tsx bench/sales-file-memory.ts            # every case, one after another
 *   node --import tsx bench/sales-file-memory.ts legit-xlsx # one case
 *
 * Heavy (a 200,000-row workbook, a 1 GB deflate bomb): run it alone on the machine.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, createDeflateRaw } from 'node:zlib';
import { AppError } from '../apps/api/src/lib/app-error.ts';
import { openTableFile } from '../apps/api/src/lib/table-file.ts';

const ROWS = 200_000;

/** Parts of a ZIP, each given as a generator of its text, streamed through deflate to the file. */
type Part = {
  name: string;
  text: () => Iterable<string> /** The uncompressed size the directory claims. */;
  declare?: number;
};

async function writeZip(path: string, parts: Part[]): Promise<void> {
  const out = createWriteStream(path);
  let offset = 0;
  const write = (b: Buffer) =>
    new Promise<void>((resolve, reject) => {
      offset += b.length;
      out.write(b, (err) => (err ? reject(err) : resolve()));
    });
  const central: Buffer[] = [];
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // sizes after the data (a data descriptor), UTF-8 name
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    const at = offset;
    await write(Buffer.concat([local, name]));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const done = (async () => {
      for await (const chunk of deflate) {
        compressed += chunk.length;
        await write(chunk);
      }
    })();
    let batch: string[] = [];
    let batchLength = 0;
    const flush = async () => {
      const b = Buffer.from(batch.join(''));
      [batch, batchLength] = [[], 0];
      crc = crc32(b, crc);
      size += b.length;
      if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
    };
    for (const s of part.text()) {
      batch.push(s);
      batchLength += s.length;
      if (batchLength > 1 << 20) await flush();
    }
    await flush();
    deflate.end();
    await done;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size % 2 ** 32, 12);
    await write(descriptor);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0808, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(compressed, 20);
    // A bomb's part may lie about its size: the reader must count, not believe.
    c.writeUInt32LE(part.declare ?? size % 2 ** 32, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(at, 42);
    central.push(c, name);
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(Buffer.concat([cd, end]));
  await new Promise<void>((resolve) => out.end(resolve));
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const workbook: Part = {
  name: 'xl/workbook.xml',
  text: () => [
    `<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
};
const rels: Part = {
  name: 'xl/_rels/workbook.xml.rels',
  text: () => [
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
};
const styles: Part = {
  name: 'xl/styles.xml',
  text: () => [
    `<styleSheet xmlns="${NS}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
  ],
};
const HEADER = ['Dokument', 'Pozycja', 'Data sprzedaży', 'Hurtownia', 'Przedstawiciel', 'Produkt', 'Ilość'];

function* sheet(rows: number, cell: (r: number, c: number) => string, width = 7): Iterable<string> {
  yield `<worksheet xmlns="${NS}"><sheetData>`;
  for (let r = 1; r <= rows; r++) {
    let s = `<row r="${r}">`;
    for (let c = 0; c < width; c++) s += cell(r, c);
    yield `${s}</row>`;
  }
  yield '</sheetData></worksheet>';
}
function* shared(items: number, text: (i: number) => string): Iterable<string> {
  yield `<sst xmlns="${NS}">`;
  for (let i = 0; i < items; i++) yield `<si><t>${text(i)}</t></si>`;
  yield '</sst>';
}
const col = (c: number) => String.fromCharCode(65 + c);
const inline = (r: number, c: number, t: string) => `<c r="${col(c)}${r}" t="inlineStr"><is><t>${t}</t></is></c>`;
const num = (r: number, c: number, v: number, s = 0) => `<c r="${col(c)}${r}"${s ? ` s="${s}"` : ''}><v>${v}</v></c>`;
const str = (r: number, c: number, i: number) => `<c r="${col(c)}${r}" t="s"><v>${i}</v></c>`;

/** A sales row as Excel writes it: text by shared string (documents unique), numbers and a date. */
function legitCell(r: number, c: number): string {
  if (r === 1) return str(r, c, c);
  const row = r - 1;
  switch (c) {
    case 0:
      return str(r, c, 7 + row); // FV/2026/000123: unique per row, 200,000 shared strings
    case 1:
      return num(r, c, (row % 5) + 1);
    case 2:
      return num(r, c, 46023 + (row % 28), 1);
    case 3:
      return str(r, c, 7 + ROWS + (row % 40));
    case 4:
      return str(r, c, 7 + ROWS + 40 + (row % 1000));
    case 5:
      return str(r, c, 7 + ROWS + 1040 + (row % 50));
    default:
      return num(r, c, (row % 9) + 1);
  }
}
function legitShared(i: number): string {
  if (i < 7) return HEADER[i] as string;
  const k = i - 7;
  if (k < ROWS) return `FV/2026/${String(k).padStart(6, '0')}`;
  const j = k - ROWS;
  if (j < 40) return `HURT${j}`;
  if (j < 1040) return `PH${String(j - 40).padStart(5, '0')}`;
  return `PROD-${j - 1040}`;
}

interface Case {
  name: string;
  what: string;
  make(path: string): Promise<void>;
}

const CASES: Case[] = [
  {
    name: 'legit-xlsx',
    what: '200,000 rows, Excel-like: shared strings (200,000 unique documents) after the sheet, dates by style',
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        { name: 'xl/worksheets/sheet1.xml', text: () => sheet(ROWS + 1, legitCell) },
        { name: 'xl/sharedStrings.xml', text: () => shared(7 + ROWS + 1090, legitShared) },
      ]),
  },
  {
    name: 'legit-xlsx-inline',
    what: '200,000 rows, every text an inline string, 20 columns (4,000,020 cells)',
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        {
          name: 'xl/worksheets/sheet1.xml',
          text: () =>
            sheet(
              ROWS + 1,
              (r, c) => (r === 1 ? inline(r, c, HEADER[c] ?? `Kolumna ${c}`) : inline(r, c, `${c}-${r % 997}`)),
              20,
            ),
        },
      ]),
  },
  {
    name: 'shared-strings-bomb',
    what: "the issue's case: a 5 MB XLSX whose shared strings expand to 5 GB, declaring 1,000 bytes (refused at 30,000,000 characters)",
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        { name: 'xl/worksheets/sheet1.xml', text: () => sheet(10, (r, c) => str(r, c, c)) },
        { name: 'xl/sharedStrings.xml', text: () => shared(160_000, () => 'x'.repeat(32_000)), declare: 1_000 },
      ]),
  },
  {
    name: 'shared-strings-at-limits',
    what: 'the worst table allowed: 1,999,000 shared strings, 29,985,000 characters (2-byte letters), then 250,000 rows of 20 cells referencing them',
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        {
          name: 'xl/worksheets/sheet1.xml',
          text: () => sheet(249_000, (r, c) => str(r, c, (r * 20 + c) % 1_999_000), 20),
        },
        { name: 'xl/sharedStrings.xml', text: () => shared(1_999_000, (i) => `żółć${String(i).padStart(11, '0')}`) },
      ]),
  },
  {
    name: 'deflate-bomb',
    what: "a sheet of 1 GB of empty rows declaring 1,000 bytes (refused past Excel's 1,048,576th row)",
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        {
          name: 'xl/worksheets/sheet1.xml',
          text: function* () {
            yield `<worksheet xmlns="${NS}"><sheetData>`;
            const block = '<row/>'.repeat(10_000);
            for (let i = 0; i < 17_000; i++) yield block;
            yield '</sheetData></worksheet>';
          },
          declare: 1_000,
        },
      ]),
  },
  {
    name: 'deflate-bomb-comments',
    what: 'a sheet of 1 GB of XML comments (no element, no text) declaring 1,000 bytes (refused at 400 MB inflated)',
    make: (p) =>
      writeZip(p, [
        workbook,
        rels,
        styles,
        {
          name: 'xl/worksheets/sheet1.xml',
          text: function* () {
            yield `<worksheet xmlns="${NS}"><sheetData>`;
            const block = '<!-- -->'.repeat(10_000);
            for (let i = 0; i < 12_500; i++) yield block;
            yield '</sheetData></worksheet>';
          },
          declare: 1_000,
        },
      ]),
  },
  {
    name: 'legit-csv',
    what: '200,000 rows CSV (UTF-8)',
    make: async (p) => {
      const out = createWriteStream(p);
      out.write(`${HEADER.join(';')}\r\n`);
      for (let r = 1; r <= ROWS; r++)
        out.write(`FV/2026/${r};1;2026-01-05;HURT${r % 40};PH${r % 1000};PROD-${r % 50};3\r\n`);
      await new Promise<void>((resolve) => out.end(resolve));
    },
  },
  {
    name: 'csv-one-line',
    what: 'a 50 MB CSV without a line break',
    make: async (p) => {
      const out = createWriteStream(p);
      out.write(`${HEADER.join(';')};`);
      const chunk = 'abcdefgh;'.repeat(100_000);
      for (let i = 0; i < 58; i++) out.write(chunk);
      await new Promise<void>((resolve) => out.end(resolve));
    },
  },
];

async function child(path: string): Promise<void> {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  let records = 0;
  let outcome = 'read';
  try {
    const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
    const file = await openTableFile(stream[Symbol.asyncIterator](), 'auto');
    for await (const _ of file.records) records++;
  } catch (err) {
    outcome = err instanceof AppError ? `refused ${err.status} ${err.key} ${JSON.stringify(err.params)}` : String(err);
  }
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  process.stdout.write(
    `${JSON.stringify({ idleMb: mb(idle), peakMb: mb(peak), aboveIdleMb: mb(peak - idle), seconds: Math.round(performance.now() - started) / 1000, records, outcome })}\n`,
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') return child(process.argv[3] as string);
  const only = process.argv[2];
  const dir = mkdtempSync(join(tmpdir(), 'sales-file-memory-'));
  try {
    for (const c of CASES.filter((x) => !only || x.name === only)) {
      const path = join(dir, c.name);
      await c.make(path);
      const bytes = statSync(path).size;
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', import.meta.filename, '--child', path],
        {
          encoding: 'utf8',
        },
      );
      console.log(
        `${c.name} (${(bytes / 1024 / 1024).toFixed(1)} MB): ${c.what}\n  ${run.stdout.trim() || run.stderr}`,
      );
      if (process.env.KEEP) console.log(`  kept ${path}`);
      else rmSync(path);
    }
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
