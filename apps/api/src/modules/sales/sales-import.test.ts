import { pagedSchema, salesImportSchema } from '@incentive/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import {
  makeChallenge,
  otherWarehouse,
  repPool,
  SALES_HEADER,
  salesCsv,
  type TestChallenge,
  type TestRep,
  tag,
} from '../../../test/sales-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { giveCard } from '../../../test/wallet-fixtures.ts';
import { queryRows } from '../../db/query-rows.ts';
import { challengeEarnings, ledgerEntries, sales, salesImportRows, salesImports, wallets } from '../../db/schema.ts';
import { failInterruptedImports } from './sales-imports.service.ts';

let t: TestApp;
let admin: string;
let takeRep: () => Promise<TestRep>;
/** A challenge through January 2026 with two products (1.50 and 2.00 PLN per unit). */
let jan: TestChallenge;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
  jan = await makeChallenge(t.db, { startOn: '2026-01-01', endOn: '2026-01-31', rewards: [150, 200] });
});
afterAll(async () => t?.close());

/** The books balance after every test. */
afterEach(() => expectBooksBalance(t, admin));

async function upload(
  bytes: Buffer | string,
  opts: { token?: string; encoding?: string; filename?: string; lang?: string } = {},
) {
  const parts = [
    ...(opts.encoding ? [{ name: 'encoding', value: opts.encoding }] : []),
    {
      name: 'file',
      filename: opts.filename ?? 'sprzedaz.csv',
      contentType: 'text/csv',
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    },
  ];
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/sales-imports',
    headers: { ...form.headers, ...bearer(opts.token ?? admin), 'accept-language': opts.lang ?? 'pl' },
    payload: form.payload,
  });
}

/** The import an upload queued (202), once its job has run: as GET answers it. */
async function settled(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.statusCode, res.body).toBe(202);
  const queued = salesImportSchema.parse(res.json());
  expect(queued.status).toBe('queued');
  await t.app.jobs.idle();
  const got = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${queued.id}`, headers: bearer(admin) });
  expect(got.statusCode, got.body).toBe(200);
  return salesImportSchema.parse(got.json());
}

async function imported(bytes: Buffer | string, opts: Parameters<typeof upload>[1] = {}) {
  return settled(await upload(bytes, opts));
}

async function wallet(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  return w ?? { available: 0, earnedChallenge: 0 };
}

async function earning(challengeId: number, userId: number) {
  const [e] = await t.db
    .select()
    .from(challengeEarnings)
    .where(and(eq(challengeEarnings.challengeId, challengeId), eq(challengeEarnings.userId, userId)));
  return e ?? { units: 0, amount: 0 };
}

async function rejectedCsv(id: number, lang = 'pl') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sales-imports/${id}/rejected.csv`,
    headers: { ...bearer(admin), 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => l.split(';'));
}

async function importRow(id: number) {
  const [row] = await t.db.select().from(salesImports).where(eq(salesImports.id, id));
  return row;
}

async function stagedCount(id: number) {
  const [row] = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*)::text as n from ${salesImportRows} where import_id = ${id}`,
  );
  return Number(row?.n);
}

/** The newest import in the history (a refused file is there too, failed). */
async function newestImport() {
  const res = await t.app.inject({ method: 'GET', url: '/api/sales-imports?per_page=10', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return pagedSchema(salesImportSchema).parse(res.json()).data[0];
}

describe('POST /api/sales-imports: a good file', () => {
  it('imports a UTF-8 CSV with BOM and semicolons: sales, earnings, one ledger entry per rep and challenge', async () => {
    const r = await takeRep();
    const before = await wallet(r.id);
    const doc = `FV/${tag()}`;
    const [p1, p2] = jan.products as [TestChallenge['products'][0], TestChallenge['products'][0]];
    const csv = salesCsv([
      [doc, 1, '2026-01-05', r.warehouse, r.asseco, p1.code, 3],
      [doc, 2, '06.01.2026', r.warehouse, r.asseco.toLowerCase(), p2.code, '2,0'],
      [doc, 3, '07-01-2026', r.warehouse, r.asseco, p1.code, 1],
    ]);
    const res = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]));
    expect(res.json().message).toBe('Plik został przyjęty (3 wiersze): import jest sprawdzany i zapisywany w tle');
    const imp = await settled(res);
    expect(imp).toMatchObject({
      status: 'applied',
      format: 'csv',
      encoding: 'utf-8',
      rows_total: 3,
      rows_accepted: 3,
      rows_skipped: 0,
      rows_rejected: 0,
      amount: '10.00',
      reps_count: 1,
      can_revert: true,
      error: null,
    });
    expect(imp.created_by?.name).toBe('Anna Administratorka');
    expect(imp).toMatchObject({ rows_checked: 3, rows_held: 0, amount_held: '0.00', queue_position: null });
    expect(imp.finished_at).not.toBeNull();

    const after = await wallet(r.id);
    expect(after.available - before.available).toBe(1000);
    expect(after.earnedChallenge - before.earnedChallenge).toBe(1000);
    expect(await earning(jan.id, r.id)).toMatchObject({ units: 6, amount: 1000 });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, r.id), eq(ledgerEntries.sourceId, `${imp.id}:${jan.id}`)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'challenge_reward', amount: 1000, sourceType: 'challenge' });
    expect(entries[0]?.reason).toBe(`Wyzwanie „${jan.name}”: 6 szt. (import sprzedaży nr ${imp.id})`);
    // Only refused rows stay staged: the accepted ones are in `sales`.
    expect(await stagedCount(imp.id)).toBe(0);
    const lines = await t.db.select().from(sales).where(eq(sales.importId, imp.id));
    expect(lines.map((l) => [l.line, l.soldOn, l.quantity, l.reward, l.amount]).sort()).toEqual([
      ['1', '2026-01-05', 3, 150, 450],
      ['2', '2026-01-06', 2, 200, 400],
      ['3', '2026-01-07', 1, 150, 150],
    ]);
  });

  it('the same file twice: the second import skips every row and pays nothing', async () => {
    const r = await takeRep();
    const csv = salesCsv([[`FV/${tag()}`, 1, '2026-01-10', r.warehouse, r.asseco, jan.products[0]?.code ?? '', 4]]);
    const first = await imported(csv);
    expect(first).toMatchObject({ rows_accepted: 1, amount: '6.00' });
    const mid = await wallet(r.id);
    const second = await imported(csv);
    expect(second).toMatchObject({
      status: 'applied',
      rows_accepted: 0,
      rows_skipped: 1,
      amount: '0.00',
      reps_count: 0,
    });
    expect(await wallet(r.id)).toMatchObject({ available: mid.available, earnedChallenge: mid.earnedChallenge });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceId, `${second.id}:${jan.id}`));
    expect(entries).toEqual([]);
  });

  it('reads a Windows-1250 CSV with Polish letters, detected or chosen, with commas', async () => {
    const r = await takeRep();
    for (const encoding of [undefined, 'windows-1250']) {
      const doc = `FV/ŁÓDŹ/ŻÓŁW/${tag()}`;
      const csv = salesCsv([[doc, 1, '2026-01-11', r.warehouse, r.asseco, jan.products[1]?.code ?? '', 1]], ',');
      const imp = await imported(iconv.encode(csv, 'win1250'), { encoding });
      expect(imp).toMatchObject({ encoding: 'windows-1250', rows_accepted: 1, amount: '2.00' });
      const [line] = await t.db.select().from(sales).where(eq(sales.importId, imp.id));
      expect(line?.document).toBe(doc);
    }
  });

  it('refuses a Windows-1250 file when UTF-8 is chosen (422, nothing staged)', async () => {
    const r = await takeRep();
    const csv = salesCsv([[`FV/ŹDŹBŁO/${tag()}`, 1, '2026-01-11', r.warehouse, r.asseco, 'X', 1]]);
    const res = await upload(iconv.encode(csv, 'win1250'), { encoding: 'utf-8' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Plik nie jest zapisany w UTF-8: wybierz kodowanie Windows-1250');
    const last = await newestImport();
    expect(last).toMatchObject({
      status: 'failed',
      error: 'Plik nie jest zapisany w UTF-8: wybierz kodowanie Windows-1250',
    });
    expect(await stagedCount(last?.id ?? 0)).toBe(0);
  });

  it('imports an XLSX (date and number cells) built with exceljs', async () => {
    const r = await takeRep();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sprzedaż');
    ws.addRow(['Nr dokumentu', 'LP', 'Data', 'Kod hurtowni', 'Kod PH', 'Indeks', 'Sztuki', 'Uwagi']);
    const doc = `FV/${tag()}`;
    ws.addRow([doc, 1, new Date(Date.UTC(2026, 0, 20)), r.warehouse, r.asseco, jan.products[0]?.code, 2, 'ok']);
    ws.addRow([doc, 2, '21.01.2026', r.warehouse, r.asseco, jan.products[1]?.code, 1.5, 'ułamek']);
    ws.getCell('C2').numFmt = 'yyyy-mm-dd';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const imp = await imported(bytes, { filename: 'sprzedaz.xlsx' });
    expect(imp).toMatchObject({ format: 'xlsx', encoding: null, rows_total: 2, rows_accepted: 1, rows_rejected: 1 });
    const [line] = await t.db.select().from(sales).where(eq(sales.importId, imp.id));
    expect(line).toMatchObject({ soldOn: '2026-01-20', quantity: 2, amount: 300 });
    const report = await rejectedCsv(imp.id);
    expect(report[1]?.at(-1)).toBe('Ilość nie może zawierać części sztuki');
  });
});

describe('POST /api/sales-imports: a file refused whole', () => {
  it('wrong columns: 422 naming them, in Polish and in English; the import is failed', async () => {
    const csv = 'Dokument;Data;Towar;Ilosc\r\nFV/1;2026-01-05;X;1\r\n';
    const pl = await upload(csv);
    expect(pl.statusCode, pl.body).toBe(422);
    expect(pl.json().message).toBe('W pliku brakuje kolumn: pozycja, hurtownia, przedstawiciel, produkt');
    const failed = await newestImport();
    expect(failed).toMatchObject({ status: 'failed', rows_accepted: 0 });
    expect(failed?.error).toBe('W pliku brakuje kolumn: pozycja, hurtownia, przedstawiciel, produkt');
    const en = await upload(csv, { lang: 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.json().message).toBe('The file lacks the columns: pozycja, hurtownia, przedstawiciel, produkt');
  });

  it('empty: a header only, or no bytes at all', async () => {
    for (const body of [salesCsv([]), '']) {
      const res = await upload(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('Plik nie zawiera żadnego wiersza sprzedaży');
    }
    const en = await upload(salesCsv([]), { lang: 'en' });
    expect(en.json().message).toBe('The file contains no sales rows');
  });

  it('a binary renamed .csv (PNG bytes) is refused by its bytes', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await upload(png, { filename: 'sprzedaz.csv' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Nieprawidłowy typ pliku: dozwolone są pliki CSV i XLSX');
    expect(await newestImport()).toMatchObject({ status: 'failed', format: null });
  });

  it('a ZIP that is not a workbook is unreadable', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]);
    const res = await upload(zip, { filename: 'sprzedaz.xlsx' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/^Nie udało się odczytać pliku/);
  });

  it('no file part: 422 asking for one; not multipart: 415; a file part named otherwise: 422', async () => {
    const onlyField = multipart([{ name: 'encoding', value: 'auto' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/sales-imports',
      headers: { ...onlyField.headers, ...bearer(admin) },
      payload: onlyField.payload,
    });
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().message).toBe('Wybierz plik CSV lub XLSX ze sprzedażą');
    const json = await t.app.inject({ method: 'POST', url: '/api/sales-imports', headers: bearer(admin), payload: {} });
    expect(json.statusCode).toBe(415);
    const wrong = multipart([{ name: 'image', filename: 'a.csv', bytes: Buffer.from(salesCsv([])) }]);
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/sales-imports',
      headers: { ...wrong.headers, ...bearer(admin) },
      payload: wrong.payload,
    });
    expect(named.statusCode, named.body).toBe(422);
  });

  it('an unknown encoding is a 422', async () => {
    const res = await upload(salesCsv([]), { encoding: 'latin-2' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Kodowanie musi być jednym z: auto, utf-8, windows-1250');
  });

  it('a file over 50 MB: 413, and nothing staged', async () => {
    const r = await takeRep();
    // Lines under the record limit (SALES_IMPORT_LIMITS.recordChars): the size is what refuses it.
    const note = 'x'.repeat(9_000);
    const header = `${SALES_HEADER.join(';')};Uwagi\r\n`;
    const row = (i: number) => `FV/BIG;${i};2026-01-05;${r.warehouse};${r.asseco};NOPE;1;${note}\r\n`;
    const rows: string[] = [header];
    let size = header.length;
    for (let i = 1; size <= 50 * 1024 * 1024; i++) {
      const line = row(i);
      rows.push(line);
      size += line.length;
    }
    const res = await upload(rows.join(''));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('Plik jest za duży: może mieć najwyżej 50 MB');
    const last = await newestImport();
    expect(last).toMatchObject({ status: 'failed' });
    expect(await stagedCount(last?.id ?? 0)).toBe(0);
  }, 120_000);

  it('more than 200,000 rows: 422, and nothing staged', async () => {
    const lines = [SALES_HEADER.join(',')];
    for (let i = 1; i <= 200_001; i++) lines.push(`M${i},1,2026-01-05,W,R,P,1`);
    const res = await upload(`${lines.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Plik ma za dużo wierszy: w jednym imporcie może być najwyżej 200 000');
    const last = await newestImport();
    expect(last).toMatchObject({ status: 'failed' });
    expect(await stagedCount(last?.id ?? 0)).toBe(0);
  }, 180_000);
});

describe('rows refused one by one, and the report', () => {
  it('marks every bad row with its reason; the good ones are paid; rejected.csv lists them in file order', async () => {
    const r = await takeRep();
    const elsewhere = await otherWarehouse(t.db, r.warehouseId);
    const stranger = await takeRep();
    const code = jan.products[0]?.code ?? '';
    const doc = `FV/${tag()}`;
    const rows: (string | number)[][] = [
      // A correction returning more than the rep holds (2 units, sold below in this file).
      [doc, 1, '2026-01-05', r.warehouse, r.asseco, code, -5],
      [doc, 2, '2026-01-05', r.warehouse, r.asseco, code, '1,5'],
      [doc, 3, '2026-01-05', r.warehouse, r.asseco, code, 0],
      [doc, 4, '2026-01-05', r.warehouse, r.asseco, code, 'abc'],
      [doc, 5, '2026-02-30', r.warehouse, r.asseco, code, 1],
      [doc, 6, '5 stycznia', r.warehouse, r.asseco, code, 1],
      [doc, 7, '2026-01-05', 'NO-SUCH-WH', r.asseco, code, 1],
      [doc, 8, '2026-01-05', r.warehouse, 'PH-NOBODY', code, 1],
      [doc, 9, '2026-01-05', elsewhere, r.asseco, code, 1],
      [doc, 10, '2026-01-05', r.warehouse, r.asseco, 'NO-SUCH-PRODUCT', 1],
      [doc, 11, '2026-02-05', r.warehouse, r.asseco, code, 1],
      [doc, 12, '2026-01-05', r.warehouse, r.asseco, code, 2],
      [doc, 12, '2026-01-06', r.warehouse, r.asseco, code, 5],
      ['', 13, '2026-01-05', r.warehouse, r.asseco, code, 1],
      [doc, '', '2026-01-05', r.warehouse, r.asseco, code, 1],
      [doc, 14, '2026-01-05', r.warehouse, 'x'.repeat(101), code, 1],
      [doc, 15, '2026-01-05', stranger.warehouse === r.warehouse ? elsewhere : r.warehouse, stranger.asseco, code, 1],
    ];
    const imp = await imported(salesCsv(rows));
    // The row without a document is a totals row: skipped and counted, not refused.
    expect(imp).toMatchObject({ rows_total: 16, rows_accepted: 1, rows_rejected: 15, rows_summary: 1, amount: '3.00' });
    const report = await rejectedCsv(imp.id);
    expect(report[0]).toEqual([
      'Wiersz',
      'Dokument',
      'Pozycja',
      'Data sprzedaży',
      'Hurtownia',
      'Przedstawiciel',
      'Produkt',
      'Ilość',
      'Powód odrzucenia',
    ]);
    const reasons = report.slice(1).map((l) => [l[0], l.at(-1)]);
    expect(reasons).toEqual([
      ['2', 'Korekta zwraca więcej sztuk, niż sprzedano w wyzwaniu'],
      ['3', 'Ilość nie może zawierać części sztuki'],
      ['4', 'Ilość musi być liczbą całkowitą różną od zera'],
      ['5', 'Ilość musi być liczbą całkowitą różną od zera'],
      ['6', 'Nieprawidłowa data sprzedaży (oczekiwano RRRR-MM-DD lub DD.MM.RRRR)'],
      ['7', 'Nieprawidłowa data sprzedaży (oczekiwano RRRR-MM-DD lub DD.MM.RRRR)'],
      ['8', 'Nieznana hurtownia (asseco id)'],
      ['9', 'Nieznany przedstawiciel (asseco id)'],
      ['10', 'Przedstawiciel nie należy do tej hurtowni'],
      ['11', 'Nieznany kod produktu'],
      ['12', 'Produkt nie był w tym dniu w żadnym wyzwaniu'],
      ['14', 'Ta pozycja dokumentu występuje w pliku więcej niż raz'],
      ['16', 'Brak numeru pozycji'],
      ['17', 'Wartość w komórce jest za długa (najwyżej 100 znaków)'],
      ['18', 'Przedstawiciel nie należy do tej hurtowni'],
    ]);
    // Cells as read: the refused quantity and date are in the report as the file had them.
    expect(report[2]?.[7]).toBe('1,5');
    expect(report[6]?.[3]).toBe('5 stycznia');
    const en = await rejectedCsv(imp.id, 'en');
    expect(en[0]?.at(-1)).toBe('Reason');
    expect(en[2]?.at(-1)).toBe('The quantity cannot hold a part of a unit');
    expect(await earning(jan.id, r.id)).toMatchObject({ units: 2, amount: 300 });
  });
});

describe('imports at the same time', () => {
  it('two overlapping files at once: each line is paid once', async () => {
    const r = await takeRep();
    const before = await wallet(r.id);
    const doc = `FV/${tag()}`;
    const code = jan.products[0]?.code ?? '';
    const line = (n: number) => [doc, n, '2026-01-12', r.warehouse, r.asseco, code, 1];
    const a = salesCsv([1, 2, 3, 4].map(line));
    const b = salesCsv([3, 4, 5, 6].map(line));
    const [ra, rb] = await Promise.all([upload(a), upload(b)]);
    const ia = await settled(ra);
    const ib = await settled(rb);
    expect(ia.rows_accepted + ib.rows_accepted).toBe(6);
    expect(ia.rows_skipped + ib.rows_skipped).toBe(2);
    const lines = await t.db.select().from(sales).where(eq(sales.document, doc));
    expect(lines).toHaveLength(6);
    expect((await wallet(r.id)).available - before.available).toBe(6 * 150);
  });
});

describe('POST /api/sales-imports/{id}/revert', () => {
  it('gives the money back, takes the earnings off, and the lines may be imported again', async () => {
    const r = await takeRep();
    const before = await wallet(r.id);
    const earnedBefore = await earning(jan.id, r.id);
    const csv = salesCsv([[`FV/${tag()}`, 1, '2026-01-15', r.warehouse, r.asseco, jan.products[1]?.code ?? '', 5]]);
    const imp = await imported(csv);
    expect(imp.amount).toBe('10.00');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${imp.id}/revert`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const reverted = salesImportSchema.parse(res.json());
    expect(reverted).toMatchObject({ status: 'reverted', can_revert: false, message: 'Import został cofnięty' });
    expect(reverted.reverted_by?.name).toBe('Anna Administratorka');
    expect(await wallet(r.id)).toMatchObject({ available: before.available, earnedChallenge: before.earnedChallenge });
    expect(await earning(jan.id, r.id)).toMatchObject({ units: earnedBefore.units, amount: earnedBefore.amount });
    const [reversal] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'challenge_reversal'), eq(ledgerEntries.sourceId, `${imp.id}:${jan.id}`)));
    expect(reversal).toMatchObject({ userId: r.id, amount: 1000 });
    expect(reversal?.reason).toBe(`Cofnięty import sprzedaży nr ${imp.id} (wyzwanie „${jan.name}”)`);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${imp.id}/revert`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Można cofnąć tylko zapisany import');

    const reimported = await imported(csv);
    expect(reimported).toMatchObject({ rows_accepted: 1, amount: '10.00' });
    expect((await wallet(r.id)).available - before.available).toBe(1000);
  });

  it('is refused once a rep has asked to withdraw the money', async () => {
    const r = await takeRep();
    await giveCard(t.db, r.id);
    const csv = salesCsv([[`FV/${tag()}`, 1, '2026-01-16', r.warehouse, r.asseco, jan.products[0]?.code ?? '', 2]]);
    const imp = await imported(csv);
    const token = await t.login(r.email);
    const available = (await wallet(r.id)).available;
    const w = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawal',
      headers: bearer(token),
      payload: { amount: available / 100 },
    });
    expect(w.statusCode, w.body).toBe(200);
    const one = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${imp.id}`, headers: bearer(admin) });
    expect(salesImportSchema.parse(one.json()).can_revert).toBe(false);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${imp.id}/revert`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('The import cannot be reverted: 1 rep has already withdrawn money from it');
    expect((await importRow(imp.id))?.status).toBe('applied');
  });

  it('404 for an unknown import', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sales-imports/999999/revert', headers: bearer(admin) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Nie znaleziono importu');
  });
});

describe('history, roles, interrupted imports', () => {
  it('lists newest first, paged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sales-imports?per_page=10', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const list = pagedSchema(salesImportSchema).parse(res.json());
    expect(list.total).toBeGreaterThan(0);
    const ids = list.data.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const search = async (term: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sales-imports?search=${term}`,
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      return pagedSchema(salesImportSchema).parse(res.json());
    };
    const csv = await search('.CSV');
    expect(csv.total).toBeGreaterThan(0);
    expect(csv.data.every((i) => i.file_name.endsWith('.csv'))).toBe(true);
    expect((await search('no-such-file')).total).toBe(0);
  });

  it('only root and admin may import, list, download and revert', async () => {
    const csv = salesCsv([]);
    for (const email of ['root@example.com', 'admin@example.com']) {
      const token = await t.login(email);
      expect((await upload(csv, { token })).statusCode).toBe(422);
      const list = await t.app.inject({ method: 'GET', url: '/api/sales-imports', headers: bearer(token) });
      expect(list.statusCode).toBe(200);
    }
    for (const email of ['provider@example.com', 'wholesaler@example.com', 'rks@example.com', 'seller@example.com']) {
      const token = await t.login(email);
      expect((await upload(csv, { token })).statusCode, email).toBe(403);
      for (const url of ['/api/sales-imports', '/api/sales-imports/1', '/api/sales-imports/1/rejected.csv']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, `${email} ${url}`).toBe(403);
      }
      const revert = await t.app.inject({ method: 'POST', url: '/api/sales-imports/1/revert', headers: bearer(token) });
      expect(revert.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sales-imports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an import left in staging by a stopped process is marked failed later, its rows dropped', async () => {
    const [row] = await t.db
      .insert(salesImports)
      .values({ fileName: 'przerwany.csv', createdAt: new Date(Date.now() - 2 * 3600_000) })
      .returning();
    const [fresh] = await t.db.insert(salesImports).values({ fileName: 'w-toku.csv' }).returning();
    const id = row?.id ?? 0;
    await t.db.insert(salesImportRows).values({
      importId: id,
      rowNo: 2,
      document: 'D',
      line: '1',
      soldOn: '2026-01-05',
      warehouse: 'W',
      rep: 'R',
      product: 'P',
      quantity: '1',
    });
    expect(await failInterruptedImports(t.db)).toBeGreaterThanOrEqual(1);
    expect(await importRow(id)).toMatchObject({ status: 'failed', error: 'sales.interrupted' });
    expect(await stagedCount(id)).toBe(0);
    // One being read right now (by this or another instance) is left alone.
    expect((await importRow(fresh?.id ?? 0))?.status).toBe('staging');
    await t.db
      .update(salesImports)
      .set({ status: 'failed' })
      .where(eq(salesImports.id, fresh?.id ?? 0));
    const res = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${id}`, headers: bearer(admin) });
    expect(salesImportSchema.parse(res.json()).error).toBe(
      'Import został przerwany przed zapisaniem; nic z niego nie zostało zaliczone',
    );
  });

  it('revert of a failed import is a 409', async () => {
    const [failed] = await t.db
      .select({ id: salesImports.id })
      .from(salesImports)
      .where(inArray(salesImports.status, ['failed']))
      .limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${failed?.id}/revert`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(409);
  });
});
