import { randomBytes } from 'node:crypto';
import { SALES_IMPORT_LIMITS, salesImportSchema } from '@incentive/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { makeChallenge, repPool, SALES_HEADER, type TestChallenge, tag } from '../../../test/sales-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { sharedStringsXml, sheetXml, xlsx } from '../../../test/xlsx-fixtures.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sales, salesImportRows, salesImports } from '../../db/schema.ts';

/*
 * Files that cannot hurt (issue 28, point 3; decision 051), through POST /api/sales-imports: each
 * hostile file is refused whole with a 4xx naming the limit, nothing staged, the import failed;
 * legit XLSX variants still go through. The reader's limits are unit-tested with smaller numbers in
 * lib/xlsx-reader.unit.test.ts; here they are the real ones.
 */

let t: TestApp;
let admin: string;
let jan: TestChallenge;
let takeRep: ReturnType<typeof repPool>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
  jan = await makeChallenge(t.db, { startOn: '2026-01-01', endOn: '2026-01-31', rewards: [150] });
});
afterAll(async () => t?.close());

afterEach(() => expectBooksBalance(t, admin));

async function upload(bytes: Buffer | string, opts: { filename?: string; lang?: string } = {}) {
  const form = multipart([
    {
      name: 'file',
      filename: opts.filename ?? 'sprzedaz.xlsx',
      contentType: 'application/octet-stream',
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/sales-imports',
    headers: { ...form.headers, ...bearer(admin), 'accept-language': opts.lang ?? 'pl' },
    payload: form.payload,
  });
}

/** Refused with this message; the import is in the history as failed with that key, nothing staged. */
async function expectRefused(
  bytes: Buffer | string,
  key: string,
  message: string,
  opts: { filename?: string; lang?: string } = {},
) {
  const res = await upload(bytes, opts);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().message).toBe(message);
  const [last] = await t.db.select().from(salesImports).orderBy(desc(salesImports.id)).limit(1);
  expect(last).toMatchObject({ status: 'failed', rowsAccepted: 0 });
  expect(last?.error?.split(' ')[0]).toBe(key);
  const [staged] = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*)::text as n from ${salesImportRows} where import_id = ${last?.id ?? 0}`,
  );
  expect(Number(staged?.n)).toBe(0);
}

const header = SALES_HEADER;

describe('XLSX that would hurt the server: refused whole, naming the limit', () => {
  it('a shared-strings table that expands ~800 times (deflate tops out near 1,032): refused at the characters limit', async () => {
    const longest = SALES_IMPORT_LIMITS.xlsxText;
    const chars = sharedStringsXml(Array.from({ length: 1_000 }, () => 'a'.repeat(longest)));
    const big = xlsx([sheetXml([[{ s: 0 }]])], { sharedStrings: chars });
    // 33 MB of XML in a file of about 40 kB.
    expect(chars.length / big.length).toBeGreaterThan(700);
    await expectRefused(
      big,
      'sales.xlsx.sharedChars',
      'Teksty pliku XLSX mają razem więcej niż 30\u00a0000\u00a0000 znaków',
    );
    // The count limit (2,000,000 entries) is the same code with another number: lib/xlsx-reader.unit.test.ts.
  });

  it('a deflate bomb: a part over 400 MB unpacked, in Polish and in English', async () => {
    const sheet = sheetXml([header]);
    const bomb = xlsx([sheet], {
      extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: 401 * 1024 * 1024 }],
    });
    await expectRefused(
      bomb,
      'sales.xlsx.entryTooBig',
      'Część xl/worksheets/sheet1.xml pliku XLSX po rozpakowaniu przekracza 400 MB',
    );
    await expectRefused(
      bomb,
      'sales.xlsx.entryTooBig',
      'The part xl/worksheets/sheet1.xml of the XLSX file exceeds 400 MB unpacked',
      {
        lang: 'en',
      },
    );
  });

  it('a DOCTYPE with entities (billion laughs, external entity)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><sst><si><t>&c;</t></si></sst>';
    await expectRefused(
      xlsx([sheetXml([[{ s: 0 }]])], { sharedStrings: laughs }),
      'sales.xlsx.doctype',
      'Plik XLSX zawiera deklarację DOCTYPE: encje XML są niedozwolone',
    );
    const external = '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]><worksheet/>';
    await expectRefused(
      xlsx([external]),
      'sales.xlsx.doctype',
      'Plik XLSX zawiera deklarację DOCTYPE: encje XML są niedozwolone',
    );
  });

  it('nesting deeper than the limit, a text longer than a cell can be', async () => {
    const deep = `<worksheet><sheetData>${'<row>'.repeat(200)}${'</row>'.repeat(200)}</sheetData></worksheet>`;
    await expectRefused(
      xlsx([deep]),
      'sales.xlsx.depth',
      'XML w pliku XLSX jest zagnieżdżony zbyt głęboko (dozwolone najwyżej 64 poziomy)',
    );
    await expectRefused(
      xlsx([sheetXml([header, ['x'.repeat(40_000)]])]),
      'sales.xlsx.text',
      'Plik XLSX zawiera tekst lub atrybut dłuższy niż 32\u00a0767 znaków',
    );
  });

  it('more than 5,000,000 cells (a cell in the last column counts the columns before it)', async () => {
    const rows = Array.from(
      { length: 310 },
      (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}" t="inlineStr"><is><t>x</t></is></c></row>`,
    ).join('');
    const wide = `<worksheet><sheetData>${rows}</sheetData></worksheet>`;
    await expectRefused(
      xlsx([wide]),
      'sales.xlsx.cells',
      'Arkusze pliku XLSX mają więcej niż 5\u00a0000\u00a0000 komórek',
    );
  });

  it('a row of more than 10,000 characters', async () => {
    const long = Array.from({ length: 7 }, () => 'b'.repeat(1_500));
    await expectRefused(
      xlsx([sheetXml([header, long])]),
      'sales.recordTooLong',
      'Wiersz 2 pliku ma więcej niż 10\u00a0000 znaków: to nie jest wiersz sprzedaży',
    );
  });
});

describe('the upload limit holds for an XLSX too', () => {
  it('an XLSX over 50 MB (spilled to disk only up to the limit): 413', async () => {
    const file = xlsx([sheetXml([header])], {
      extra: [{ name: 'xl/media/image1.png', data: randomBytes(SALES_IMPORT_LIMITS.fileBytes + 1_000), store: true }],
    });
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('Plik jest za duży: może mieć najwyżej 50 MB');
    const [last] = await t.db.select().from(salesImports).orderBy(desc(salesImports.id)).limit(1);
    expect(last).toMatchObject({ status: 'failed', rowsAccepted: 0 });
  }, 60_000);
});

describe('CSV records over the limit', () => {
  it('a line over 10,000 characters, and a file without any line break', async () => {
    const csv = `${header.join(';')}\r\nFV/1;1;2026-01-05;W;R;P;1;${'x'.repeat(10_001)}\r\n`;
    await expectRefused(
      csv,
      'sales.recordTooLong',
      'Wiersz 2 pliku ma więcej niż 10\u00a0000 znaków: to nie jest wiersz sprzedaży',
      {
        filename: 'sprzedaz.csv',
      },
    );
    await expectRefused(
      csv,
      'sales.recordTooLong',
      'Row 2 of the file has more than 10,000 characters: it is not a sales row',
      {
        filename: 'sprzedaz.csv',
        lang: 'en',
      },
    );
    const oneLine = `${header.join(';')};${'y;'.repeat(200_000)}`;
    await expectRefused(
      oneLine,
      'sales.recordTooLong',
      'Wiersz 1 pliku ma więcej niż 10\u00a0000 znaków: to nie jest wiersz sprzedaży',
      {
        filename: 'sprzedaz.csv',
      },
    );
  });
});

describe('legit XLSX variants still import', () => {
  it('shared strings after the sheet, inline strings, a date by a custom style, a formula by its cached result, a prefixed namespace', async () => {
    const r = await takeRep();
    const doc = `FV/${tag()}`;
    const code = jan.products[0]?.code ?? '';
    const shared = sharedStringsXml([...header, doc, code]);
    const sheet = sheetXml([
      header.map((_, i) => ({ s: i })),
      [{ s: 7 }, 1, { raw: '<v>46027</v>', style: 2 }, r.warehouse, r.asseco, { s: 8 }, { raw: '<f>1+1</f><v>2</v>' }],
      [doc, 2, '2026-01-06', r.warehouse, r.asseco, code, 3],
    ])
      .replace(/<(\/?)(worksheet|sheetData|row|c|v|f|is|t)\b/g, '<$1x:$2')
      .replace('<x:worksheet xmlns=', '<x:worksheet xmlns:x=');
    const res = await upload(xlsx([sheet], { sharedStrings: shared }));
    expect([201, 202], res.body).toContain(res.statusCode);
    const imp = salesImportSchema.parse(res.json());
    expect(imp).toMatchObject({ format: 'xlsx', rows_total: 2 });
    // After the pipeline's merge the import runs as a job: wait for it when there is one.
    await (t.app as unknown as { jobs?: { idle(): Promise<void> } }).jobs?.idle();
    const lines = await t.db.select().from(sales).where(eq(sales.importId, imp.id));
    if (res.statusCode === 201 || lines.length > 0) {
      expect(lines.map((l) => [l.line, l.soldOn, l.quantity]).sort()).toEqual([
        ['1', '2026-01-05', 2],
        ['2', '2026-01-06', 3],
      ]);
    }
  });
});
