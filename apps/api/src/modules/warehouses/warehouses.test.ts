import {
  pagedSchema,
  type Role,
  translate,
  userListItemSchema,
  WAREHOUSE_SORT_FIELDS,
  type Warehouse,
  warehouseSavedSchema,
  warehouseSchema,
} from '@incentive/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPages,
  backOfficeCounts,
  client,
  demoIds,
  demoTokens,
  expectError,
  expectSorted,
  grosze,
  setWallet,
} from '../../../test/back-office.ts';
import { polishSortKey } from '../../../test/polish-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users, userWarehouses, wallets, warehouses } from '../../db/schema.ts';

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;

const pagedWarehouses = pagedSchema(warehouseSchema.strict());
const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function list(token: string, query: string) {
  const res = await call(token, 'GET', `/api/warehouses?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return pagedWarehouses.parse(res.json());
}

let seq = 0;
/** A fresh warehouse created by the admin; unique asseco id per call. */
async function newWarehouse(extra: Record<string, unknown> = {}): Promise<number> {
  seq++;
  const res = await call(tok.admin, 'POST', '/api/warehouses', {
    assecoId: `TST-${seq}-${Date.now()}`,
    name: `Hurtownia testowa ${seq}`,
    address: `ul. Testowa ${seq}, 00-001 Warszawa`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return warehouseSavedSchema.parse(res.json()).id;
}

/** A fresh seller in a warehouse, created by the admin. */
async function newSeller(warehouseId: number): Promise<number> {
  seq++;
  const res = await call(tok.admin, 'POST', '/api/users', {
    name: 'Jan',
    surname: `Testowy${seq}`,
    assecoId: `PH-T${seq}-${Date.now()}`,
    email: `jan.testowy.${seq}.${Date.now()}@example.com`,
    warehouse_ids: [warehouseId],
    role: 'seller',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('GET /api/warehouses', () => {
  it('returns the spec shape with figures that agree with the database', async () => {
    const page = await list(tok.admin, 'per_page=100');
    expect(page.total).toBe(24);
    expect(page.last_page).toBe(1);
    const w1 = page.data.find((w) => w.id === 1) as Warehouse;
    // Figures computed independently.
    const members = await t.db
      .select({ id: users.id, role: users.role, last: users.lastLoginAt })
      .from(userWarehouses)
      .innerJoin(users, eq(users.id, userWarehouses.userId))
      .where(and(eq(userWarehouses.warehouseId, 1), isNull(users.deletedAt)));
    const sellers = members.filter((m) => m.role === 'seller');
    const admins = members.filter((m) => m.role === 'wholesaler').map((m) => m.id);
    expect(w1.users_count).toBe(sellers.length);
    expect(w1.actives_count).toBe(sellers.filter((s) => s.last !== null).length);
    expect(w1.admins_count).toBe(admins.length);
    expect(w1.admins_ids).toEqual(admins.sort((a, b) => a - b));
    expect(w1.admins_ids).toContain(ids.wholesaler);
    const [money] = await t.db
      .select({
        total: sql<string>`coalesce(sum(${wallets.earnedQuiz} + ${wallets.earnedChallenge} + ${wallets.earnedAdjustment}), 0)::text`,
      })
      .from(wallets)
      .where(sql`${wallets.userId} in ${sellers.map((s) => s.id)}`);
    expect(grosze(w1.amount)).toBe(Number(money?.total ?? 0));
  });

  it('pages: last_page and total, every row once across pages, empty past the end', async () => {
    const p1 = await list(tok.admin, 'per_page=10&page=1');
    expect(p1).toMatchObject({ current_page: 1, last_page: 3, total: 24 });
    expect(p1.data).toHaveLength(10);
    const p3 = await list(tok.admin, 'per_page=10&page=3');
    expect(p3.data).toHaveLength(4);
    const past = await list(tok.admin, 'per_page=10&page=4');
    expect(past).toMatchObject({ current_page: 4, last_page: 3, total: 24, data: [] });
    const { rows } = await allPages((page) => list(tok.admin, `per_page=10&page=${page}`));
    expect(new Set(rows.map((r) => r.id)).size).toBe(24);
  });

  const keyOf: Record<(typeof WAREHOUSE_SORT_FIELDS)[number], (w: Warehouse) => string | number> = {
    id: (w) => w.id,
    asseco_id: (w) => w.asseco_id,
    // In the Polish alphabet (docs/decisions/017).
    name: (w) => polishSortKey(w.name),
    address: (w) => polishSortKey(w.address),
    admins_count: (w) => w.admins_count,
    users_count: (w) => w.users_count,
    actives_count: (w) => w.actives_count,
    amount: (w) => grosze(w.amount),
  };
  for (const sort of WAREHOUSE_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${sort} ${order}, ties by id, no row twice across pages`, async () => {
        const { rows, total } = await allPages((page) =>
          list(tok.admin, `per_page=10&page=${page}&sort=${sort}&order=${order}`),
        );
        expect(rows).toHaveLength(total);
        expectSorted(rows, keyOf[sort], order, `${sort} ${order}`);
      });
    }
  }

  it('searches asseco id, name and address, case-insensitively, with Polish letters', async () => {
    const all = (await list(tok.admin, 'per_page=100')).data;
    const sample = all.find((w) => /[ąćęłńóśźż]/i.test(w.name)) ?? (all[0] as Warehouse);
    const word = (sample.name.split(' ').find((x) => /[ąćęłńóśźż]/i.test(x)) ?? sample.name).toUpperCase();
    const found = await list(tok.admin, `per_page=100&search=${encodeURIComponent(word)}`);
    expect(found.data.map((w) => w.id)).toContain(sample.id);
    for (const w of found.data) {
      expect(`${w.asseco_id} ${w.name} ${w.address}`.toLowerCase()).toContain(word.toLowerCase());
    }
    const byAsseco = await list(tok.admin, 'search=hur-00001');
    expect(byAsseco.data.map((w) => w.asseco_id)).toContain('HUR-00001');
    expect(byAsseco.total).toBe(all.filter((w) => w.asseco_id.toLowerCase().includes('hur-00001')).length);
    const street = (sample.address.split(',')[0] as string).slice(0, 8);
    expect((await list(tok.admin, `search=${encodeURIComponent(street)}`)).data.map((w) => w.id)).toContain(sample.id);
  });

  it('takes % and _ in a search literally, and an empty search as none', async () => {
    expect((await list(tok.admin, 'search=%25')).total).toBe(0);
    expect((await list(tok.admin, 'search=_')).total).toBe(0);
    expect((await list(tok.admin, 'search=%20%20')).total).toBe(24);
  });

  it('shows each role its own warehouses only; a seller none', async () => {
    expect((await list(tok.root, 'per_page=100')).total).toBe(24);
    expect((await list(tok.provider_admin, 'per_page=100')).total).toBe(24);
    expect((await list(tok.seller_reg, 'per_page=100')).data.map((w) => w.id)).toEqual([1, 2, 3]);
    expect((await list(tok.wholesaler, 'per_page=100')).data.map((w) => w.id)).toEqual([1]);
    expect((await list(tok.seller_reg, 'per_page=100&search=HUR-00010')).total).toBe(0);
    expectError(await call(tok.seller, 'GET', '/api/warehouses'), 403);
    expectError(await call(undefined, 'GET', '/api/warehouses'), 401);
  });
});

describe('GET /api/warehouses/{id}', () => {
  it('reads one warehouse; 404 for unknown ids and for warehouses outside the scope', async () => {
    const res = await call(tok.admin, 'GET', '/api/warehouses/2');
    expect(res.statusCode).toBe(200);
    expect(warehouseSchema.strict().parse(res.json()).id).toBe(2);
    const cases: [Role, number, number][] = [
      ['root', 10, 200],
      ['admin', 10, 200],
      ['provider_admin', 10, 200],
      ['seller_reg', 3, 200],
      ['seller_reg', 10, 404],
      ['wholesaler', 1, 200],
      ['wholesaler', 2, 404],
      ['seller', 1, 403],
      ['admin', 999999, 404],
    ];
    for (const [role, id, status] of cases) {
      const r = await call(tok[role], 'GET', `/api/warehouses/${id}`, undefined, 'en');
      if (status === 200) expect(r.statusCode, `${role} ${id}`).toBe(200);
      else expectError(r, status, status === 404 ? en('warehouses.notFound') : en('errors.forbidden'));
    }
  });
});

describe('GET /api/warehouses/{id}/users', () => {
  it("lists a warehouse's reps (role=seller) and admins (role=wholesaler)", async () => {
    const sellers = await call(tok.admin, 'GET', '/api/warehouses/1/users?role=seller&per_page=100');
    expect(sellers.statusCode, sellers.body).toBe(200);
    const page = pagedSchema(userListItemSchema.strict()).parse(sellers.json());
    const w1 = warehouseSchema.parse((await call(tok.admin, 'GET', '/api/warehouses/1')).json());
    expect(page.total).toBe(w1.users_count);
    expect(page.data.every((u) => u.role === 'seller' && u.warehouses.some((w) => w.id === 1))).toBe(true);
    expect(page.data.map((u) => u.id)).toContain(ids.seller);
    const admins = pagedSchema(userListItemSchema).parse(
      (await call(tok.admin, 'GET', '/api/warehouses/1/users?role=wholesaler&per_page=100')).json(),
    );
    expect(admins.data.map((u) => u.id).sort((a, b) => a - b)).toEqual(w1.admins_ids);
    expect(admins.data.every((u) => u.wholesaler_ids.includes(1))).toBe(true);
  });

  it('pages, sorts and searches like /api/users', async () => {
    const { rows, total } = await allPages(async (page) =>
      pagedSchema(userListItemSchema).parse(
        (
          await call(
            tok.admin,
            'GET',
            `/api/warehouses/1/users?role=seller&per_page=10&page=${page}&sort=surname&order=desc`,
          )
        ).json(),
      ),
    );
    expect(rows).toHaveLength(total);
    expectSorted(rows, (u) => polishSortKey(u.surname ?? ''), 'desc', 'surname desc');
    const found = pagedSchema(userListItemSchema).parse(
      (await call(tok.admin, 'GET', '/api/warehouses/1/users?role=seller&search=SPRZEDAWCA')).json(),
    );
    expect(found.data.map((u) => u.id)).toEqual([ids.seller]);
  });

  it('follows the warehouse scope: 404 outside it, 403 for a seller, 422 for other roles', async () => {
    expect((await call(tok.seller_reg, 'GET', '/api/warehouses/2/users?role=seller')).statusCode).toBe(200);
    expect((await call(tok.wholesaler, 'GET', '/api/warehouses/1/users?role=wholesaler')).statusCode).toBe(200);
    expect((await call(tok.provider_admin, 'GET', '/api/warehouses/10/users')).statusCode).toBe(200);
    expectError(await call(tok.seller_reg, 'GET', '/api/warehouses/10/users?role=seller'), 404);
    expectError(await call(tok.wholesaler, 'GET', '/api/warehouses/2/users?role=seller'), 404);
    expectError(await call(tok.seller, 'GET', '/api/warehouses/1/users?role=seller'), 403);
    const bad = expectError(await call(tok.admin, 'GET', '/api/warehouses/1/users?role=admin', undefined, 'en'), 422);
    expect(bad.errors?.role).toEqual([en('validation.roleInvalid')]);
  });
});

describe('GET /api/warehouses/export.csv', () => {
  it('exports the current search and sort as UTF-8 CSV with BOM, semicolons and quoting', async () => {
    await newWarehouse({ name: 'Hurt "Żółw"; Łódź', assecoId: `CSV-${Date.now()}`, address: '=HYPERLINK("x")' });
    const res = await call(tok.admin, 'GET', '/api/warehouses/export.csv?sort=name&order=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="warehouses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('ID;Asseco ID;Nazwa;Adres;Administratorzy;PH;Aktywni PH;Kwota (PLN)');
    const listed = await allPages((page) => list(tok.admin, `per_page=100&page=${page}&sort=name&order=desc`));
    expect(lines.length - 2).toBe(listed.total);
    // Same order as the list.
    expect(lines.slice(1, -1).map((l) => Number(l.split(';')[0]))).toEqual(listed.rows.map((w) => w.id));
    expect(text).toContain(`"Hurt ""Żółw""; Łódź"`);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    const w1 = listed.rows.find((w) => w.id === 1) as Warehouse;
    const line1 = lines.find((l) => l.startsWith('1;')) as string;
    expect(line1.endsWith(`;${w1.amount.replace('.', ',')}`)).toBe(true);
  });

  it('uses English headers and decimal points in English, and follows the scope', async () => {
    const res = await call(tok.seller_reg, 'GET', '/api/warehouses/export.csv?search=HUR-0000', undefined, 'en');
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('ID;Asseco ID;Name;Address;Admins;Sales reps;Active sales reps;Amount (PLN)');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['1', '2', '3']);
    expect(lines[1]).toMatch(/;\d+\.\d{2}$/);
    expectError(await call(tok.seller, 'GET', '/api/warehouses/export.csv'), 403);
    expectError(await call(tok.admin, 'GET', '/api/warehouses/export.csv?sort=nip'), 422);
  });
});

describe('POST, PUT and DELETE /api/warehouses', () => {
  it('creates a warehouse with its admins, edits it and deletes it', async () => {
    const admin2 = (
      await t.db
        .select({ id: users.id })
        .from(userWarehouses)
        .innerJoin(users, eq(users.id, userWarehouses.userId))
        .where(and(eq(userWarehouses.warehouseId, 5), eq(users.role, 'wholesaler')))
    )[0]?.id as number;
    const res = await call(
      tok.admin,
      'POST',
      '/api/warehouses',
      {
        assecoId: ' NEW-001 ',
        name: 'Hurtownia Nowa',
        address: 'ul. Długa 1, 00-001 Warszawa',
        nip: '1234567890',
        email: 'biuro@nowa.pl',
        admins_ids: [ids.wholesaler, admin2, ids.wholesaler],
      },
      'en',
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = warehouseSavedSchema.parse(res.json());
    expect(created.message).toBe(en('warehouses.created'));
    const w = warehouseSchema.parse((await call(tok.admin, 'GET', `/api/warehouses/${created.id}`)).json());
    expect(w).toMatchObject({
      asseco_id: 'NEW-001',
      name: 'Hurtownia Nowa',
      nip: '1234567890',
      email: 'biuro@nowa.pl',
      admins_count: 2,
      users_count: 0,
      actives_count: 0,
      amount: '0.00',
    });
    expect(w.admins_ids).toEqual([ids.wholesaler, admin2].sort((a, b) => a - b));
    // The demo wholesaler now sees it too.
    expect((await call(tok.wholesaler, 'GET', `/api/warehouses/${created.id}`)).statusCode).toBe(200);

    const put = await call(tok.admin, 'PUT', `/api/warehouses/${created.id}`, {
      assecoId: 'NEW-001',
      name: 'Hurtownia Nowa 2',
      address: 'ul. Krótka 2',
      admins_ids: [admin2],
    });
    expect(put.statusCode, put.body).toBe(200);
    const w2 = warehouseSchema.parse((await call(tok.admin, 'GET', `/api/warehouses/${created.id}`)).json());
    expect(w2).toMatchObject({ name: 'Hurtownia Nowa 2', address: 'ul. Krótka 2', nip: null, admins_ids: [admin2] });
    expectError(await call(tok.wholesaler, 'GET', `/api/warehouses/${created.id}`), 404);

    const del = await call(tok.admin, 'DELETE', `/api/warehouses/${created.id}`, undefined, 'en');
    expect(del.json()).toEqual({ message: en('warehouses.deleted') });
    expectError(await call(tok.admin, 'GET', `/api/warehouses/${created.id}`), 404);
    expectError(await call(tok.admin, 'DELETE', `/api/warehouses/${created.id}`), 404);
    expect((await list(tok.admin, 'search=NEW-001')).total).toBe(0);
    // The row stays (history), only hidden; its asseco id can be used again.
    const [row] = await t.db.select().from(warehouses).where(eq(warehouses.id, created.id));
    expect(row?.deletedAt).not.toBeNull();
    await newWarehouse({ assecoId: 'NEW-001' });
  });

  it('refuses a duplicate asseco id (any case) with 409, writing nothing', async () => {
    const before = await backOfficeCounts(t.db);
    const body = { assecoId: 'hur-00002', name: 'Duplikat', address: 'ul. Inna 3' };
    expectError(await call(tok.admin, 'POST', '/api/warehouses', body, 'en'), 409, en('warehouses.assecoIdTaken'));
    expectError(await call(tok.admin, 'PUT', '/api/warehouses/3', body, 'en'), 409, en('warehouses.assecoIdTaken'));
    expect(await backOfficeCounts(t.db)).toEqual(before);
    // Keeping its own asseco id is fine.
    const w2 = warehouseSchema.parse((await call(tok.admin, 'GET', '/api/warehouses/2')).json());
    const own = await call(tok.admin, 'PUT', '/api/warehouses/2', {
      assecoId: 'hur-00002',
      name: w2.name,
      address: w2.address,
      nip: w2.nip,
      email: w2.email,
      admins_ids: w2.admins_ids,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses to delete a warehouse with reps (409 hasReps), then with money (409 hasMoney)', async () => {
    const wid = await newWarehouse();
    const rep = await newSeller(wid);
    await setWallet(t.db, rep, 1234);
    const before = await backOfficeCounts(t.db);
    expectError(
      await call(tok.admin, 'DELETE', `/api/warehouses/${wid}`, undefined, 'en'),
      409,
      en('warehouses.hasReps'),
    );
    expectError(await call(tok.admin, 'DELETE', `/api/warehouses/${wid}`), 409, translate('pl', 'warehouses.hasReps'));
    expect(await backOfficeCounts(t.db)).toEqual(before);
    // The rep is deactivated but still holds money: the warehouse still cannot go.
    expect((await call(tok.admin, 'DELETE', `/api/users/${rep}`)).statusCode).toBe(200);
    expectError(
      await call(tok.admin, 'DELETE', `/api/warehouses/${wid}`, undefined, 'en'),
      409,
      en('warehouses.hasMoney'),
    );
    // Once paid out, it can.
    await setWallet(t.db, rep, 0, 1234);
    expect((await call(tok.admin, 'DELETE', `/api/warehouses/${wid}`)).statusCode).toBe(200);
  });

  it('keeps users of a deleted warehouse from seeing or being assigned to it', async () => {
    const wid = await newWarehouse({ admins_ids: [ids.wholesaler] });
    expect((await call(tok.admin, 'DELETE', `/api/warehouses/${wid}`)).statusCode).toBe(200);
    const me = (await call(tok.wholesaler, 'GET', '/api/me')).json();
    expect(me.wholesaler_ids).toEqual([1]);
    const res = await call(tok.admin, 'POST', '/api/users', {
      name: 'Ewa',
      surname: 'Nowak',
      assecoId: `PH-DEL-${Date.now()}`,
      email: `ewa.del.${Date.now()}@example.com`,
      warehouse_ids: [wid],
      role: 'seller',
    });
    expectError(res, 422);
  });

  it('writes nothing when one part fails: a bad admin id aborts the whole create', async () => {
    const before = await backOfficeCounts(t.db);
    for (const admins_ids of [[ids.wholesaler, ids.seller], [ids.admin], [999999]]) {
      const res = await call(
        tok.admin,
        'POST',
        '/api/warehouses',
        { assecoId: `X-${Date.now()}`, name: 'X', address: 'Y', admins_ids },
        'en',
      );
      const body = expectError(res, 422, en('warehouses.adminInvalid'));
      expect(body.errors?.admins_ids).toEqual([en('warehouses.adminInvalid')]);
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });
});

describe('a warehouse admin left without warehouses', () => {
  it('sees empty lists and no records, and signs in still (the web app tells it why)', async () => {
    const wid = await newWarehouse();
    seq++;
    const email = `bez.hurtowni.${seq}.${Date.now()}@example.com`;
    const created = await call(tok.admin, 'POST', '/api/users', {
      name: `bezhurtowni${seq}`,
      email,
      warehouse_ids: [wid],
      role: 'wholesaler',
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = new URL((await t.lastMailTo(email)).link as string);
    await call(undefined, 'POST', '/api/set-password', {
      token: link.searchParams.get('token'),
      email,
      password: 'Haslo-123456',
      password_confirmation: 'Haslo-123456',
      rules: true,
    });
    const own = await t.login(email, 'Haslo-123456');
    expect((await list(own, 'per_page=100')).total).toBe(1);
    // The admin takes the warehouse away from it.
    const w = warehouseSchema.parse((await call(tok.admin, 'GET', `/api/warehouses/${wid}`)).json());
    const put = await call(tok.admin, 'PUT', `/api/warehouses/${wid}`, {
      assecoId: w.asseco_id,
      name: w.name,
      address: w.address,
      admins_ids: [],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(own, 'GET', '/api/me')).json().wholesaler_ids).toEqual([]);
    expect((await list(own, 'per_page=100&sort=amount')).total).toBe(0);
    const users = await call(own, 'GET', '/api/users?role=seller');
    expect(users.json()).toMatchObject({ total: 0, data: [] });
    expectError(await call(own, 'GET', `/api/warehouses/${wid}`), 404);
    const csv = await call(own, 'GET', '/api/warehouses/export.csv');
    expect(csv.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });
});

describe('warehouse role matrix (own = warehouse 1, foreign = warehouse 10)', () => {
  const body = (n: string) => ({ assecoId: `RM-${n}-${Date.now()}`, name: `Rola ${n}`, address: 'ul. Ról 1' });
  const cases: { role: Role; create: number; editOwn: number; editForeign: number; delete: number }[] = [
    { role: 'root', create: 201, editOwn: 200, editForeign: 200, delete: 200 },
    { role: 'admin', create: 201, editOwn: 200, editForeign: 200, delete: 200 },
    { role: 'provider_admin', create: 403, editOwn: 403, editForeign: 403, delete: 403 },
    { role: 'seller_reg', create: 403, editOwn: 200, editForeign: 404, delete: 403 },
    { role: 'wholesaler', create: 403, editOwn: 403, editForeign: 403, delete: 403 },
    { role: 'seller', create: 403, editOwn: 403, editForeign: 403, delete: 403 },
  ];
  it.each(cases)('$role: create $create, edit own $editOwn, edit foreign $editForeign, delete $delete', async (c) => {
    const created = await call(tok[c.role], 'POST', '/api/warehouses', body(c.role));
    expect(created.statusCode, created.body).toBe(c.create);

    for (const [wid, expected] of [
      [1, c.editOwn],
      [10, c.editForeign],
    ] as const) {
      const current = warehouseSchema.parse((await call(tok.admin, 'GET', `/api/warehouses/${wid}`)).json());
      const before = await backOfficeCounts(t.db);
      const res = await call(tok[c.role], 'PUT', `/api/warehouses/${wid}`, {
        assecoId: current.asseco_id,
        name: `${current.name.replace(/ \(.*\)$/, '')} (${c.role})`,
        address: current.address,
        nip: current.nip,
        email: current.email,
        admins_ids: current.admins_ids,
      });
      expect(res.statusCode, `${c.role} PUT ${wid}: ${res.body}`).toBe(expected);
      if (expected !== 200) expect(await backOfficeCounts(t.db)).toEqual(before);
      else {
        const after = warehouseSchema.parse((await call(tok.admin, 'GET', `/api/warehouses/${wid}`)).json());
        expect(after.name.endsWith(`(${c.role})`)).toBe(true);
        expect(after.admins_ids).toEqual(current.admins_ids);
      }
    }

    const empty = await newWarehouse();
    const before = await backOfficeCounts(t.db);
    const del = await call(tok[c.role], 'DELETE', `/api/warehouses/${empty}`);
    expect(del.statusCode, del.body).toBe(c.delete);
    if (c.delete !== 200) expect(await backOfficeCounts(t.db)).toEqual(before);
    expectError(await call(tok[c.role], 'DELETE', '/api/warehouses/1'), c.delete === 200 ? 409 : 403);
  });

  it('a regional manager may only name admins from its own warehouses', async () => {
    const current = warehouseSchema.parse((await call(tok.admin, 'GET', '/api/warehouses/2')).json());
    const foreignAdmin = (
      await t.db
        .select({ id: users.id })
        .from(userWarehouses)
        .innerJoin(users, eq(users.id, userWarehouses.userId))
        .where(and(eq(userWarehouses.warehouseId, 10), eq(users.role, 'wholesaler')))
    )[0]?.id as number;
    const before = await backOfficeCounts(t.db);
    const res = await call(tok.seller_reg, 'PUT', '/api/warehouses/2', {
      assecoId: current.asseco_id,
      name: current.name,
      address: current.address,
      admins_ids: [...current.admins_ids, foreignAdmin],
    });
    expectError(res, 422);
    expect(await backOfficeCounts(t.db)).toEqual(before);
    const ok = await call(tok.seller_reg, 'PUT', '/api/warehouses/2', {
      assecoId: current.asseco_id,
      name: current.name,
      address: current.address,
      admins_ids: [...current.admins_ids, ids.wholesaler],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = warehouseSchema.parse((await call(tok.admin, 'GET', '/api/warehouses/2')).json());
    expect(after.admins_ids).toContain(ids.wholesaler);
  });
});

describe('bad input to the warehouse endpoints', () => {
  const valid = { assecoId: 'BAD-1', name: 'Zła', address: 'ul. Zła 1' };
  const badIds = ['abc', '-1', '1.5', '0', '99999999999', '%20', '1;drop', '0x'];

  it.each(badIds)('id %s -> 422 on every /api/warehouses/{id} route', async (id) => {
    const before = await backOfficeCounts(t.db);
    for (const [method, url, body] of [
      ['GET', `/api/warehouses/${id}`, undefined],
      ['PUT', `/api/warehouses/${id}`, valid],
      ['DELETE', `/api/warehouses/${id}`, undefined],
      ['GET', `/api/warehouses/${id}/users`, undefined],
    ] as const) {
      const res = await call(tok.admin, method, url, body, 'en');
      const err = expectError(res, 422, en('validation.idInvalid'));
      expect(err.errors?.id).toEqual([en('validation.idInvalid')]);
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it.each([
    ['sort=nip', 'sort', 'validation.sortInvalid'],
    ['sort=id;drop table users', 'sort', 'validation.sortInvalid'],
    ['order=up', 'order', 'validation.orderInvalid'],
    ['page=0', 'page', 'validation.pageInvalid'],
    ['page=-1', 'page', 'validation.pageInvalid'],
    ['page=1.5', 'page', 'validation.pageInvalid'],
    ['page=1000000000', 'page', 'validation.pageInvalid'],
    ['page=abc', 'page', 'validation.pageInvalid'],
    ['per_page=7', 'per_page', 'validation.perPageInvalid'],
    ['per_page=1000', 'per_page', 'validation.perPageInvalid'],
    [`search=${'x'.repeat(101)}`, 'search', 'validation.searchTooLong'],
  ])('list query %s -> 422 (%s)', async (query, field, key) => {
    for (const url of ['/api/warehouses', '/api/warehouses/1/users', '/api/warehouses/export.csv']) {
      if (url.endsWith('.csv') && /page/.test(field)) continue;
      const res = await call(tok.admin, 'GET', `${url}?${query}`, undefined, 'en');
      const err = expectError(res, 422, en(key));
      expect(err.errors?.[field], url).toEqual([en(key)]);
    }
  });

  it.each([
    ['no body', undefined, '_', null],
    ['empty object', {}, 'assecoId', 'validation.assecoIdRequired'],
    ['empty fields', { assecoId: ' ', name: '', address: '  ' }, 'name', 'validation.warehouseNameRequired'],
    ['10,000-character name', { ...valid, name: 'x'.repeat(10_000) }, 'name', 'validation.tooLong'],
    ['10,000-character address', { ...valid, address: 'x'.repeat(10_000) }, 'address', 'validation.tooLong'],
    ['name as a number', { ...valid, name: 5 }, 'name', 'validation.warehouseNameRequired'],
    ['bad nip', { ...valid, nip: '12-34' }, 'nip', 'validation.nipInvalid'],
    ['bad e-mail', { ...valid, email: 'biuro(at)x.pl' }, 'email', 'validation.emailInvalid'],
    ['admins as text', { ...valid, admins_ids: 'all' }, 'admins_ids', null],
    ['admin id as text', { ...valid, admins_ids: ['1'] }, 'admins_ids.0', null],
    ['negative admin id', { ...valid, admins_ids: [-4] }, 'admins_ids.0', null],
  ])('%s -> 422 on create and edit, nothing written', async (_name, payload, field, key) => {
    const before = await backOfficeCounts(t.db);
    for (const [method, url] of [
      ['POST', '/api/warehouses'],
      ['PUT', '/api/warehouses/2'],
    ] as const) {
      const res = await call(tok.admin, method, url, payload, 'en');
      const err = expectError(res, 422);
      expect(err.errors?.[field], `${method} ${JSON.stringify(err.errors)}`).toBeDefined();
      if (key) expect(err.errors?.[field]?.[0]).toBe(en(key));
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it('a broken JSON body is a 400, a form post a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/warehouses',
      headers: { authorization: `Bearer ${tok.admin}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectError(res, 400);
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/warehouses/1',
      headers: { authorization: `Bearer ${tok.admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expectError(form, 415);
  });
});
