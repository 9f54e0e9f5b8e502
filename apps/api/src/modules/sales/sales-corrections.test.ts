import {
  ledgerEntrySchema,
  managerReclaimListSchema,
  pagedSchema,
  salesImportSchema,
  userSchema,
} from '@incentive/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import {
  makeChallenge,
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
import { challengeEarnings, ledgerEntries, sales, salesImports, wallets } from '../../db/schema.ts';
import { postMany } from '../wallet/wallet.service.ts';
import { reclaimRegionalManagerMoney } from './sales-imports.service.ts';

/*
 * ERP reports as they come (title rows, several sheets, totals rows, Excel dates), returns and
 * corrections with amounts owed (decision 044), and who may earn (decision 045). The books are
 * checked after every test.
 */

let t: TestApp;
let admin: string;
let takeRep: () => Promise<TestRep>;
/** February 2026: 1.50 and 2.00 PLN per unit. */
let feb: TestChallenge;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
  feb = await makeChallenge(t.db, { startOn: '2026-02-01', endOn: '2026-02-28', rewards: [150, 200] });
});
afterAll(async () => t?.close());

afterEach(() => expectBooksBalance(t, admin));

async function upload(bytes: Buffer | string, filename = 'sprzedaz.csv') {
  const form = multipart([
    {
      name: 'file',
      filename,
      contentType: 'application/octet-stream',
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/sales-imports',
    headers: { ...form.headers, ...bearer(admin), 'accept-language': 'pl' },
    payload: form.payload,
  });
}

/** The import an upload queued (202), once its job has run: as GET answers it. */
async function imported(bytes: Buffer | string, filename?: string) {
  const res = await upload(bytes, filename);
  expect(res.statusCode, res.body).toBe(202);
  const { id, message } = salesImportSchema.parse(res.json());
  await t.app.jobs.idle();
  const got = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${id}`, headers: bearer(admin) });
  expect(got.statusCode, got.body).toBe(200);
  // The upload's message (what the file held), with the import as its job left it.
  return { ...salesImportSchema.parse(got.json()), message };
}

async function wallet(userId: number) {
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  if (!w) throw new Error(`no wallet ${userId}`);
  return w;
}

async function earning(userId: number) {
  const [e] = await t.db
    .select()
    .from(challengeEarnings)
    .where(and(eq(challengeEarnings.challengeId, feb.id), eq(challengeEarnings.userId, userId)));
  return e ?? { units: 0, amount: 0 };
}

async function rejectedReasons(id: number): Promise<string[][]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sales-imports/${id}/rejected.csv`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(';'))
    .map((l) => [l[0] ?? '', l.at(-1) ?? '']);
}

/** Withdraws everything the rep holds, as the rep does on its wallet page. */
async function withdrawAll(rep: TestRep) {
  await giveCard(t.db, rep.id);
  const token = await t.login(rep.email);
  const { available } = await wallet(rep.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/withdrawal',
    headers: bearer(token),
    payload: { amount: available / 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await wallet(rep.id)).available).toBe(0);
  return token;
}

const [p1code, p2code] = [() => feb.products[0]?.code ?? '', () => feb.products[1]?.code ?? ''];
const excelSerial = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;

describe('ERP reports as they come', () => {
  it('an XLSX: the sheet with the columns after one without, three title rows and a merged title above the header, a totals row; Excel dates, serials and text dates; 12,0 and 12.0', async () => {
    const r = await takeRep();
    const doc = `FV/${tag()}`;
    const wb = new ExcelJS.Workbook();
    const info = wb.addWorksheet('Informacje');
    info.addRow(['Raport wygenerowany z systemu ERP']);
    info.addRow(['Hurtownia', r.warehouse]);
    const ws = wb.addWorksheet('Sprzedaż');
    ws.addRow(['Raport sprzedaży – luty 2026']);
    ws.mergeCells('A1:G1');
    ws.addRow(['Okres: 01.02.2026 – 28.02.2026']);
    ws.addRow(['Wygenerowano: 01.03.2026 08:00']);
    ws.addRow([]);
    ws.addRow(SALES_HEADER);
    ws.addRow([doc, 1, new Date(Date.UTC(2026, 1, 2)), r.warehouse, r.asseco, p1code(), 2]);
    ws.getCell('C6').numFmt = 'dd.mm.yyyy';
    // A date cell the ERP wrote without a date style: its serial number.
    ws.addRow([doc, 2, excelSerial(2026, 2, 3), r.warehouse, r.asseco, p1code(), 1]);
    ws.addRow([doc, 3, '04.02.2026', r.warehouse, r.asseco, p2code(), '12,0']);
    ws.addRow([doc, 4, '2026-02-05', r.warehouse, r.asseco, p1code(), 12.0]);
    ws.addRow([doc, 5, '2026-02-05', r.warehouse, r.asseco, p1code(), '12,5']);
    ws.addRow(['Razem', '', '', '', '', '', { formula: 'SUM(G6:G10)', result: 39.5 }]);
    ws.addRow(['', '', '', '', '', 'Suma kontrolna', 39.5]);
    // A later sheet with the columns is not read.
    const other = wb.addWorksheet('Archiwum');
    other.addRow(SALES_HEADER);
    other.addRow([`FV/${tag()}`, 1, '2026-02-06', r.warehouse, r.asseco, p1code(), 100]);
    const before = await wallet(r.id);
    const imp = await imported(Buffer.from(await wb.xlsx.writeBuffer()), 'raport.xlsx');
    expect(imp).toMatchObject({
      format: 'xlsx',
      rows_total: 5,
      rows_accepted: 4,
      rows_rejected: 1,
      rows_summary: 2,
      // (2 + 1 + 12) × 1.50 + 12 × 2.00
      amount: '46.50',
    });
    expect(imp.message).toBe(
      'Plik został przyjęty (5 wierszy): import jest sprawdzany i zapisywany w tle. Pominięte wiersze podsumowań: 2',
    );
    const lines = await t.db.select().from(sales).where(eq(sales.importId, imp.id));
    expect(lines.map((l) => [l.line, l.soldOn, l.quantity]).sort()).toEqual([
      ['1', '2026-02-02', 2],
      ['2', '2026-02-03', 1],
      ['3', '2026-02-04', 12],
      ['4', '2026-02-05', 12],
    ]);
    expect(await rejectedReasons(imp.id)).toEqual([['10', 'Ilość nie może zawierać części sztuki']]);
    expect((await wallet(r.id)).available - before.available).toBe(4650);
  });

  it('a CSV with title lines, an empty line and a totals row; the separator is found below the title', async () => {
    const r = await takeRep();
    const doc = `FV/${tag()}`;
    const csv = [
      `Raport sprzedaży, hurtownia ${r.warehouse}`,
      'Okres: 01.02.2026 - 28.02.2026',
      '',
      SALES_HEADER.join(';'),
      [doc, 1, '10.02.2026', r.warehouse, r.asseco, p1code(), '3,0'].join(';'),
      [doc, 2, String(excelSerial(2026, 2, 11)), r.warehouse, r.asseco, p2code(), '1'].join(';'),
      ['Suma', '', '', '', '', '', '4'].join(';'),
      ['', '', '', '', '', '', '4'].join(';'),
    ].join('\r\n');
    const imp = await imported(csv);
    expect(imp).toMatchObject({ rows_total: 2, rows_accepted: 2, rows_rejected: 0, rows_summary: 2, amount: '6.50' });
  });

  it('a file whose first rows never hold the columns is refused naming the closest header’s missing ones', async () => {
    const csv = [
      'Raport',
      'Dokument;Pozycja;Data sprzedaży;Hurtownia;Przedstawiciel;Produkt',
      'FV/1;1;2026-02-01;W;R;P',
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('W pliku brakuje kolumn: ilość');
  });
});

describe('returns and corrections', () => {
  it('a correction for a rep who withdrew everything is owed; taken once; later sales settle it first', async () => {
    const r = await takeRep();
    const sale = await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-03', r.warehouse, r.asseco, p1code(), 10]]));
    expect(sale.amount).toBe('15.00');
    const token = await withdrawAll(r);
    const w0 = await wallet(r.id);

    const correction = salesCsv([[`KOR/${tag()}`, 1, '2026-02-10', r.warehouse, r.asseco, p1code(), -4]]);
    const imp = await imported(correction);
    expect(imp).toMatchObject({ rows_accepted: 1, amount: '0.00', amount_corrected: '6.00', reps_count: 1 });
    const w1 = await wallet(r.id);
    expect(w1).toMatchObject({ available: 0, owed: 600, inWithdrawal: w0.inWithdrawal });
    expect(w1.earnedChallenge).toBe(w0.earnedChallenge - 600);
    expect(await earning(r.id)).toMatchObject({ units: 6, amount: 900 });
    const [owedEntry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, r.id), eq(ledgerEntries.kind, 'sale_correction_owed')));
    expect(owedEntry).toMatchObject({ amount: 600, sourceId: `${imp.id}:${feb.id}` });

    // The rep sees it: what it owes, and the correction in its money history with its reason.
    const me = userSchema.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json());
    expect(me.wallet).toMatchObject({ money: '0.00', owed: '6.00' });
    // What the rep earned in all counts the correction: available + in withdrawal + withdrawn − owed.
    expect(Math.round((Number(me.money_earned) + Number(me.money_withdrawed)) * 100)).toBe(
      w1.available + w1.inWithdrawal + w1.withdrawn - w1.owed,
    );
    const history = pagedSchema(ledgerEntrySchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(token) })).json(),
    );
    expect(history.data[0]).toMatchObject({ kind: 'sale_correction_owed', amount: '-6.00' });
    expect(history.data[0]?.reason).toMatch(/^Korekta sprzedaży: wyzwanie „.+”, zwrot 4 szt\./);
    // The admin sees it on the rep's details.
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${r.id}`, headers: bearer(admin) });
    expect(details.json().wallet.owed).toBe('6.00');

    // The same correction again: skipped, nothing taken twice.
    const again = await imported(correction);
    expect(again).toMatchObject({ rows_accepted: 0, rows_skipped: 1, amount_corrected: '0.00' });
    expect((await wallet(r.id)).owed).toBe(600);

    // A new sale of 4.00 settles 4.00 of the 6.00 owed; the next one the rest, and the rep keeps what is left.
    await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-12', r.warehouse, r.asseco, p2code(), 2]]));
    expect(await wallet(r.id)).toMatchObject({ available: 0, owed: 200 });
    await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-13', r.warehouse, r.asseco, p1code(), 5]]));
    expect(await wallet(r.id)).toMatchObject({ available: 550, owed: 0 });
    const settlements = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, r.id), eq(ledgerEntries.kind, 'owed_settlement')));
    expect(settlements.map((s) => s.amount).sort()).toEqual([200, 400]);
    const after = pagedSchema(ledgerEntrySchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/history', headers: bearer(token) })).json(),
    );
    expect(after.data[0]).toMatchObject({ kind: 'owed_settlement', amount: '-2.00' });
  });

  it('a correction the wallet covers is taken from it; a revert gives it back; a second file’s correction past the sales is refused', async () => {
    const r = await takeRep();
    const before = await wallet(r.id);
    await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-03', r.warehouse, r.asseco, p2code(), 3]]));
    const kor = await imported(salesCsv([[`KOR/${tag()}`, 1, '2026-02-04', r.warehouse, r.asseco, p2code(), '-2,0']]));
    expect(kor).toMatchObject({ rows_accepted: 1, amount_corrected: '4.00', can_revert: true });
    expect(await wallet(r.id)).toMatchObject({ available: before.available + 200, owed: 0 });
    const [taken] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, r.id), eq(ledgerEntries.kind, 'sale_correction')));
    expect(taken).toMatchObject({ amount: 400 });

    const tooMuch = await imported(salesCsv([[`KOR/${tag()}`, 1, '2026-02-05', r.warehouse, r.asseco, p2code(), -2]]));
    expect(tooMuch).toMatchObject({ rows_accepted: 0, rows_rejected: 1 });
    expect(await rejectedReasons(tooMuch.id)).toEqual([['2', 'Korekta zwraca więcej sztuk, niż sprzedano w wyzwaniu']]);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${kor.id}/revert`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet(r.id)).toMatchObject({ available: before.available + 600, owed: 0 });
    expect(await earning(r.id)).toMatchObject({ units: 3, amount: 600 });
    const [givenBack] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, r.id), eq(ledgerEntries.kind, 'sale_correction_reversal')));
    expect(givenBack).toMatchObject({ amount: 400, sourceId: `${kor.id}:${feb.id}` });
  });

  it('reverting a correction that is still owed cancels the debt', async () => {
    const r = await takeRep();
    await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-03', r.warehouse, r.asseco, p1code(), 4]]));
    await withdrawAll(r);
    const kor = await imported(salesCsv([[`KOR/${tag()}`, 1, '2026-02-04', r.warehouse, r.asseco, p1code(), -4]]));
    expect(await wallet(r.id)).toMatchObject({ available: 0, owed: 600 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${kor.id}/revert`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet(r.id)).toMatchObject({ available: 0, owed: 0 });
    expect(await earning(r.id)).toMatchObject({ units: 4, amount: 600 });
  });

  it('the database refuses a wallet that holds money while it owes', async () => {
    const r = await takeRep();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update wallets set owed = owed + 100, earned_challenge = earned_challenge - 100
          where user_id = ${r.id}`);
      }),
    ).rejects.toThrow();
  });
});

describe('who may earn', () => {
  async function manager() {
    const [m] = await queryRows<{ id: number; asseco: string; warehouse: string; email: string }>(
      t.db,
      sql`select u.id, u.asseco_id as asseco, w.asseco_id as warehouse, u.email
        from users u join user_warehouses uw on uw.user_id = u.id join warehouses w on w.id = uw.warehouse_id
        where u.role = 'seller_reg' and u.asseco_id is not null and u.deleted_at is null and w.deleted_at is null
        order by u.id limit 1`,
    );
    if (!m) throw new Error('the demo seed has no regional manager');
    return m;
  }

  it('a regional manager’s row is refused with its reason; the demo gave managers no money', async () => {
    const m = await manager();
    const imp = await imported(salesCsv([[`FV/${tag()}`, 1, '2026-02-03', m.warehouse, m.asseco, p1code(), 2]]));
    expect(imp).toMatchObject({ rows_accepted: 0, rows_rejected: 1, amount: '0.00' });
    expect(await rejectedReasons(imp.id)).toEqual([['2', 'Kierownik regionalny nie otrzymuje nagród za sprzedaż']]);
    const [held] = await queryRows<{ n: string }>(
      t.db,
      sql`select coalesce(sum(w.available + w.in_withdrawal + w.withdrawn), 0)::text as n
        from wallets w join users u on u.id = w.user_id where u.role = 'seller_reg'`,
    );
    expect(held?.n).toBe('0');
  });

  it('money already credited to a manager is moved out through the ledger, listed for the admin, once', async () => {
    const m = await manager();
    // As an import before this rule paid it: a sale, its earnings and its reward.
    const [imp] = await t.db
      .insert(salesImports)
      .values({ fileName: 'stary.csv', status: 'applied' })
      .returning({ id: salesImports.id });
    const importId = imp?.id ?? 0;
    const [warehouse] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from warehouses where asseco_id = ${m.warehouse}`,
    );
    await t.db.transaction(async (tx) => {
      await tx.insert(sales).values({
        importId,
        document: `FV/${tag()}`,
        line: '1',
        soldOn: '2026-02-03',
        warehouseId: warehouse?.id ?? 0,
        userId: m.id,
        productId: feb.products[0]?.id ?? 0,
        challengeId: feb.id,
        quantity: 8,
        reward: 150,
        amount: 1200,
      });
      await tx.insert(challengeEarnings).values({ challengeId: feb.id, userId: m.id, units: 8, amount: 1200 });
      await postMany(tx, [
        {
          userId: m.id,
          kind: 'challenge_reward',
          amount: 1200,
          sourceType: 'challenge',
          sourceId: `${importId}:${feb.id}`,
          reason: 'stara nagroda',
        },
      ]);
    });
    expect((await wallet(m.id)).available).toBe(1200);

    expect(await reclaimRegionalManagerMoney(t.db)).toBe(1);
    expect(await wallet(m.id)).toMatchObject({ available: 0, owed: 0 });
    expect(await earning(m.id)).toMatchObject({ units: 0, amount: 0 });
    const [reclaim] = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, m.id), eq(ledgerEntries.kind, 'manager_reclaim')));
    expect(reclaim).toMatchObject({ amount: 1200 });
    expect(reclaim?.reason).toBe(
      'Środki cofnięte: kierownik regionalny nie otrzymuje nagród, nie może ich zobaczyć ani wypłacić',
    );
    // The reward entry stays: nothing is deleted.
    const rewards = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, m.id), eq(ledgerEntries.kind, 'challenge_reward')));
    expect(rewards).toHaveLength(1);

    // Run again: nothing more to move.
    expect(await reclaimRegionalManagerMoney(t.db)).toBe(0);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/sales-imports/manager-reclaims',
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const body = managerReclaimListSchema.parse(list.json());
    expect(body.data[0]).toMatchObject({ user: { id: m.id, email: m.email }, amount: '12.00' });

    for (const email of ['seller@example.com', 'rks@example.com', 'provider@example.com']) {
      const token = await t.login(email);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/sales-imports/manager-reclaims',
        headers: bearer(token),
      });
      expect(res.statusCode, email).toBe(403);
    }
  });

  it('an admin cannot credit a regional manager by hand either', async () => {
    const m = await manager();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: bearer(admin),
      payload: { user_id: m.id, amount: 10, reason: 'premia' },
    });
    expect(res.statusCode, res.body).toBe(422);
  });
});
