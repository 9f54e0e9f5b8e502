import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pagedSchema, salesHeldRowSchema, salesImportSchema, salesImportSettingsSchema } from '@incentive/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import {
  makeChallenge,
  repPool,
  salesCsv,
  type TestChallenge,
  type TestRep,
  tag,
} from '../../../test/sales-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, openTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ledgerEntries, salesImports, users, wallets } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { checkLedger } from '../wallet/ledger-check.ts';
import { CHUNKS } from './sales-import-job.ts';
import { importSales } from './sales-imports.service.ts';

/*
 * The import as a background job (decision 050): the upload answers 202 with the import queued, a
 * second one waits its turn, progress moves, a stopped job resumes and pays once; held rows (too many
 * units, a rep's total too high) are confirmed or rejected by an admin within the cap; the limits are
 * settings. The books are checked after every test.
 */

let t: TestApp;
let admin: string;
let takeRep: () => Promise<TestRep>;
/** March 2026: 1.50 and 2.00 PLN per unit. */
let mar: TestChallenge;
const defaults = { ...CHUNKS };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
  mar = await makeChallenge(t.db, { startOn: '2026-03-01', endOn: '2026-03-31', rewards: [150, 200] });
});
afterAll(async () => t?.close());

afterEach(async () => {
  Object.assign(CHUNKS, defaults);
  await putSettings({ max_row_quantity: 1000, max_rep_amount: '10000.00' });
  await expectBooksBalance(t, admin);
});

function uploadTo(app: FastifyInstance, token: string, csv: string) {
  const form = multipart([
    { name: 'file', filename: 'sprzedaz.csv', contentType: 'text/csv', bytes: Buffer.from(csv) },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/sales-imports',
    headers: { ...form.headers, ...bearer(token), 'accept-language': 'pl' },
    payload: form.payload,
  });
}

async function getImport(id: number, app = t.app, token = admin) {
  const res = await app.inject({ method: 'GET', url: `/api/sales-imports/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return salesImportSchema.parse(res.json());
}

/** Uploads, waits for the job, and answers the import as GET shows it. */
async function imported(csv: string) {
  const res = await uploadTo(t.app, admin, csv);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = salesImportSchema.parse(res.json());
  await t.app.jobs.idle();
  return getImport(id);
}

async function putSettings(body: Record<string, unknown>, lang = 'pl') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/sales-imports/settings',
    headers: { ...bearer(admin), 'accept-language': lang },
    payload: body,
  });
}

async function decide(id: number, what: 'confirm' | 'reject', body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/sales-imports/${id}/held/${what}`,
    headers: { ...bearer(admin), 'accept-language': 'pl' },
    payload: body as Record<string, unknown>,
  });
}

async function held(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${id}/held`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return pagedSchema(salesHeldRowSchema).parse(res.json());
}

async function available(db: Db, userId: number) {
  const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return w?.available ?? 0;
}

/** `perRep` lines for each rep, one document per rep, 1–3 units of the 1.50 product. */
function fileFor(reps: readonly TestRep[], perRep: number) {
  const code = mar.products[0]?.code ?? '';
  const doc = `FV/${tag()}`;
  const rows = reps.flatMap((r, i) =>
    Array.from({ length: perRep }, (_, n) => [
      `${doc}/${i}`,
      n + 1,
      '2026-03-10',
      r.warehouse,
      r.asseco,
      code,
      1 + (n % 3),
    ]),
  );
  const due = new Map(
    reps.map((r) => [r.id, Array.from({ length: perRep }, (_, n) => (1 + (n % 3)) * 150).reduce((a, b) => a + b, 0)]),
  );
  return { csv: salesCsv(rows), due };
}

describe('the import as a background job', () => {
  it('answers 202 queued; a second import waits its turn (position 2); progress moves; both end applied', async () => {
    Object.assign(CHUNKS, { check: 2, apply: 1, pgScale: 1 });
    const reps = [await takeRep(), await takeRep(), await takeRep(), await takeRep()];
    const first = fileFor(reps.slice(0, 3), 12);
    const second = fileFor(reps.slice(3), 2);
    const before = new Map(await Promise.all(reps.map(async (r) => [r.id, await available(t.db, r.id)] as const)));

    const a = await uploadTo(t.app, admin, first.csv);
    expect(a.statusCode, a.body).toBe(202);
    const qa = salesImportSchema.parse(a.json());
    expect(qa).toMatchObject({ status: 'queued', rows_total: 36, rows_checked: 0, queue_position: 1 });
    expect(qa.message).toBe('Plik został przyjęty (36 wierszy): import jest sprawdzany i zapisywany w tle');
    const b = await uploadTo(t.app, admin, second.csv);
    expect(b.statusCode, b.body).toBe(202);
    const qb = salesImportSchema.parse(b.json());
    expect(qb).toMatchObject({ status: 'queued', queue_position: 2 });
    expect((await getImport(qb.id)).queue_position).toBe(2);

    // Progress of the first while it runs: statuses in order, counters never going back.
    const seen: string[] = [];
    let checked = 0;
    let accepted = 0;
    for (;;) {
      const now = await getImport(qa.id);
      if (seen.at(-1) !== now.status) seen.push(now.status);
      expect(now.rows_checked).toBeGreaterThanOrEqual(checked);
      expect(now.rows_accepted).toBeGreaterThanOrEqual(accepted);
      checked = now.rows_checked;
      accepted = now.rows_accepted;
      if (now.status === 'applied') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    // Seen in the order of an import's life (polling may miss a short stage).
    const order = ['queued', 'checking', 'applying', 'applied'];
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort());
    expect(seen.some((s) => s === 'checking' || s === 'applying')).toBe(true);
    await t.app.jobs.idle();
    const ia = await getImport(qa.id);
    const ib = await getImport(qb.id);
    expect(ia).toMatchObject({
      status: 'applied',
      rows_checked: 36,
      rows_accepted: 36,
      reps_count: 3,
      queue_position: null,
    });
    expect(ib).toMatchObject({ status: 'applied', rows_checked: 2, rows_accepted: 2, reps_count: 1 });
    expect(ia.finished_at).not.toBeNull();
    expect(ia.can_revert).toBe(true);
    for (const r of reps) {
      const due = first.due.get(r.id) ?? second.due.get(r.id) ?? 0;
      expect((await available(t.db, r.id)) - (before.get(r.id) ?? 0), r.email).toBe(due);
    }
  });

  it('a stop while applying: the next start resumes the job from its cursor and pays every rep exactly once', async () => {
    const database = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-sales-resume-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SCRYPT_LOG_N: '12',
      PUBLIC_URL: 'http://app.test',
      LOG_LEVEL: 'silent',
    });
    const open = async () => {
      const app = await buildApp({ config, db: database.db, jobs: { pollMs: 50 } });
      await app.ready();
      return app;
    };
    try {
      const db = database.db;
      const pool = repPool(db);
      const reps = [await pool(), await pool(), await pool(), await pool(), await pool(), await pool()];
      const ch = await makeChallenge(db, { startOn: '2026-03-01', endOn: '2026-03-31', rewards: [150] });
      const doc = `FV/${tag()}`;
      const rows = reps.flatMap((r, i) =>
        Array.from({ length: 5 }, (_, n) => [
          `${doc}/${i}`,
          n + 1,
          '2026-03-11',
          r.warehouse,
          r.asseco,
          ch.products[0]?.code ?? '',
          2,
        ]),
      );
      const before = new Map(await Promise.all(reps.map(async (r) => [r.id, await available(db, r.id)] as const)));
      Object.assign(CHUNKS, { check: 5, apply: 1, pgScale: 1 });

      let app = await open();
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
      });
      const token = (login.json() as { token?: string }).token ?? admin;
      const res = await uploadTo(app, token, salesCsv(rows));
      expect(res.statusCode, res.body).toBe(202);
      const { id } = salesImportSchema.parse(res.json());
      // Wait until some reps are paid and some are not: then stop the app.
      for (let i = 0; ; i++) {
        const [row] = await db.select().from(salesImports).where(eq(salesImports.id, id));
        if (row?.status === 'applying' && row.rowsAccepted > 0) break;
        expect(row?.status, 'the job finished before it could be stopped').not.toBe('applied');
        expect(i).toBeLessThan(20_000);
        await new Promise((r) => setImmediate(r));
      }
      await app.close();
      const [stopped] = await db.select().from(salesImports).where(eq(salesImports.id, id));
      expect(stopped?.status).toBe('applying');
      expect(stopped?.rowsAccepted).toBeGreaterThan(0);
      expect(stopped?.rowsAccepted).toBeLessThan(30);
      expect((await checkLedger(db)).ok).toBe(true);

      app = await open();
      await app.jobs.idle();
      const [done] = await db.select().from(salesImports).where(eq(salesImports.id, id));
      expect(done).toMatchObject({
        status: 'applied',
        rowsAccepted: 30,
        rowsRejected: 0,
        rowsSkipped: 0,
        repsCount: 6,
      });
      for (const r of reps) expect((await available(db, r.id)) - (before.get(r.id) ?? 0)).toBe(5 * 2 * 150);
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.sourceType, 'challenge'), eq(ledgerEntries.sourceId, `${id}:${ch.id}`)));
      expect(entries).toHaveLength(6);
      const check = await checkLedger(db);
      expect(check.mismatches).toEqual([]);
      await app.close();
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a server stopping while a file is read', () => {
  it('ends the upload with 503 sales.interrupted: the import failed, nothing staged, nothing queued', async () => {
    const r = await takeRep();
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const doc = `FV/${tag()}`;
    const code = mar.products[0]?.code ?? '';
    const rows = Array.from({ length: 2_500 }, (_, i) => [doc, i + 1, '2026-03-12', r.warehouse, r.asseco, code, 1]);
    const stopping = new AbortController();
    stopping.abort();
    const err = await importSales(
      t.db,
      me?.id ?? 0,
      {
        fileName: 'sprzedaz.csv',
        encoding: 'auto',
        chunks: Readable.from([Buffer.from(salesCsv(rows))])[Symbol.asyncIterator]() as AsyncIterator<Buffer>,
        truncated: () => false,
      },
      'pl',
      stopping.signal,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).key).toBe('sales.interrupted');
    const [imp] = await t.db.select().from(salesImports).orderBy(desc(salesImports.id)).limit(1);
    expect(imp).toMatchObject({ status: 'failed', error: 'sales.interrupted', jobId: null });
    expect(imp?.finishedAt).not.toBeNull();
    const [staged] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sales_import_rows where import_id = ${imp?.id ?? 0}`,
    );
    expect(staged?.n).toBe(0);
  });
});

describe('held rows', () => {
  it('a row above the quantity limit is held: one confirmed (paid), one rejected (in the report)', async () => {
    expect((await putSettings({ max_row_quantity: 5, max_rep_amount: '10000.00' })).statusCode).toBe(200);
    const r = await takeRep();
    const before = await available(t.db, r.id);
    const doc = `FV/${tag()}`;
    const code = mar.products[0]?.code ?? '';
    const imp = await imported(
      salesCsv([
        [doc, 1, '2026-03-05', r.warehouse, r.asseco, code, 3],
        [doc, 2, '2026-03-05', r.warehouse, r.asseco, code, 50],
        [doc, 3, '2026-03-05', r.warehouse, r.asseco, code, 60],
      ]),
    );
    expect(imp).toMatchObject({ status: 'applied', rows_accepted: 1, rows_held: 2, amount_held: '165.00' });
    expect((await available(t.db, r.id)) - before).toBe(3 * 150);
    const list = await held(imp.id);
    expect(list.total).toBe(2);
    expect(list.data.map((h) => [h.row_no, h.quantity, h.amount, h.reason])).toEqual([
      [3, 50, '75.00', 'sales.held.quantity'],
      [4, 60, '90.00', 'sales.held.quantity'],
    ]);
    expect(list.data[0]?.reason_text).toBe('Wstrzymany: ilość w wierszu przekracza limit wiarygodności');
    expect(list.data[0]?.rep.id).toBe(r.id);

    const ok = await decide(imp.id, 'confirm', { rows: [3] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Zatwierdzono i wypłacono wstrzymane wiersze: 1 wiersz');
    expect(salesImportSchema.parse(ok.json())).toMatchObject({
      rows_accepted: 2,
      rows_held: 1,
      amount_held: '90.00',
      amount: '79.50',
    });
    expect((await available(t.db, r.id)) - before).toBe(53 * 150);
    // A row confirmed once is no longer held.
    expect((await decide(imp.id, 'confirm', { rows: [3] })).statusCode).toBe(422);

    const no = await decide(imp.id, 'reject', { all: true });
    expect(no.statusCode, no.body).toBe(200);
    expect(salesImportSchema.parse(no.json())).toMatchObject({ rows_held: 0, amount_held: '0.00', rows_rejected: 1 });
    expect((await available(t.db, r.id)) - before).toBe(53 * 150);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/sales-imports/${imp.id}/rejected.csv`,
      headers: bearer(admin),
    });
    expect(report.body).toContain('Wiersz wstrzymany jako mało wiarygodny i odrzucony przez administratora');
    expect((await held(imp.id)).total).toBe(0);
  });

  it("a rep whose rewards pass the limit has all its rows held; another rep's are paid", async () => {
    expect((await putSettings({ max_row_quantity: 1000, max_rep_amount: '10.00' })).statusCode).toBe(200);
    const [big, small] = [await takeRep(), await takeRep()];
    const [bigBefore, smallBefore] = [await available(t.db, big.id), await available(t.db, small.id)];
    const doc = `FV/${tag()}`;
    const code = mar.products[0]?.code ?? '';
    const imp = await imported(
      salesCsv([
        [doc, 1, '2026-03-06', big.warehouse, big.asseco, code, 3],
        [doc, 2, '2026-03-06', big.warehouse, big.asseco, code, 3],
        [doc, 3, '2026-03-06', big.warehouse, big.asseco, code, 3],
        [doc, 4, '2026-03-06', small.warehouse, small.asseco, code, 2],
      ]),
    );
    expect(imp).toMatchObject({ rows_accepted: 1, rows_held: 3, amount_held: '13.50', reps_count: 1 });
    expect((await available(t.db, big.id)) - bigBefore).toBe(0);
    expect((await available(t.db, small.id)) - smallBefore).toBe(300);
    const list = await held(imp.id);
    expect(list.data.every((h) => h.reason === 'sales.held.repTotal' && h.rep.id === big.id)).toBe(true);
    const ok = await decide(imp.id, 'confirm', { all: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(salesImportSchema.parse(ok.json())).toMatchObject({ rows_accepted: 4, rows_held: 0, reps_count: 2 });
    expect((await available(t.db, big.id)) - bigBefore).toBe(1350);
  });

  it('a confirmation that would credit one rep more than 1,000,000 PLN from one import is refused (422); nothing paid', async () => {
    const r = await takeRep();
    const before = await available(t.db, r.id);
    const pricey = await makeChallenge(t.db, { startOn: '2026-04-01', endOn: '2026-04-30', rewards: [20_000] });
    const doc = `FV/${tag()}`;
    const imp = await imported(
      salesCsv([[doc, 1, '2026-04-02', r.warehouse, r.asseco, pricey.products[0]?.code ?? '', 6000]]),
    );
    expect(imp).toMatchObject({ rows_accepted: 0, rows_held: 1, amount_held: '1200000.00' });
    const res = await decide(imp.id, 'confirm', { rows: [2] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'Nie można zatwierdzić: przedstawiciel otrzymałby z jednego importu więcej niż 1000000.00 zł (najwyższa kwota jednej wypłaty)',
    );
    expect(await available(t.db, r.id)).toBe(before);
    expect((await getImport(imp.id)).rows_held).toBe(1);
    expect((await decide(imp.id, 'reject', { rows: [2] })).statusCode).toBe(200);
  });

  it('a revert rejects the rows still held; decisions on an unknown, or a not applied, import are refused', async () => {
    expect((await putSettings({ max_row_quantity: 5, max_rep_amount: '10000.00' })).statusCode).toBe(200);
    const r = await takeRep();
    const doc = `FV/${tag()}`;
    const code = mar.products[1]?.code ?? '';
    const imp = await imported(
      salesCsv([
        [doc, 1, '2026-03-07', r.warehouse, r.asseco, code, 1],
        [doc, 2, '2026-03-07', r.warehouse, r.asseco, code, 9],
      ]),
    );
    expect(imp.rows_held).toBe(1);
    const rev = await t.app.inject({
      method: 'POST',
      url: `/api/sales-imports/${imp.id}/revert`,
      headers: bearer(admin),
    });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(salesImportSchema.parse(rev.json())).toMatchObject({ status: 'reverted', rows_held: 0, rows_rejected: 1 });
    const late = await decide(imp.id, 'confirm', { all: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('O wstrzymanych wierszach można decydować dopiero po zapisaniu importu');
    expect((await decide(999_999, 'reject', { all: true })).statusCode).toBe(404);
    const bad = await decide(imp.id, 'reject', { rows: [] });
    expect(bad.statusCode).toBe(422);
    const seller = await t.login(r.email);
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/sales-imports/${imp.id}/held`,
      headers: bearer(seller),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('GET and PUT /api/sales-imports/settings', () => {
  it('answers the defaults, saves valid limits, refuses bad ones with Polish (or English) messages naming the limit', async () => {
    const got = await t.app.inject({ method: 'GET', url: '/api/sales-imports/settings', headers: bearer(admin) });
    expect(got.statusCode, got.body).toBe(200);
    expect(salesImportSettingsSchema.parse(got.json())).toMatchObject({
      max_row_quantity: 1000,
      max_rep_amount: '10000.00',
    });

    const saved = await putSettings({ max_row_quantity: 250, max_rep_amount: '2500,50' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(salesImportSettingsSchema.parse(saved.json())).toMatchObject({
      max_row_quantity: 250,
      max_rep_amount: '2500.50',
    });
    expect(salesImportSettingsSchema.parse(saved.json()).updated_at).not.toBeNull();

    const zero = await putSettings({ max_row_quantity: 0, max_rep_amount: '100.00' });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.max_row_quantity).toEqual([
      'Limit ilości w wierszu musi być liczbą całkowitą od 1 do 1 000 000',
    ]);
    const tooMuch = await putSettings({ max_row_quantity: 1_000_001, max_rep_amount: '0.50' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.max_rep_amount).toEqual([
      'Limit nagród przedstawiciela w imporcie musi wynosić od 1,00 do 1 000 000,00 zł',
    ]);
    const en = await putSettings({ max_row_quantity: 2.5, max_rep_amount: '100.00' }, 'en');
    expect(en.json().errors.max_row_quantity).toEqual([
      'The row quantity limit must be a whole number from 1 to 1,000,000',
    ]);
    const over = await putSettings({ max_row_quantity: 10, max_rep_amount: '1000000.01' });
    expect(over.statusCode).toBe(422);

    const r = await takeRep();
    const seller = await t.login(r.email);
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/sales-imports/settings',
      headers: bearer(seller),
      payload: { max_row_quantity: 10, max_rep_amount: '10.00' },
    });
    expect(denied.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/sales-imports/settings', headers: bearer(admin) });
    expect(salesImportSettingsSchema.parse(still.json())).toMatchObject({
      max_row_quantity: 250,
      max_rep_amount: '2500.50',
    });
  });
});
