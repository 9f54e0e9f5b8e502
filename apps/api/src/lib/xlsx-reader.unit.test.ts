import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStringsXml, sheetXml, xlsx, zip } from '../../test/xlsx-fixtures.ts';
import { AppError } from './app-error.ts';
import { openTableFile } from './table-file.ts';
import { readXlsx, XLSX_LIMITS, type XlsxLimits, type XlsxRow } from './xlsx-reader.ts';

const KB = 1024;

async function* chunked(bytes: Buffer, size = 16 * KB): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function rows(bytes: Buffer, limits: Partial<XlsxLimits> = {}): Promise<XlsxRow[]> {
  const out: XlsxRow[] = [];
  for await (const r of readXlsx(chunked(bytes), { ...XLSX_LIMITS, ...limits })) out.push(r);
  return out;
}

/** The refusal's key and parameters (what the API translates). */
async function refusal(bytes: Buffer, limits: Partial<XlsxLimits> = {}) {
  try {
    await rows(bytes, limits);
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, key: err.key, params: err.params };
    throw err;
  }
  throw new Error('not refused');
}

// Temporary files go to a directory of this file's own: it must be empty after every case.
let tmp: string;
const savedTmp = process.env.TMPDIR;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'xlsx-reader-test-'));
  process.env.TMPDIR = tmp;
});
afterAll(() => {
  process.env.TMPDIR = savedTmp;
  rmSync(tmp, { recursive: true, force: true });
});
const openFds = () => readdirSync('/proc/self/fd').length;

describe('reading a legit workbook', () => {
  it('shared strings after the sheet, rich text without its phonetic reading, inline strings, formulas by result, dates by style, booleans, errors, gaps', async () => {
    const shared = sharedStringsXml([
      'Dokument',
      '<r><rPr><b/></rPr><t>FV/</t></r><r><t xml:space="preserve">1 </t></r><rPh sb="0" eb="1"><t>ふ</t></rPh>',
      'Zażółć',
    ]);
    const sheet = sheetXml([
      [{ s: 0 }, 'Pozycja', 'Data', 'Data2', 'Ilość', 'Bool', 'Err', 'ISO'],
      [
        { s: 1 },
        1,
        { raw: '<v>46027</v>', style: 1 },
        { raw: '<f>DATE(2026,1,6)</f><v>46028</v>', style: 2 },
        { raw: '<f>A1*2</f><v>6</v>' },
        { raw: '<v>1</v>', t: 'b' },
        { raw: '<v>#N/A</v>', t: 'e' },
        { raw: '<v>2026-01-07T00:00:00Z</v>', t: 'd' },
      ],
      { r: 4, cells: [{ s: 2 }, { raw: '<f>"x"&amp;"y"</f><v>xy</v>', t: 'str' }, '', 12.5] },
      { r: 5, cells: ['', ''] },
    ]);
    const got = await rows(xlsx([sheet], { sharedStrings: shared }));
    expect(got).toEqual([
      { rowNo: 1, sheet: 1, cells: ['Dokument', 'Pozycja', 'Data', 'Data2', 'Ilość', 'Bool', 'Err', 'ISO'] },
      { rowNo: 2, sheet: 1, cells: ['FV/1 ', '1', '2026-01-05', '2026-01-06', '6', 'true', '', '2026-01-07'] },
      { rowNo: 4, sheet: 1, cells: ['Zażółć', 'xy', '', '12.5'] },
    ]);
  });

  it('reads sheets in the workbook order, prefixed element names, 1904 dates, cells without references', async () => {
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c s="1"><x:v>44566</x:v></x:c></x:row></x:sheetData></x:worksheet>';
    const got = await rows(xlsx([sheetXml([['first']]), prefixed], { date1904: true, sharedFirst: true }));
    expect(got).toEqual([
      { rowNo: 1, sheet: 1, cells: ['first'] },
      { rowNo: 1, sheet: 2, cells: ['a', '2026-01-06'] },
    ]);
  });

  it('reads through openTableFile as an xlsx, and leaves no file and no descriptor behind, also when stopped early', async () => {
    const sheet = sheetXml(Array.from({ length: 50 }, (_, i) => [`FV/${i}`, i]));
    const fds = openFds();
    const chunks = chunked(xlsx([sheet]));
    const file = await openTableFile(chunks[Symbol.asyncIterator](), 'auto');
    expect(file).toMatchObject({ format: 'xlsx', encoding: null });
    let n = 0;
    for await (const r of file.records) {
      expect(readdirSync(tmp)).toEqual([]); // unlinked while it is read
      if (++n === 3) break;
      expect(r.sheet).toBe(1);
    }
    expect(readdirSync(tmp)).toEqual([]);
    expect(openFds()).toBe(fds);
    await expect(refusal(xlsx([sheet]), { cells: 10 })).resolves.toMatchObject({ key: 'sales.xlsx.cells' });
    expect(readdirSync(tmp)).toEqual([]);
    expect(openFds()).toBe(fds);
  });
});

describe('refusing a file that would hurt', () => {
  it('a deflate bomb whose header lies about its size: refused by the bytes counted as they inflate', async () => {
    const bomb = `<worksheet><sheetData>${'<row/>'.repeat(400_000)}</sheetData></worksheet>`; // 2.4 MB
    const file = xlsx([], { extra: [{ name: 'xl/worksheets/sheet1.xml', data: bomb, declaredSize: 100 }] });
    expect(file.length).toBeLessThan(20 * KB);
    expect(await refusal(file, { entryBytes: 1024 * KB })).toEqual({
      status: 422,
      key: 'sales.xlsx.entryTooBig',
      params: { count: 1, part: 'xl/worksheets/sheet1.xml' },
    });
    // The whole: two parts each under the part limit, over the total.
    const two = xlsx([bomb.replace('<row/>'.repeat(200_000), ''), bomb.replace('<row/>'.repeat(200_000), '')]);
    expect(await refusal(two, { entryBytes: 2 * 1024 * KB, expandedBytes: 2 * 1024 * KB })).toMatchObject({
      key: 'sales.xlsx.tooBig',
      params: { count: 2 },
    });
  });

  it('a part declaring more than the limits is refused before it is inflated', async () => {
    const file = xlsx([sheetXml([['a']])], {
      extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheetXml([['a']]), declaredSize: 401 * 1024 * 1024 }],
    });
    expect(await refusal(file)).toEqual({
      status: 422,
      key: 'sales.xlsx.entryTooBig',
      params: { count: 400, part: 'xl/worksheets/sheet1.xml' },
    });
  });

  it('a shared-strings table that expands 1,000 times: refused at its count, or at its characters', async () => {
    const many = sharedStringsXml(Array.from({ length: 100_001 }, () => 'x'));
    const file = xlsx([sheetXml([[{ s: 0 }]])], { sharedStrings: many });
    expect(file.length * 100).toBeLessThan(many.length);
    expect(await refusal(file, { sharedStrings: 100_000 })).toMatchObject({
      key: 'sales.xlsx.sharedStrings',
      params: { count: 100_000 },
    });
    const long = sharedStringsXml(Array.from({ length: 40 }, () => 'y'.repeat(30_000)));
    expect(
      await refusal(xlsx([sheetXml([[{ s: 0 }]])], { sharedStrings: long }), { sharedChars: 1_000_000 }),
    ).toMatchObject({
      key: 'sales.xlsx.sharedChars',
      params: { count: 1_000_000 },
    });
  });

  it('a DOCTYPE (entity expansion, external entities) is refused', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><sst><si><t>&lol2;</t></si></sst>';
    expect(await refusal(xlsx([sheetXml([[{ s: 0 }]])], { sharedStrings: laughs }))).toMatchObject({
      key: 'sales.xlsx.doctype',
    });
    const external = '<?xml version="1.0"?><!DOCTYPE w SYSTEM "file:///etc/passwd"><worksheet><sheetData/></worksheet>';
    expect(await refusal(xlsx([external]))).toMatchObject({ key: 'sales.xlsx.doctype' });
    // An entity never declared is simply not XML.
    const undeclared =
      '<worksheet><sheetData><row><c t="inlineStr"><is><t>&xxe;</t></is></c></row></sheetData></worksheet>';
    expect(await refusal(xlsx([undeclared]))).toMatchObject({ key: 'sales.unreadable' });
  });

  it('deep nesting, a long text, a long attribute, too many attributes', async () => {
    const deep = `<worksheet>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</worksheet>`;
    expect(await refusal(xlsx([deep]))).toEqual({ status: 422, key: 'sales.xlsx.depth', params: { count: 64 } });
    const text = sheetXml([['z'.repeat(40_000)]]);
    expect(await refusal(xlsx([text]))).toMatchObject({ key: 'sales.xlsx.text', params: { count: 32_767 } });
    const attribute = `<worksheet><sheetData><row r="${'1'.repeat(100_000)}"/></sheetData></worksheet>`;
    expect(await refusal(xlsx([attribute]))).toMatchObject({ key: 'sales.xlsx.text' });
    const attributes = `<worksheet><sheetData><row ${Array.from({ length: 2_000 }, (_, i) => `a${i}="1"`).join(' ')}/></sheetData></worksheet>`;
    expect(await refusal(xlsx([attributes]))).toMatchObject({ key: 'sales.unreadable' });
  });

  it('too many cells (empty cell elements too), rows, XML elements, a row too long, too many parts', async () => {
    const sheet = sheetXml(Array.from({ length: 30 }, (_, i) => [`FV/${i}`, i, 'x']));
    expect(await refusal(xlsx([sheet]), { cells: 60 })).toEqual({
      status: 422,
      key: 'sales.xlsx.cells',
      params: { count: 60 },
    });
    expect(await refusal(xlsx([sheet]), { rows: 29 })).toMatchObject({ key: 'sales.xlsx.rows', params: { count: 29 } });
    // One cell far to the right counts every column before it.
    const wide = '<worksheet><sheetData><row r="1"><c r="XFD1"><v>1</v></c></row></sheetData></worksheet>';
    expect(await refusal(xlsx([wide]), { cells: 16_000 })).toMatchObject({ key: 'sales.xlsx.cells' });
    const long = sheetXml([['a'], [...Array.from({ length: 5 }, () => 'b'.repeat(3_000))]]);
    expect(await refusal(xlsx([long]))).toEqual({
      status: 422,
      key: 'sales.recordTooLong',
      params: { line: 2, count: 10_000 },
    });
    const empty = `<worksheet><sheetData>${'<row><c/><c/></row>'.repeat(40)}</sheetData></worksheet>`;
    expect(await refusal(xlsx([empty]), { cells: 60 })).toMatchObject({ key: 'sales.xlsx.cells' });
    const elements = `<worksheet><sheetData>${'<row/>'.repeat(1_000)}</sheetData></worksheet>`;
    expect(await refusal(xlsx([elements]), { elements: 500 })).toEqual({
      status: 422,
      key: 'sales.xlsx.elements',
      params: { count: 500 },
    });
    const beyondExcel =
      '<worksheet><sheetData><row r="1048577"><c t="inlineStr"><is><t>a</t></is></c></row></sheetData></worksheet>';
    expect(await refusal(xlsx([beyondExcel]))).toMatchObject({ key: 'sales.unreadable' });
    const parts = zip(Array.from({ length: 30 }, (_, i) => ({ name: `x${i}`, data: 'a' })));
    expect(await refusal(parts, { entries: 20 })).toMatchObject({ key: 'sales.xlsx.entries', params: { count: 20 } });
  });

  it('not a workbook, not XML, an encrypted part, a file over the upload limit', async () => {
    expect(await refusal(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]))).toMatchObject({
      key: 'sales.unreadable',
    });
    expect(await refusal(zip([{ name: 'a.txt', data: 'a' }]))).toMatchObject({ key: 'sales.unreadable' });
    expect(await refusal(xlsx(['<worksheet><sheetData><row></sheetData>']))).toMatchObject({ key: 'sales.unreadable' });
    const encrypted = xlsx([sheetXml([['a']])]);
    const cd = encrypted.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, cd + 8);
    expect(await refusal(encrypted)).toMatchObject({ key: 'sales.unreadable' });
    expect(await refusal(xlsx([sheetXml([['a']])]), { fileBytes: 100 })).toMatchObject({
      status: 413,
      key: 'sales.fileTooLarge',
    });
    expect(readdirSync(tmp)).toEqual([]);
  });
});
