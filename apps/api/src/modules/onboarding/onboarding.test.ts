import {
  invitationCountsSchema,
  invitationSchema,
  type OnboardingImport,
  type OnboardingRow,
  onboardingImportSchema,
  onboardingRowSchema,
  pagedSchema,
} from '@incentive/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/back-office.ts';
import { linkParams } from '../../../test/mail.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { invitations, repProfiles, users, userWarehouses, warehouses } from '../../db/schema.ts';
import type { Mailer } from '../../plugins/mail.ts';

/*
 * Issue 30 point 1 (decision 061): bulk onboarding of warehouses and people, and the activation
 * e-mails' queue, through the real API on the real database.
 */

let t: TestApp;
let admin: string;
let wholesaler: string;
/** A warehouse the demo wholesaler runs, and one it does not. */
let own: { id: number; asseco: string };
let other: { id: number; asseco: string };

const stamp = `${Date.now()}`.slice(-6);
const PAGED_ROWS = pagedSchema(onboardingRowSchema);

async function upload(kind: string, bytes: Buffer | string, opts: { token?: string; filename?: string } = {}) {
  const form = multipart([
    { name: 'kind', value: kind },
    {
      name: 'file',
      filename: opts.filename ?? 'plik.csv',
      contentType: 'text/csv',
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/imports',
    headers: { ...form.headers, ...bearer(opts.token ?? admin), 'accept-language': 'pl' },
    payload: form.payload,
  });
}

async function previewed(kind: string, bytes: Buffer | string, opts: { token?: string; filename?: string } = {}) {
  const res = await upload(kind, bytes, opts);
  expect(res.statusCode, res.body).toBe(201);
  return onboardingImportSchema.parse(res.json());
}

async function rowsOf(id: number, action?: string, token = admin): Promise<OnboardingRow[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/onboarding/imports/${id}/rows?per_page=100${action ? `&action=${action}` : ''}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return PAGED_ROWS.parse(res.json()).data;
}

const apply = (id: number, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/onboarding/imports/${id}/apply`, headers: bearer(token) });

const csv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  wholesaler = await t.login('wholesaler@example.com');
  const ids = await demoIds(t.db);
  const [mine] = await queryRows<{ id: number; asseco: string }>(
    t.db,
    sql`select w.id, w.asseco_id as asseco from ${warehouses} w join ${userWarehouses} uw on uw.warehouse_id = w.id
        where uw.user_id = ${ids.wholesaler} order by w.id limit 1`,
  );
  const [notMine] = await queryRows<{ id: number; asseco: string }>(
    t.db,
    sql`select w.id, w.asseco_id as asseco from ${warehouses} w
        where not exists (select 1 from ${userWarehouses} uw where uw.warehouse_id = w.id and uw.user_id = ${ids.wholesaler})
        order by w.id limit 1`,
  );
  if (!mine || !notMine) throw new Error('the demo seed has no warehouses for the test');
  own = mine;
  other = notMine;
});
afterAll(async () => t?.close());

describe('warehouses from a file', () => {
  it('previews creates, updates and refusals without writing; applying writes them in one go', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(warehouses);
    // A title row above the header, Polish headers in another order, a comma-separated NIP with dashes.
    const file = csv([
      'Lista hurtowni do programu;;;;',
      'Nazwa hurtowni;Adres;Asseco ID;NIP;E-mail',
      `Hurtownia Nowa ${stamp};ul. Nowa 1, 00-001 Warszawa;NEW-${stamp}-1;525-000-10-09;nowa@example.pl`,
      `Hurtownia Druga ${stamp};ul. Druga 2, 00-002 Warszawa;NEW-${stamp}-2;;`,
      `Zmieniona nazwa ${stamp};ul. Nowa 1, 00-001 Warszawa;${other.asseco};;`,
      `Dubel A;Adres;DUP-${stamp};;`,
      `Dubel B;Adres;DUP-${stamp};;`,
      `Zły NIP;Adres;BAD-${stamp};12345;`,
      `;Adres bez nazwy;NONAME-${stamp};;`,
    ]);
    const imp = await previewed('warehouses', file, { filename: 'hurtownie.csv' });
    expect(imp).toMatchObject({
      kind: 'warehouses',
      status: 'previewed',
      format: 'csv',
      file_name: 'hurtownie.csv',
      rows_total: 7,
      to_create: 2,
      to_update: 1,
      unchanged: 0,
      refused: 4,
      invitations: null,
      message: 'Plik sprawdzony: przejrzyj podgląd i zastosuj import',
    });
    // Nothing is written by a preview.
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(warehouses)).toEqual(before);

    const refused = await rowsOf(imp.id, 'refused');
    expect(refused.map((r) => [r.row_no, r.reasons])).toEqual([
      [6, [{ field: 'Asseco ID', message: `Asseco ID „DUP-${stamp}” powtarza się w pliku (wiersze 6, 7)` }]],
      [7, [{ field: 'Asseco ID', message: `Asseco ID „DUP-${stamp}” powtarza się w pliku (wiersze 6, 7)` }]],
      [8, [{ field: 'NIP', message: 'NIP musi mieć 10 cyfr' }]],
      [9, [{ field: 'Nazwa', message: 'Pole Nazwa jest wymagane' }]],
    ]);
    const [update] = await rowsOf(imp.id, 'update');
    expect(update?.key).toBe(other.asseco);
    expect(update?.changes.map((c) => c.field)).toEqual(['Nazwa', 'Adres']);
    expect(update?.changes[0]?.after).toBe(`Zmieniona nazwa ${stamp}`);

    const res = await apply(imp.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(onboardingImportSchema.parse(res.json())).toMatchObject({
      status: 'applied',
      message: 'Import zastosowany: dodano 2, zmieniono 1',
    });
    const made = await t.db
      .select({ asseco: warehouses.assecoId, nip: warehouses.nip, name: warehouses.name })
      .from(warehouses)
      .where(inArray(warehouses.assecoId, [`NEW-${stamp}-1`, `NEW-${stamp}-2`, other.asseco]))
      .orderBy(warehouses.assecoId);
    expect(made).toEqual(
      expect.arrayContaining([
        { asseco: `NEW-${stamp}-1`, nip: '5250001009', name: `Hurtownia Nowa ${stamp}` },
        { asseco: `NEW-${stamp}-2`, nip: null, name: `Hurtownia Druga ${stamp}` },
      ]),
    );
    // The updated warehouse keeps its NIP (an empty cell changes nothing) and takes the new name.
    const changed = made.find((w) => w.asseco === other.asseco);
    expect(changed?.name).toBe(`Zmieniona nazwa ${stamp}`);
    expect(changed?.nip).not.toBeNull();

    // Applied once: never again; the refused rows come back as a CSV with the file's own columns.
    const again = await apply(imp.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ten import został już zastosowany albo anulowany');
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/imports/${imp.id}/refused.csv`,
      headers: bearer(admin),
    });
    expect(report.statusCode).toBe(200);
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Wiersz;Nazwa hurtowni;Adres;Asseco ID;NIP;E-mail;Powód odrzucenia');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(`8;Zły NIP;Adres;BAD-${stamp};12345;;NIP musi mieć 10 cyfr`);
  });

  it('only root and admin import warehouses', async () => {
    const res = await upload('warehouses', csv(['Asseco ID;Nazwa;Adres', `X-${stamp};X;Y`]), { token: wholesaler });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Hurtownie importuje tylko administrator');
  });
});

describe('people from a file', () => {
  it('creates reps with tax data, managers and warehouse admins; updates by asseco id; refuses with reasons', async () => {
    const [seller] = await t.db
      .select({ id: users.id, asseco: users.assecoId, email: users.email })
      .from(users)
      .where(eq(users.email, 'seller@example.com'));
    if (!seller?.asseco) throw new Error('no demo seller');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Osoby');
    sheet.addRow([
      'Rola',
      'Imię',
      'Nazwisko',
      'E-mail',
      'Hurtownie',
      'Asseco ID',
      'Telefon',
      'PESEL',
      'Urząd skarbowy',
      'Ulica i numer',
      'Kod pocztowy',
      'Miejscowość',
    ]);
    const rows: string[][] = [
      [
        'PH',
        'Jan',
        'Nowy',
        `jan.${stamp}@example.pl`,
        own.asseco,
        `PH-N${stamp}`,
        '600 100 200',
        '44051401359',
        'Urząd Skarbowy w Zgierzu',
        'ul. Długa 5/7',
        '95-100',
        'Zgierz',
      ],
      [
        'RKS',
        'Anna',
        'Kierownik',
        `anna.${stamp}@example.pl`,
        `${own.asseco}, ${other.asseco}`,
        `RKS-N${stamp}`,
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      ['Admin hurtowni', 'Piotr', '', `piotr.${stamp}@example.pl`, own.asseco, '', '', '', '', '', '', ''],
      // The demo seller by its asseco id: a new phone.
      [
        'przedstawiciel handlowy',
        'Szymon',
        'Sprzedawca',
        seller.email,
        '',
        seller.asseco,
        '+48 511 222 333',
        '',
        '',
        '',
        '',
        '',
      ],
      ['PH', 'Dubel', 'Jeden', `dup.${stamp}@example.pl`, own.asseco, `PH-D1${stamp}`, '', '', '', '', '', ''],
      ['PH', 'Dubel', 'Dwa', `DUP.${stamp}@example.pl`, own.asseco, `PH-D2${stamp}`, '', '', '', '', '', ''],
      [
        'PH',
        'Zły',
        'Pesel',
        `pesel.${stamp}@example.pl`,
        own.asseco,
        `PH-P${stamp}`,
        '',
        '44051401358',
        '',
        '',
        '95100',
        '',
      ],
      ['Kierowca', 'Nie', 'Wiadomo', `rola.${stamp}@example.pl`, own.asseco, '', '', '', '', '', '', ''],
      ['PH', 'Bez', 'Hurtowni', `hurt.${stamp}@example.pl`, `NOPE-${stamp}`, `PH-H${stamp}`, '', '', '', '', '', ''],
      ['PH', 'Zajęty', 'Mail', 'rks@example.com', own.asseco, `PH-Z${stamp}`, '', '', '', '', '', ''],
    ];
    for (const r of rows) sheet.addRow(r);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const imp = await previewed('people', bytes, { filename: 'osoby.xlsx' });
    expect(imp).toMatchObject({
      kind: 'people',
      format: 'xlsx',
      rows_total: 10,
      to_create: 3,
      to_update: 1,
      refused: 6,
    });

    const refused = Object.fromEntries((await rowsOf(imp.id, 'refused')).map((r) => [r.row_no, r.reasons]));
    expect(refused[6]).toEqual([
      { field: 'E-mail', message: `E-mail „dup.${stamp}@example.pl” powtarza się w pliku (wiersze 6, 7)` },
    ]);
    expect(refused[8]).toEqual([
      { field: 'PESEL', message: 'Nieprawidłowy numer PESEL: sprawdź 11 cyfr' },
      { field: 'Kod pocztowy', message: 'Kod pocztowy w formacie 00-000' },
    ]);
    expect(refused[9]).toEqual([
      { field: 'Rola', message: 'Nieznana rola „Kierowca”: wpisz PH, RKS albo Admin hurtowni' },
    ]);
    expect(refused[10]).toEqual([{ field: 'Hurtownie', message: `Nie ma hurtowni o Asseco ID NOPE-${stamp}` }]);
    // The regional manager's e-mail: the row would be another person, with another role.
    expect(refused[11]?.map((r) => r.message)).toContain(
      'Ta osoba ma w programie rolę RKS: rolę zmienisz w formularzu osoby',
    );
    const [update] = await rowsOf(imp.id, 'update');
    expect(update?.row_no).toBe(5);
    expect(update?.changes.map((c) => [c.field, c.after])).toEqual([['Telefon', '+48 511 222 333']]);

    const res = await apply(imp.id);
    expect(res.statusCode, res.body).toBe(200);
    const applied = onboardingImportSchema.parse(res.json());
    expect(applied.status).toBe('applied');
    expect(applied.invitations).toEqual({ queued: 3, sent: 0, failed: 0 });

    const made = await t.db
      .select({ id: users.id, email: users.email, role: users.role, activated: users.activatedAt })
      .from(users)
      .where(inArray(users.email, [`jan.${stamp}@example.pl`, `anna.${stamp}@example.pl`, `piotr.${stamp}@example.pl`]))
      .orderBy(users.id);
    expect(made.map((u) => u.role)).toEqual(['seller', 'seller_reg', 'wholesaler']);
    const jan = made[0] as { id: number };
    const anna = made[1] as { id: number };
    const links = await t.db
      .select({ warehouseId: userWarehouses.warehouseId })
      .from(userWarehouses)
      .where(eq(userWarehouses.userId, anna.id))
      .orderBy(userWarehouses.warehouseId);
    expect(links.map((l) => l.warehouseId).sort()).toEqual([own.id, other.id].sort());
    const [profile] = await t.db.select().from(repProfiles).where(eq(repProfiles.userId, jan.id));
    expect(profile).toMatchObject({ pesel: '44051401359', taxOfficeCode: '1026', postcode: '95-100', city: 'Zgierz' });
    const [updated] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, seller.id));
    expect(updated?.phone).toBe('+48 511 222 333');

    // The e-mails go through the queue: sent by the job, each with a working set-password link.
    await t.app.jobs.idle();
    const mail = await t.lastMailTo(`jan.${stamp}@example.pl`);
    const link = mail.text.match(/http\S+/)?.[0] ?? '';
    const { token, email } = linkParams(link);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { token, email, password: 'Nowe1234!', password_confirmation: 'Nowe1234!', rules: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await t.login(`jan.${stamp}@example.pl`, 'Nowe1234!')).toBeTruthy();
    const got = await t.app.inject({ method: 'GET', url: `/api/onboarding/imports/${imp.id}`, headers: bearer(admin) });
    expect(onboardingImportSchema.parse(got.json()).invitations).toEqual({ queued: 0, sent: 3, failed: 0 });
  });

  it('a wholesaler imports reps into its own warehouse only, and sees only its own imports', async () => {
    const file = csv([
      'Rola;Imię;Nazwisko;E-mail;Hurtownie;Asseco ID',
      `PH;Ola;Własna;ola.${stamp}@example.pl;${own.asseco};PH-O${stamp}`,
      `PH;Ela;Obca;ela.${stamp}@example.pl;${other.asseco};PH-E${stamp}`,
      `RKS;Rafał;Regionalny;rafal.${stamp}@example.pl;${own.asseco};RKS-R${stamp}`,
    ]);
    const imp = await previewed('people', file, { token: wholesaler });
    expect(imp).toMatchObject({ to_create: 1, refused: 2 });
    const refused = await rowsOf(imp.id, 'refused', wholesaler);
    expect(refused.map((r) => r.reasons.map((x) => x.message))).toEqual([
      [`Hurtownia ${other.asseco} jest poza twoim zakresem`],
      ['Nie możesz dodawać osób z rolą RKS'],
    ]);
    const res = await apply(imp.id, wholesaler);
    expect(res.statusCode, res.body).toBe(200);

    // The admin's import is not the wholesaler's to read or apply.
    const adminImp = await previewed(
      'people',
      csv(['Rola;Imię;Nazwisko;E-mail;Hurtownie', `PH;A;B;ab.${stamp}@example.pl;${own.asseco}`]),
    );
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/imports/${adminImp.id}`,
      headers: bearer(wholesaler),
    });
    expect(peek.statusCode).toBe(404);
    expect((await apply(adminImp.id, wholesaler)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/onboarding/imports', headers: bearer(wholesaler) });
    expect(
      pagedSchema(onboardingImportSchema)
        .parse(list.json())
        .data.every((i) => i.created_by?.name.startsWith('Waldemar')),
    ).toBe(true);
  });

  it('applies only what the preview showed: a change since then gives a new preview and a 409', async () => {
    const email = `race.${stamp}@example.pl`;
    const imp = await previewed(
      'people',
      csv(['Rola;Imię;Nazwisko;E-mail;Hurtownie;Asseco ID', `PH;Ra;Ce;${email};${own.asseco};PH-RC${stamp}`]),
    );
    expect(imp.to_create).toBe(1);
    // Someone creates the same person by hand meanwhile.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: { name: 'Ra', surname: 'Ce', email, assecoId: `PH-RC${stamp}`, role: 'seller', warehouse_ids: [own.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await apply(imp.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Dane w programie zmieniły się od podglądu: sprawdź nowy podgląd i zastosuj import ponownie',
    );
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/imports/${imp.id}`,
      headers: bearer(admin),
    });
    expect(onboardingImportSchema.parse(again.json())).toMatchObject({
      status: 'previewed',
      to_create: 0,
      unchanged: 1,
    });
    const second = await apply(imp.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('W tym imporcie nie ma nic do zapisania');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/imports/${imp.id}/cancel`,
      headers: bearer(admin),
    });
    expect(onboardingImportSchema.parse(cancel.json())).toMatchObject({
      status: 'cancelled',
      message: 'Import anulowany: nic nie zostało zapisane',
    });
  });
});

describe('bad files', () => {
  it('refuses a renamed binary, missing columns, an empty file and too many rows, writing nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const bin = await upload('people', png, { filename: 'osoby.csv' });
    expect(bin.statusCode).toBe(422);
    expect(bin.json().message).toBe('Nieprawidłowy typ pliku: dozwolone są pliki CSV i XLSX');

    const cols = await upload('people', csv(['Imię;Nazwisko;Telefon', 'Jan;Kowalski;600']));
    expect(cols.statusCode).toBe(422);
    expect(cols.json().message).toBe('W pliku brakuje kolumn: Rola, E-mail, Hurtownie');

    const empty = await upload('people', csv(['Rola;Imię;Nazwisko;E-mail;Hurtownie']));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Plik nie zawiera żadnego wiersza do importu');

    const many = [
      'Rola;Imię;Nazwisko;E-mail;Hurtownie',
      ...Array.from({ length: 10_001 }, (_, i) => `PH;A;B;m${i}@example.pl;${own.asseco}`),
    ];
    const big = await upload('people', csv(many));
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toMatch(/^Plik ma za dużo wierszy: w jednym imporcie może być najwyżej 10\s000$/);

    const kind = await upload('cats', csv(['a', 'b']));
    expect(kind.statusCode).toBe(422);
  });

  it('a seller cannot import, nor read the e-mail queue', async () => {
    const seller = await t.login('seller@example.com');
    expect((await upload('people', csv(['Rola', 'PH']), { token: seller })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: bearer(seller) });
    expect(res.statusCode).toBe(403);
  });

  it('gives templates that import as they are', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/onboarding/template?kind=people&format=${format}`,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(200);
      const imp = await previewed('people', res.rawPayload, { filename: `szablon.${format}` });
      expect(imp.rows_total).toBe(3);
      // The example warehouses do not exist here: each row is refused for that reason only.
      const reasons = (await rowsOf(imp.id, 'refused')).flatMap((r) => r.reasons.map((x) => x.field));
      expect(new Set(reasons)).toEqual(new Set(['Hurtownie']));
    }
  });
});

describe('the activation e-mails’ queue', () => {
  let q: TestApp;
  let failing = true;
  const sent: string[] = [];
  const mailer: Mailer = {
    target: 'test',
    async send(msg) {
      if (failing) throw new Error('451 4.7.1 try again later');
      sent.push(msg.to);
    },
  };

  beforeAll(async () => {
    q = await createTestApp({ mailer, env: { INVITE_MAILS_PER_MINUTE: '60000' } });
  });
  afterAll(async () => q?.close());

  it('retries a failing send with back-off, lists it failed after the fifth try, and sends it again on request', async () => {
    const token = await q.login('admin@example.com');
    const [w] = await q.db.select({ asseco: warehouses.assecoId }).from(warehouses).limit(1);
    const email = `queue.${stamp}@example.pl`;
    const form = multipart([
      { name: 'kind', value: 'people' },
      {
        name: 'file',
        filename: 'q.csv',
        contentType: 'text/csv',
        bytes: Buffer.from(
          csv(['Rola;Imię;Nazwisko;E-mail;Hurtownie;Asseco ID', `PH;Q;Ueue;${email};${w?.asseco};PH-Q${stamp}`]),
        ),
      },
    ]);
    const up = await q.app.inject({
      method: 'POST',
      url: '/api/onboarding/imports',
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
    const imp = onboardingImportSchema.parse(up.json()) as OnboardingImport;
    const applied = await q.app.inject({
      method: 'POST',
      url: `/api/onboarding/imports/${imp.id}/apply`,
      headers: bearer(token),
    });
    expect(applied.statusCode, applied.body).toBe(200);

    // Each failure waits longer; the test moves the clock of the queued e-mail instead of waiting.
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await q.app.jobs.idle();
      const [row] = await queryRows<{ attempts: number; status: string; wait: number; last_error: string }>(
        q.db,
        sql`select attempts, status, last_error, extract(epoch from next_attempt_at - now())::int as wait
            from ${invitations} i join ${users} u on u.id = i.user_id where u.email = ${email}`,
      );
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toBe('451 4.7.1 try again later');
      if (attempt < 5) {
        expect(row?.status).toBe('queued');
        waits.push(Math.round((row?.wait ?? 0) / 60));
        await q.db.execute(sql`update ${invitations} set next_attempt_at = now() where status = 'queued'`);
        await q.db.execute(
          sql`update jobs set run_after = now() where kind = 'invitations.send' and status = 'queued'`,
        );
        q.app.jobs.wake();
      } else expect(row?.status).toBe('failed');
    }
    expect(waits).toEqual([1, 5, 30, 120]);

    const counts = await q.app.inject({ method: 'GET', url: '/api/invitations/counts', headers: bearer(token) });
    expect(invitationCountsSchema.parse(counts.json()).failed).toBeGreaterThanOrEqual(1);
    const list = await q.app.inject({ method: 'GET', url: '/api/invitations?status=failed', headers: bearer(token) });
    const failed = pagedSchema(invitationSchema)
      .parse(list.json())
      .data.find((i) => i.user.email === email);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, last_error: '451 4.7.1 try again later' });

    failing = false;
    const resend = await q.app.inject({
      method: 'POST',
      url: `/api/invitations/${failed?.id}/resend`,
      headers: bearer(token),
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().message).toBe('E-maile aktywacyjne wróciły do kolejki: 1');
    await q.app.jobs.idle();
    expect(sent).toContain(email);
    const twice = await q.app.inject({
      method: 'POST',
      url: `/api/invitations/${failed?.id}/resend`,
      headers: bearer(token),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ten e-mail nie czeka na ponowne wysłanie');
  });
});
