import { pagedSchema, taxReportMissingRowSchema, taxReportSummarySchema, warsawDay } from '@incentive/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { answersOf, insertQuiz } from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { ledgerEntries } from '../../db/schema.ts';
import { EARNING_LEDGER_KINDS } from '../wallet/wallet.shared.repo.ts';
import { CATEGORY_OF } from './tax-report.repo.ts';

/*
 * Issue 30 point 4 (decision 062): the year-end tax report from the ledger, proved against it, and a
 * rep's own yearly statement as a PDF.
 */

let t: TestApp;
let admin: string;
let rep: { id: number; email: string; token: string };
const YEAR = Number(warsawDay().slice(0, 4));

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The report's CSV rows as objects by header. */
async function csvRows(year: number): Promise<Record<string, string>[]> {
  const res = await get(`/api/reports/tax-year/export?year=${year}&format=csv`);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body.replace(/^\uFEFF/, ''), { columns: true, delimiter: ';' }) as Record<string, string>[];
}
const grosze = (v: string | undefined) => Math.round(Number((v ?? '0').replace(/\s/g, '').replace(',', '.')) * 100);
const rowOf = (rows: Record<string, string>[], email: string) => rows.find((r) => r['E-mail'] === email);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  const u = await userPool(t.db)({ role: 'seller', activated: true });
  rep = { id: u.id, email: u.email, token: await t.login(u.email) };
});
afterAll(async () => t?.close());
afterEach(() => expectBooksBalance(t, admin));

describe('the year-end tax report', () => {
  it('gives every ledger kind that changes earnings a kind of the report, and none to money that only moves', () => {
    for (const k of EARNING_LEDGER_KINDS) expect(CATEGORY_OF[k], k).not.toBeNull();
    for (const k of Object.keys(CATEGORY_OF) as (keyof typeof CATEGORY_OF)[]) {
      if (!EARNING_LEDGER_KINDS.includes(k)) expect(CATEGORY_OF[k], k).toBeNull();
    }
  });

  it('adds a quiz, a survey and a correction to their kinds, proves the year against the ledger, and sums to the wallet over the years', async () => {
    const before = rowOf(await csvRows(YEAR), rep.email);
    const quiz = await insertQuiz(t.db, { reward: 1250 });
    const survey = await insertQuiz(t.db, { reward: 700, isSurvey: true, correctAnswers: 0 });
    for (const q of [quiz, survey]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/quiz/${q.id}/submit`,
        headers: bearer(rep.token),
        payload: { answers: answersOf(q) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const adj = await t.app.inject({
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: bearer(admin),
      payload: { user_id: rep.id, amount: '3.00', reason: 'Korekta do zestawienia' },
    });
    expect(adj.statusCode, adj.body).toBe(200);

    const after = rowOf(await csvRows(YEAR), rep.email);
    expect(after).toBeDefined();
    expect(grosze(after?.Quizy) - grosze(before?.Quizy)).toBe(1250);
    expect(grosze(after?.Ankiety) - grosze(before?.Ankiety)).toBe(700);
    expect(grosze(after?.Korekty) - grosze(before?.Korekty)).toBe(300);
    expect(grosze(after?.Razem) - grosze(before?.Razem)).toBe(2250);
    for (const r of [after]) {
      expect(grosze(r?.Quizy) + grosze(r?.Ankiety) + grosze(r?.['Wyzwania sprzedażowe']) + grosze(r?.Korekty)).toBe(
        grosze(r?.Razem),
      );
    }

    const summary = taxReportSummarySchema.parse((await get(`/api/reports/tax-year?year=${YEAR}`)).json());
    expect(summary.check.ok).toBe(true);
    expect(summary.check.ledger_total).toBe(summary.totals.total);
    expect(summary.years).toContain(YEAR);
    expect(summary.people).toBe(summary.complete + summary.missing);
    const everyone = await csvRows(YEAR);
    expect(everyone).toHaveLength(summary.people);
    expect(everyone.reduce((s, r) => s + grosze(r.Razem), 0)).toBe(grosze(summary.totals.total));

    // Over all the years, a rep's report totals are what its wallet says it earned.
    const details = await get(`/api/users/${rep.id}`);
    let overYears = 0;
    for (const y of summary.years) overYears += grosze(rowOf(await csvRows(y), rep.email)?.Razem);
    expect(overYears).toBe(grosze(details.json().total_amount));
  });

  it('counts a year in Poland’s time: 23:30 on 31 December is the old year, 00:30 on 1 January the new one', async () => {
    const entries = await t.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, rep.id), eq(ledgerEntries.kind, 'adjustment')))
      .orderBy(ledgerEntries.id);
    const id = entries.at(-1)?.id as number;
    const prev = YEAR - 1;
    const moved = async (iso: string): Promise<[number, number]> => {
      await t.db
        .update(ledgerEntries)
        .set({ createdAt: new Date(iso) })
        .where(eq(ledgerEntries.id, id));
      return [
        grosze(rowOf(await csvRows(prev), rep.email)?.Korekty),
        grosze(rowOf(await csvRows(YEAR), rep.email)?.Korekty),
      ];
    };
    const [oldA, newA] = await moved(`${prev}-12-31T23:30:00+01:00`);
    const [oldB, newB] = await moved(`${YEAR}-01-01T00:30:00+01:00`);
    expect(oldA - oldB).toBe(300);
    expect(newB - newA).toBe(300);
    await t.db.update(ledgerEntries).set({ createdAt: new Date() }).where(eq(ledgerEntries.id, id));
  });

  it('lists apart the people whose tax data is missing, and takes them off once it is complete', async () => {
    const missing = async () =>
      pagedSchema(taxReportMissingRowSchema).parse(
        (await get(`/api/reports/tax-year/missing?year=${YEAR}&per_page=100`)).json(),
      );
    const findRep = async () => {
      for (let page = 1; ; page++) {
        const p = pagedSchema(taxReportMissingRowSchema).parse(
          (await get(`/api/reports/tax-year/missing?year=${YEAR}&per_page=100&page=${page}`)).json(),
        );
        const r = p.data.find((x) => x.id === rep.id);
        if (r || page >= p.last_page) return r;
      }
    };
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(rep.token),
      payload: { pesel: null, tax_office_code: null, street: null, postcode: null, city: null },
    });
    const before = await missing();
    expect((await findRep())?.missing).toEqual([
      'PESEL',
      'Urząd skarbowy',
      'Ulica i numer',
      'Kod pocztowy',
      'Miejscowość',
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(rep.token),
      payload: {
        pesel: '44051401359',
        tax_office_code: '1026',
        street: 'ul. Długa 5/7',
        postcode: '95-100',
        city: 'Zgierz',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await findRep()).toBeUndefined();
    expect((await missing()).total).toBe(before.total - 1);
    const row = rowOf(await csvRows(YEAR), rep.email);
    expect(row).toMatchObject({
      PESEL: '44051401359',
      'Kod urzędu skarbowego': '1026',
      'Urząd skarbowy': 'Urząd Skarbowy w Zgierzu',
      'Dane podatkowe': 'kompletne',
    });

    // The XLSX: complete data on the first sheet, the rest on the second.
    const xlsx = await get(`/api/reports/tax-year/export?year=${YEAR}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([`Zestawienie ${YEAR}`, 'Brak danych podatkowych']);
    expect(book.worksheets[1]?.rowCount).toBe((await missing()).total + 1);
  });

  it('gives a rep its own statement as a PDF with an embedded font for Polish letters, and no one else’s', async () => {
    const years = await get('/api/profile/statement/years', rep.token);
    expect(years.json().years).toContain(YEAR);
    const pdf = await get(`/api/profile/statement?year=${YEAR}`, rep.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is in the file (a subset of DejaVu Sans), with its map to Unicode for copying text.
    expect(bytes.includes(Buffer.from('DejaVuSans'))).toBe(true);
    expect(bytes.includes(Buffer.from('/FontFile2'))).toBe(true);
    expect(bytes.includes(Buffer.from('/ToUnicode'))).toBe(true);

    const none = await get('/api/profile/statement?year=2021', rep.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('W roku 2021 nie było nagród');
    expect((await get('/api/profile/statement?year=1999', rep.token)).statusCode).toBe(422);
    // The report is root's and admin's; the statement only a rep's own (no id to ask for another's).
    expect((await get(`/api/reports/tax-year?year=${YEAR}`, rep.token)).statusCode).toBe(403);
    expect((await get(`/api/profile/statement?year=${YEAR}`, admin)).statusCode).toBe(403);
    const rks = await t.login('rks@example.com');
    expect((await get(`/api/reports/tax-year/export?year=${YEAR}`, rks)).statusCode).toBe(403);
  });

  it('refuses a year outside 2020–2100', async () => {
    const res = await get('/api/reports/tax-year?year=20x5');
    expect(res.statusCode).toBe(422);
    expect((await get('/api/reports/tax-year?year=2019')).json().message).toBe('Podaj rok od 2020 do 2100');
  });
});
