import type { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CsvCell,
  type CsvFormat,
  CsvSyntaxError,
  csvStream,
  EXCEL_CSV,
  guardFormula,
  MACHINE_CSV,
  parseCsv,
} from './csv.ts';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes rows (the first is the header) in chunks of two, as an export reads them. */
function write(rows: CsvCell[][], format: CsvFormat): Promise<string> {
  const [header = [], ...body] = rows;
  const chunks: CsvCell[][][] = [];
  for (let i = 0; i < body.length; i += 2) chunks.push(body.slice(i, i + 2));
  return text(csvStream(header, chunks, (r) => r, format));
}

const COMMA_CSV: CsvFormat = { bom: false, delimiter: ',' };

/** Names a wholesaler may give a rep, and what a spreadsheet must be shown instead. */
const FORMULAS: [string, string][] = [
  ['=HYPERLINK("http://evil.example/","x")', `'=HYPERLINK("http://evil.example/","x")`],
  ['＝HYPERLINK("http://evil.example/","x")', `'＝HYPERLINK("http://evil.example/","x")`],
  ['\u200B=1+1', `'\u200B=1+1`],
  ['\uFEFF=1+1', `'\uFEFF=1+1`],
  [' =1+1', `' =1+1`],
  ['+48 600 700 800', `'+48 600 700 800`],
  ['-2+3', `'-2+3`],
  ['－2+3', `'－2+3`],
  ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
  ['＠SUM(A1:A9)', `'＠SUM(A1:A9)`],
  ['＋1', `'＋1`],
  ['\t=1', `'\t=1`],
  ['\r=1', `'\r=1`],
  ['\tTab', `'\tTab`],
  ['\rCR', `'\rCR`],
];

describe('guardFormula', () => {
  it.each(FORMULAS)('puts an apostrophe before %j', (input, shown) => {
    expect(guardFormula(input)).toBe(shown);
  });

  it.each(['Łukasz', 'Zażółć gęślą jaźń', 'a=b', 'e-mail@example.com', '12-345', '-12,50', '-3.5', '1 234,00', ''])(
    'leaves %j as it is',
    (input) => {
      expect(guardFormula(input)).toBe(input);
    },
  );
});

describe('csvStream and parseCsv round trips', () => {
  const rows: CsvCell[][] = [
    ['id', 'name', 'note'],
    [1, 'Anna "Ania" Nowak', 'a;b,c'],
    [2, 'Żaneta Łęcka-Świątek', 'line one\nline two'],
    [3, 'Ćma', 'windows\r\nnewline'],
    [4, null, undefined],
    [5, 'trailing quote"', '"'],
    [-7, '-12,50', 'zażółć gęślą jaźń ZAŻÓŁĆ'],
    ...FORMULAS.map(([name], i): CsvCell[] => [100 + i, name, 'x']),
  ];
  const expected = rows.map((r) =>
    r.map((c) => (c === null || c === undefined ? '' : typeof c === 'number' ? String(c) : guardFormula(c))),
  );

  it.each([
    ['Excel (BOM, semicolons)', EXCEL_CSV],
    ['the issuer (no BOM, semicolons)', MACHINE_CSV],
    ['commas', COMMA_CSV],
  ])('reads back what it wrote for %s', async (_, format) => {
    const csv = await write(rows, format);
    expect(csv.startsWith('\uFEFF')).toBe(format.bom);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv).map((r) => r.cells)).toEqual(expected);
  });

  it('quotes what needs quoting, doubles quotes, and never writes a live formula', async () => {
    const csv = await write(rows, EXCEL_CSV);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('id;name;note');
    expect(lines[1]).toBe('1;"Anna ""Ania"" Nowak";"a;b,c"');
    expect(lines[2]).toBe('2;Żaneta Łęcka-Świątek;"line one\nline two"');
    expect(lines).toContain(`${100};"'=HYPERLINK(""http://evil.example/"",""x"")";x`);
    expect(lines).toContain('-7;-12,50;zażółć gęślą jaźń ZAŻÓŁĆ');
    // No field starts with a formula character, with or without a quote before it.
    for (const record of parseCsv(csv)) for (const cell of record.cells) expect(guardFormula(cell)).toBe(cell);
  });

  it('holds for any text (property)', async () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => s === s.trim());
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 5 }), async (body) => {
        const csv = await write([['a', 'b'], ...body], EXCEL_CSV);
        const back = parseCsv(csv).map((r) => r.cells);
        expect(back).toEqual([['a', 'b'], ...body.map(([a, b]) => [guardFormula(a), guardFormula(b)])]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('csvStream', () => {
  it('ends the download with the error when reading the rows fails half-way', async () => {
    async function* chunks() {
      yield [['1', 'a']];
      throw new Error('database went away');
    }
    await expect(text(csvStream(['id', 'name'], chunks(), (r) => r, EXCEL_CSV))).rejects.toThrow('database went away');
  });
});

describe('parseCsv', () => {
  it('numbers records by the line they end on, skipping empty lines', () => {
    const csv = '\uFEFFwithdrawal_id;status;reason\r\n1;paid;\r\n\r\n2;failed;"Karta\nzablokowana"\r\n3;failed;ok\n';
    expect(parseCsv(csv)).toEqual([
      { line: 1, cells: ['withdrawal_id', 'status', 'reason'] },
      { line: 2, cells: ['1', 'paid', ''] },
      { line: 5, cells: ['2', 'failed', 'Karta\nzablokowana'] },
      { line: 6, cells: ['3', 'failed', 'ok'] },
    ]);
  });

  it('takes the separator of the first line: commas when it has no semicolon', () => {
    expect(parseCsv('id,status,reason\n1,"failed","a; b, c"\n').map((r) => r.cells)).toEqual([
      ['id', 'status', 'reason'],
      ['1', 'failed', 'a; b, c'],
    ]);
    expect(parseCsv('id;status\n1;a,b\n').map((r) => r.cells)).toEqual([
      ['id', 'status'],
      ['1', 'a,b'],
    ]);
  });

  it('keeps further separators in the last column when told how many columns there are', () => {
    expect(parseCsv('1;failed;Karta; zablokowana\n', { maxColumns: 3 })[0]?.cells).toEqual([
      '1',
      'failed',
      'Karta; zablokowana',
    ]);
  });

  it('reports an unclosed quote with its line', () => {
    expect(() => parseCsv('a;b\n1;"open\n2;x\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a;b\n1;"open\n');
    } catch (err) {
      expect(err).toBeInstanceOf(CsvSyntaxError);
      expect((err as CsvSyntaxError).line).toBeGreaterThanOrEqual(2);
    }
  });
});
