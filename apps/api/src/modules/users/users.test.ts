import {
  loginRecordSchema,
  pagedSchema,
  type Role,
  translate,
  USER_SORT_FIELDS,
  type UserListItem,
  type UserSort,
  userCreatedSchema,
  userDetailsSchema,
  userListItemSchema,
} from '@incentive/contracts';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
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
  OWN_WAREHOUSES,
} from '../../../test/back-office.ts';
import { linkParams } from '../../../test/mail.ts';
import { polishSortKey } from '../../../test/polish-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { logins, sessions, users, userWarehouses } from '../../db/schema.ts';

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;

const pagedUsers = pagedSchema(userListItemSchema.strict());
const en = (key: string) => translate('en', key);

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
  const res = await call(token, 'GET', `/api/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // The page is JSON text built by PostgreSQL (decision 010): the contract's strict schema checks it.
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return pagedUsers.parse(res.json());
}

async function details(token: string, id: number) {
  const res = await call(token, 'GET', `/api/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return userDetailsSchema.strict().parse(res.json());
}

let seq = 0;
const unique = () => `${++seq}${Date.now().toString(36)}`;

type NewUser = { role: Exclude<Role, 'root'>; warehouses?: number[] };
/** A body for POST /api/users that the schema accepts for the role. */
function bodyFor(u: NewUser) {
  const n = unique();
  const rep = u.role === 'seller' || u.role === 'seller_reg';
  return {
    name: rep ? 'Łucja' : `login${n}`,
    surname: rep ? `Żurawska${n}` : undefined,
    assecoId: u.role === 'seller' || u.role === 'seller_reg' ? `PH-T${n}` : undefined,
    email: `user.${n}@example.com`,
    warehouse_ids:
      u.warehouses ?? (u.role === 'seller' ? [10] : u.role === 'admin' || u.role === 'provider_admin' ? [] : [10]),
    role: u.role,
  };
}

/** Creates a user as the admin and returns its id. */
async function create(u: NewUser): Promise<number> {
  const res = await call(tok.admin, 'POST', '/api/users', bodyFor(u));
  expect(res.statusCode, res.body).toBe(201);
  return userCreatedSchema.parse(res.json()).id;
}

/** A PUT body equal to the user's current data (as the admin sees it), with changes. */
async function currentBody(id: number, changes: Record<string, unknown> = {}) {
  const d = await details(tok.admin, id);
  return {
    name: d.name,
    surname: d.surname,
    assecoId: d.asseco_id,
    email: d.email,
    phone: d.phone,
    warehouse_ids: d.warehouses.map((w) => w.id),
    // No body may carry the root role: root is edited as an admin (which only changes a role, so is refused).
    role: d.role === 'root' ? 'admin' : d.role,
    ...changes,
  };
}

describe('GET /api/users', () => {
  it('returns the User fields plus is_active and complete_profile, cards masked, money as PLN', async () => {
    const page = await list(tok.admin, 'role=seller&per_page=100');
    const [n] = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'seller'), isNull(users.deletedAt)));
    expect(page.total).toBe(n?.n);
    const withCard = page.data.find((u) => u.card !== null) as UserListItem;
    expect(withCard.card?.number).toMatch(/^•••• •••• •••• \d{4}$/);
    const [row] = await t.db.select().from(users).where(eq(users.id, withCard.id));
    expect(withCard.card?.number.slice(-4)).toBe(row?.cardNumber?.slice(-4));
    for (const u of page.data) {
      expect(u.role).toBe('seller');
      expect(u.is_active).toBe(u.last_login_at !== null);
      expect(u.complete_profile).toBe(Boolean(u.name && u.surname && u.email && u.asseco_id));
      expect(u.warehouses).toHaveLength(1);
      expect(u.wholesaler_ids).toEqual([]);
      expect(grosze(u.total_amount)).toBe(grosze(u.money_earned) + grosze(u.money_withdrawed));
    }
    const wh = await list(tok.admin, 'role=wholesaler&per_page=100');
    expect(wh.data.every((u) => u.wholesaler_ids.length > 0 && u.wholesaler_ids.every((id) => id >= 1))).toBe(true);
  });

  it('counts logins of the last 14 days in SQL (login_counter_weekly)', async () => {
    const since = new Date(Date.now() - 14 * 86400_000);
    const [row] = await t.db
      .select({ id: logins.userId, n: count() })
      .from(logins)
      .innerJoin(users, eq(users.id, logins.userId))
      .where(and(sql`${logins.createdAt} >= ${since.toISOString()}::timestamptz`, eq(users.role, 'seller')))
      .groupBy(logins.userId)
      .orderBy(sql`count(*) desc`, logins.userId)
      .limit(1);
    const d = await details(tok.admin, row?.id as number);
    expect(d.login_counter_weekly).toBe(row?.n);
  });

  it('pages: total and last_page for 10, 25, 50 and 100 rows; past the end is empty', async () => {
    const total = (await list(tok.admin, 'role=seller')).total;
    for (const per of [10, 25, 50, 100]) {
      const p = await list(tok.admin, `role=seller&per_page=${per}&page=2`);
      expect(p).toMatchObject({ current_page: 2, last_page: Math.ceil(total / per), total });
      expect(p.data).toHaveLength(Math.min(per, total - per));
    }
    const past = await list(tok.admin, 'role=seller&per_page=100&page=99');
    expect(past).toMatchObject({ current_page: 99, total, data: [] });
    expect((await list(tok.admin, 'role=admin')).last_page).toBe(1);
  });

  const keyOf: Record<UserSort, (u: UserListItem) => string | number | boolean> = {
    id: (u) => u.id,
    asseco_id: (u) => u.asseco_id ?? '',
    // Names, surnames and e-mails in the Polish alphabet (docs/decisions/017).
    name: (u) => polishSortKey(u.name),
    surname: (u) => polishSortKey(u.surname ?? ''),
    email: (u) => polishSortKey(u.email),
    card: (u) => u.card?.number.slice(-4) ?? '',
    active: (u) => u.is_active,
    complete_profile: (u) => u.complete_profile,
    last_login_at: (u) => (u.last_login_at ? Date.parse(u.last_login_at) : Number.NEGATIVE_INFINITY),
    login_counter_weekly: (u) => u.login_counter_weekly,
    total_amount: (u) => grosze(u.total_amount),
    amount_from_quiz: (u) => grosze(u.amount_from_quiz),
    in_withdrawal: (u) => grosze(u.wallet.in_withdrawal),
    withdraw_amount: (u) => grosze(u.withdraw_amount),
  };
  for (const sort of USER_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${sort} ${order}, ties by id, no row twice across pages`, async () => {
        const { rows, total } = await allPages((page) =>
          list(tok.admin, `role=seller&per_page=100&page=${page}&sort=${sort}&order=${order}`),
        );
        expect(rows).toHaveLength(total);
        expectSorted(rows, keyOf[sort], order, `${sort} ${order}`);
        // The sort really distinguishes rows (the seed varies every column but id-like ones).
        if (sort !== 'complete_profile') expect(new Set(rows.map(keyOf[sort])).size).toBeGreaterThan(1);
      });
    }
  }

  it('sorts the smaller lists too (regional managers by e-mail desc, 10 a page)', async () => {
    const { rows, total } = await allPages((page) =>
      list(tok.admin, `role=seller_reg&per_page=10&page=${page}&sort=email&order=desc`),
    );
    expect(rows).toHaveLength(total);
    expectSorted(rows, keyOf.email, 'desc', 'email desc');
  });

  it('searches name, surname, e-mail, asseco id and card number, case-insensitively', async () => {
    const all = (await allPages((page) => list(tok.admin, `role=seller&per_page=100&page=${page}`))).rows;
    const polish = all.find((u) => /[ąćęłńóśźż]/.test(u.surname ?? '')) as UserListItem;
    const term = (polish.surname ?? '').toUpperCase();
    const bySurname = await list(tok.admin, `role=seller&per_page=100&search=${encodeURIComponent(term)}`);
    expect(bySurname.data.map((u) => u.id)).toContain(polish.id);

    const seller = await list(tok.admin, 'role=seller&search=SELLER@EXAMPLE');
    expect(seller.data.map((u) => u.id)).toEqual([ids.seller]);
    expect((await list(tok.admin, 'role=seller&search=ph-000001')).data.map((u) => u.id)).toContain(ids.seller);

    const [carded] = await t.db
      .select({ id: users.id, card: users.cardNumber })
      .from(users)
      .where(and(eq(users.role, 'seller'), sql`${users.cardNumber} is not null`))
      .limit(1);
    const byCard = await list(tok.admin, `role=seller&search=${carded?.card}`);
    expect(byCard.data.map((u) => u.id)).toEqual([carded?.id]);

    // The search is within the role asked for, and % and _ are taken literally.
    expect((await list(tok.admin, 'role=seller_reg&search=seller@example')).total).toBe(0);
    expect((await list(tok.admin, 'role=seller&search=%25')).total).toBe(0);
    expect((await list(tok.admin, 'role=seller&search=a_b')).total).toBe(0);
    const sum = (await list(tok.admin, 'role=seller&search=example.pl')).total;
    expect(sum).toBe(all.filter((u) => u.email.includes('example.pl')).length);
  });
});

describe('who lists which users', () => {
  const listRoles = ['seller', 'seller_reg', 'wholesaler', 'admin', 'provider_admin'] as const;
  const allowed: Record<Role, readonly string[]> = {
    root: listRoles,
    admin: listRoles,
    provider_admin: ['seller', 'seller_reg', 'wholesaler', 'provider_admin'],
    seller_reg: ['seller', 'wholesaler'],
    wholesaler: ['seller', 'wholesaler'],
    seller: [],
  };
  it.each(Object.keys(allowed) as Role[])('%s', async (role) => {
    for (const listed of listRoles) {
      const res = await call(tok[role], 'GET', `/api/users?role=${listed}&per_page=100`, undefined, 'en');
      if (!allowed[role].includes(listed)) {
        expectError(res, 403, en('errors.forbidden'));
        continue;
      }
      expect(res.statusCode, `${role} lists ${listed}`).toBe(200);
      const page = pagedUsers.parse(res.json());
      if (role === 'seller_reg' || role === 'wholesaler') {
        const mine = role === 'seller_reg' ? [...OWN_WAREHOUSES] : [1];
        const [n] = await t.db
          .select({ n: sql<number>`count(distinct ${users.id})::int` })
          .from(users)
          .innerJoin(userWarehouses, eq(userWarehouses.userId, users.id))
          .where(and(eq(users.role, listed), isNull(users.deletedAt), inArray(userWarehouses.warehouseId, mine)));
        expect(page.total, `${role} lists ${listed}`).toBe(n?.n);
        expect(page.total).toBeGreaterThan(0);
        // Only the actor's warehouses are named.
        for (const u of page.data) {
          expect(u.warehouses.length).toBeGreaterThan(0);
          expect(u.warehouses.every((w) => mine.includes(w.id))).toBe(true);
        }
      }
    }
  });
});

describe('GET /api/users/export.csv', () => {
  it('exports the list with its search and sort: BOM, header, one line per row, masked cards', async () => {
    const res = await call(tok.admin, 'GET', '/api/users/export.csv?role=seller&sort=surname&order=desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-seller-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'ID PH;Asseco ID;Imię;Nazwisko;E-mail;Numer karty;Aktywny;Profil kompletny;Ostatnie logowanie;Logowania (14 dni);Wyzwania;Kwota całkowita (PLN);Kwota z quizów (PLN);Kwota do wypłaty (PLN);Kwota wypłacona (PLN)',
    );
    const { rows } = await allPages((page) =>
      list(tok.admin, `role=seller&per_page=100&page=${page}&sort=surname&order=desc`),
    );
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(rows.map((u) => u.id));
    const text = lines.join('\n');
    expect(text).toMatch(/[ąćęłńóśźżŁŚŻ]/);
    expect(text).toContain('•••• •••• •••• ');
    expect(text).not.toMatch(/;\d{16};/);
    const never = rows.find((u) => !u.last_login_at) as UserListItem;
    expect(lines.find((l) => l.startsWith(`${never.id};`))).toContain(';nie;');
    expect(lines.find((l) => l.startsWith(`${never.id};`))).toContain(';nigdy;');
    const active = rows.find((u) => u.last_login_at) as UserListItem;
    expect(lines.find((l) => l.startsWith(`${active.id};`))).toMatch(/;\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2};/);
    expect(lines.find((l) => l.startsWith(`${active.id};`))).toContain(`;${active.total_amount.replace('.', ',')};`);
  });

  it('follows the search, the scope, the language and the time zone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/export.csv?role=seller&search=seller@example',
      headers: { authorization: `Bearer ${tok.wholesaler}`, 'accept-language': 'en', 'user-timezone': 'Asia/Tokyo' },
    });
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]?.startsWith('Rep ID;Asseco ID;First name;Last name;E-mail;Card number;Active')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${ids.seller};PH-000001;Szymon;Sprzedawca;seller@example.com;`)).toBe(true);
    expectError(await call(tok.seller_reg, 'GET', '/api/users/export.csv?role=seller_reg'), 403);
    expectError(await call(tok.seller, 'GET', '/api/users/export.csv?role=seller'), 403);
    const far = await call(tok.wholesaler, 'GET', '/api/users/export.csv?role=seller&search=PH-0000');
    const farIds = far.rawPayload.toString('utf8').slice(1).trim().split('\r\n').slice(1);
    const inW1 = await list(tok.wholesaler, 'role=seller&per_page=100&search=PH-0000');
    expect(farIds).toHaveLength(inW1.total);
  });

  it('guards against spreadsheet formulas in names', async () => {
    const body = { ...bodyFor({ role: 'seller' }), name: '=cmd|calc', surname: '@SUM(A1)' };
    expect((await call(tok.admin, 'POST', '/api/users', body)).statusCode).toBe(201);
    const res = await call(tok.admin, 'GET', `/api/users/export.csv?role=seller&search=${body.email}`);
    const line = res.rawPayload.toString('utf8').trim().split('\r\n')[1] as string;
    expect(line).toContain(";'=cmd|calc;'@SUM(A1);");
  });

  it('also guards full-width and zero-width-prefixed formulas', async () => {
    const body = { ...bodyFor({ role: 'seller' }), name: '＝HYPERLINK("http://evil.example/","x")' };
    const res = await call(tok.admin, 'POST', '/api/users', body);
    expect(res.statusCode, res.body).toBe(201);
    // Stored as it may be from earlier data: a zero-width space before the formula.
    const { id } = userCreatedSchema.parse(res.json());
    await t.db.update(users).set({ surname: '\u200B=1+1' }).where(eq(users.id, id));
    const csv = await call(tok.admin, 'GET', `/api/users/export.csv?role=seller&search=${body.email}`);
    const line = csv.rawPayload.toString('utf8').trim().split('\r\n')[1] as string;
    expect(line).toContain(`;"'＝HYPERLINK(""http://evil.example/"",""x"")";'\u200B=1+1;`);
  });
});

describe('POST /api/users', () => {
  it('creates a rep in a warehouse and e-mails a set-password link that activates the account', async () => {
    const body = { ...bodyFor({ role: 'seller', warehouses: [2] }), phone: '600 100 200' };
    const res = await call(tok.admin, 'POST', '/api/users', body, 'en');
    expect(res.statusCode, res.body).toBe(201);
    const created = userCreatedSchema.parse(res.json());
    expect(created.message).toBe(en('users.created'));
    const d = await details(tok.admin, created.id);
    expect(d).toMatchObject({
      name: body.name,
      surname: body.surname,
      email: body.email,
      role: 'seller',
      asseco_id: body.assecoId,
      phone: '600 100 200',
      activated: false,
      is_active: false,
      last_login_at: null,
      card: null,
      warehouses: [{ id: 2 }],
    });
    const mail = await t.lastMailTo(body.email);
    const { token, email } = linkParams(mail.link as string);
    expect(email).toBe(body.email);
    const set = await call(undefined, 'POST', '/api/set-password', {
      token,
      email,
      password: 'Nowe-Haslo-2026',
      password_confirmation: 'Nowe-Haslo-2026',
      rules: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.login(body.email, 'Nowe-Haslo-2026');
    const after = await details(tok.admin, created.id);
    expect(after.activated).toBe(true);
    expect(after.is_active).toBe(true);
    expect((await list(tok.admin, `role=seller&search=${body.email}`)).data.map((u) => u.id)).toEqual([created.id]);
  });

  it('creates a regional manager in several warehouses and an admin without any', async () => {
    const rks = await create({ role: 'seller_reg', warehouses: [4, 5, 6] });
    expect((await details(tok.admin, rks)).warehouses.map((w) => w.id)).toEqual([4, 5, 6]);
    const wh = await create({ role: 'wholesaler', warehouses: [7, 8] });
    expect((await details(tok.admin, wh)).wholesaler_ids).toEqual([7, 8]);
    const adm = await create({ role: 'provider_admin' });
    expect((await details(tok.admin, adm)).warehouses).toEqual([]);
  });

  it('refuses a taken e-mail whatever its case, and a taken asseco id, with 409 and nothing written', async () => {
    const before = await backOfficeCounts(t.db);
    const mails = (await t.outbox()).length;
    const dupMail = { ...bodyFor({ role: 'seller' }), email: 'SELLER@Example.com' };
    expectError(await call(tok.admin, 'POST', '/api/users', dupMail, 'en'), 409, en('users.emailTaken'));
    const dupAsseco = { ...bodyFor({ role: 'seller' }), assecoId: 'ph-000001' };
    expectError(await call(tok.admin, 'POST', '/api/users', dupAsseco, 'en'), 409, en('users.assecoIdTaken'));
    expect(await backOfficeCounts(t.db)).toEqual(before);
    expect((await t.outbox()).length).toBe(mails);
  });

  it('still creates the account when the e-mail cannot be sent, and says so', async () => {
    const failing = await createTestApp({
      mailer: {
        target: 'broken',
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    });
    try {
      const admin = await failing.login('admin@example.com');
      const body = bodyFor({ role: 'seller' });
      const res = await client(failing)(admin, 'POST', '/api/users', body, 'en');
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(en('users.createdMailFailed'));
      const again = await client(failing)(admin, 'POST', '/api/users', body, 'en');
      expectError(again, 409, en('users.emailTaken'));
    } finally {
      await failing.close();
    }
  });

  // Who may create whom, where: own = a warehouse of the demo regional manager/wholesaler (1), foreign = 10.
  const W_OWN = [1];
  const W_FAR = [10];
  const createCases: [Role, NewUser, number][] = [
    ['root', { role: 'admin' }, 201],
    ['admin', { role: 'admin' }, 201],
    ['admin', { role: 'seller', warehouses: W_FAR }, 201],
    ['provider_admin', { role: 'provider_admin' }, 201],
    ['provider_admin', { role: 'wholesaler', warehouses: W_FAR }, 201],
    // SPEC.md section 6: a provider admin creates provider and warehouse admins, no reps (issue 27).
    ['provider_admin', { role: 'seller_reg', warehouses: [1, 10] }, 403],
    ['provider_admin', { role: 'seller', warehouses: W_FAR }, 403],
    ['provider_admin', { role: 'admin' }, 403],
    ['seller_reg', { role: 'seller', warehouses: W_OWN }, 201],
    ['seller_reg', { role: 'seller', warehouses: [3] }, 201],
    ['seller_reg', { role: 'wholesaler', warehouses: [1, 2] }, 201],
    ['seller_reg', { role: 'seller', warehouses: W_FAR }, 422],
    ['seller_reg', { role: 'wholesaler', warehouses: [1, 10] }, 422],
    ['seller_reg', { role: 'seller_reg', warehouses: W_OWN }, 403],
    ['seller_reg', { role: 'provider_admin' }, 403],
    ['seller_reg', { role: 'admin' }, 403],
    ['wholesaler', { role: 'seller', warehouses: W_OWN }, 201],
    ['wholesaler', { role: 'seller', warehouses: [2] }, 422],
    ['wholesaler', { role: 'seller', warehouses: W_FAR }, 422],
    ['wholesaler', { role: 'seller', warehouses: [999999] }, 422],
    ['wholesaler', { role: 'wholesaler', warehouses: W_OWN }, 403],
    ['wholesaler', { role: 'seller_reg', warehouses: W_OWN }, 403],
    ['seller', { role: 'seller', warehouses: W_OWN }, 403],
    ['seller', { role: 'admin' }, 403],
  ];
  it.each(createCases)('%s creating %o -> %i', async (actor, u, status) => {
    const before = await backOfficeCounts(t.db);
    const res = await call(tok[actor], 'POST', '/api/users', bodyFor(u), 'en');
    if (status !== 201) {
      const err = expectError(res, status, status === 403 ? en('errors.forbidden') : en('users.warehouseOutOfScope'));
      if (status === 422) expect(err.errors?.warehouse_ids).toEqual([en('users.warehouseOutOfScope')]);
      expect(await backOfficeCounts(t.db)).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    const id = userCreatedSchema.parse(res.json()).id;
    const d = await details(tok.admin, id);
    expect(d.role).toBe(u.role);
    expect(d.warehouses.map((w) => w.id)).toEqual(u.warehouses ?? []);
    // The creator can see what it created.
    expect((await call(tok[actor], 'GET', `/api/users/${id}`)).statusCode).toBe(200);
  });
});

/*
 * The role matrix for one user's record: six roles × own and foreign records.
 * own: in warehouse 1 (shared with the demo wholesaler and regional manager); foreign: in warehouse 10.
 */
type Target =
  | 'self'
  | 'sellerOwn'
  | 'sellerFar'
  | 'wholesalerOwn'
  | 'wholesalerFar'
  | 'rks'
  | 'provider'
  | 'admin'
  | 'root';
const TARGETS: Target[] = [
  'self',
  'sellerOwn',
  'sellerFar',
  'wholesalerOwn',
  'wholesalerFar',
  'rks',
  'provider',
  'admin',
  'root',
];
const ACTORS: Role[] = ['root', 'admin', 'provider_admin', 'seller_reg', 'wholesaler', 'seller'];

async function makeTarget(target: Target, actor: Role): Promise<number> {
  switch (target) {
    case 'self':
      return ids[actor];
    case 'sellerOwn':
      return create({ role: 'seller', warehouses: [1] });
    case 'sellerFar':
      return create({ role: 'seller', warehouses: [10] });
    case 'wholesalerOwn':
      return create({ role: 'wholesaler', warehouses: [1] });
    case 'wholesalerFar':
      return create({ role: 'wholesaler', warehouses: [10] });
    case 'rks':
      return create({ role: 'seller_reg', warehouses: [1, 2] });
    case 'provider':
      return create({ role: 'provider_admin' });
    case 'admin':
      return create({ role: 'admin' });
    case 'root':
      return ids.root;
  }
}

// 200 = allowed; 404 = cannot even see it; 403 = sees it but may not do this.
const READ: Record<Role, Record<Target, number>> = {
  root: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 200,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 200,
    provider: 200,
    admin: 200,
    root: 200,
  },
  admin: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 200,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 200,
    provider: 200,
    admin: 200,
    root: 200,
  },
  provider_admin: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 200,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 200,
    provider: 200,
    admin: 404,
    root: 404,
  },
  seller_reg: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 404,
    wholesalerOwn: 200,
    wholesalerFar: 404,
    rks: 404,
    provider: 404,
    admin: 404,
    root: 404,
  },
  wholesaler: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 404,
    wholesalerOwn: 200,
    wholesalerFar: 404,
    rks: 404,
    provider: 404,
    admin: 404,
    root: 404,
  },
  seller: {
    self: 200,
    sellerOwn: 404,
    sellerFar: 404,
    wholesalerOwn: 404,
    wholesalerFar: 404,
    rks: 404,
    provider: 404,
    admin: 404,
    root: 404,
  },
};
const EDIT: Record<Role, Record<Target, number>> = {
  // Root is never edited through the API: its body would have to change its role.
  root: {
    self: 403,
    sellerOwn: 200,
    sellerFar: 200,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 200,
    provider: 200,
    admin: 200,
    root: 403,
  },
  admin: {
    self: 200,
    sellerOwn: 200,
    sellerFar: 200,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 200,
    provider: 200,
    admin: 200,
    root: 403,
  },
  // Sees reps but edits and deletes none (SPEC.md section 6; issue 27).
  provider_admin: {
    self: 200,
    sellerOwn: 403,
    sellerFar: 403,
    wholesalerOwn: 200,
    wholesalerFar: 200,
    rks: 403,
    provider: 200,
    admin: 404,
    root: 404,
  },
  seller_reg: {
    self: 403,
    sellerOwn: 200,
    sellerFar: 404,
    wholesalerOwn: 200,
    wholesalerFar: 404,
    rks: 404,
    provider: 404,
    admin: 404,
    root: 404,
  },
  wholesaler: {
    self: 403,
    sellerOwn: 200,
    sellerFar: 404,
    wholesalerOwn: 403,
    wholesalerFar: 404,
    rks: 404,
    provider: 404,
    admin: 404,
    root: 404,
  },
  seller: {
    self: 403,
    sellerOwn: 403,
    sellerFar: 403,
    wholesalerOwn: 403,
    wholesalerFar: 403,
    rks: 403,
    provider: 403,
    admin: 403,
    root: 403,
  },
};
/** Deleting oneself is always refused; otherwise as editing. */
const DELETE: Record<Role, Record<Target, number>> = Object.fromEntries(
  ACTORS.map((a) => [a, { ...EDIT[a], self: 403 }]),
) as Record<Role, Record<Target, number>>;
DELETE.root.root = 403;

describe('user role matrix: read, edit, delete (own = warehouse 1, foreign = warehouse 10)', () => {
  it.each(ACTORS)('%s reads', async (actor) => {
    for (const target of TARGETS) {
      const id = await makeTarget(target, actor);
      for (const url of [`/api/users/${id}`, `/api/users/${id}/logins`, `/api/sales-rep/${id}/cards`]) {
        const res = await call(tok[actor], 'GET', url, undefined, 'en');
        if (READ[actor][target] === 200) expect(res.statusCode, `${actor} GET ${url} (${target})`).toBe(200);
        else expectError(res, 404, en('users.notFound'));
      }
    }
  });

  it.each(ACTORS)('%s edits', async (actor) => {
    for (const target of TARGETS) {
      const id = await makeTarget(target, actor);
      const body = await currentBody(id, { name: `Zmieniony ${actor}` });
      const before = await backOfficeCounts(t.db);
      const res = await call(tok[actor], 'PUT', `/api/auth/profile/${id}`, body, 'en');
      const expected = EDIT[actor][target];
      if (expected === 200) {
        expect(res.statusCode, `${actor} edits ${target}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ id, message: en('users.updated') });
        expect((await details(tok.admin, id)).name).toBe(`Zmieniony ${actor}`);
      } else {
        const body403 = id === ids[actor] && actor !== 'seller' ? undefined : en('errors.forbidden');
        expectError(res, expected, expected === 404 ? en('users.notFound') : body403);
        expect(await backOfficeCounts(t.db), `${actor} edits ${target}`).toEqual(before);
      }
    }
  });

  it.each(ACTORS)('%s deletes', async (actor) => {
    for (const target of TARGETS) {
      const id = await makeTarget(target, actor);
      const before = await backOfficeCounts(t.db);
      const res = await call(tok[actor], 'DELETE', `/api/users/${id}`, undefined, 'en');
      const expected = DELETE[actor][target];
      if (expected === 200) {
        expect(res.statusCode, `${actor} deletes ${target}: ${res.body}`).toBe(200);
        expectError(await call(tok.admin, 'GET', `/api/users/${id}`), 404);
      } else {
        const message =
          id === ids[actor] && actor !== 'seller'
            ? en('users.cannotDeleteSelf')
            : expected === 404
              ? en('users.notFound')
              : en('errors.forbidden');
        expectError(res, expected, message);
        expect(await backOfficeCounts(t.db), `${actor} deletes ${target}`).toEqual(before);
      }
    }
  });
});

describe('PUT /api/auth/profile/{id}', () => {
  it('edits the fields sent and keeps the optional ones left out', async () => {
    const id = await create({ role: 'seller', warehouses: [1] });
    const first = await currentBody(id, { phone: '+48 600 000 001' });
    expect((await call(tok.admin, 'PUT', `/api/auth/profile/${id}`, first)).statusCode).toBe(200);
    const { phone: _phone, ...withoutPhone } = first;
    const moved = { ...withoutPhone, surname: 'Źdźbło', email: `  Nowy.${unique()}@Example.com `, warehouse_ids: [2] };
    const res = await call(tok.admin, 'PUT', `/api/auth/profile/${id}`, moved);
    expect(res.statusCode, res.body).toBe(200);
    const d = await details(tok.admin, id);
    expect(d).toMatchObject({ surname: 'Źdźbło', email: moved.email.trim(), phone: '+48 600 000 001' });
    expect(d.warehouses.map((w) => w.id)).toEqual([2]);
    expect((await call(tok.admin, 'PUT', `/api/auth/profile/${id}`, { ...moved, phone: null })).statusCode).toBe(200);
    expect((await details(tok.admin, id)).phone).toBeNull();
  });

  it('turns a rep into a regional manager with several warehouses (and back)', async () => {
    const id = await create({ role: 'seller', warehouses: [1] });
    const up = await call(
      tok.admin,
      'PUT',
      `/api/auth/profile/${id}`,
      await currentBody(id, { role: 'seller_reg', isSalesReg: true, warehouse_ids: [1, 4, 9] }),
    );
    expect(up.statusCode, up.body).toBe(200);
    expect((await details(tok.admin, id)).warehouses.map((w) => w.id)).toEqual([1, 4, 9]);
    const down = await call(
      tok.admin,
      'PUT',
      `/api/auth/profile/${id}`,
      await currentBody(id, { role: 'seller', warehouse_ids: [9] }),
    );
    expect(down.statusCode, down.body).toBe(200);
    expect((await details(tok.admin, id)).warehouses.map((w) => w.id)).toEqual([9]);
  });

  it('a regional manager replaces only links to its own warehouses; the others stay', async () => {
    const id = await create({ role: 'wholesaler', warehouses: [1, 10] });
    const res = await call(
      tok.seller_reg,
      'PUT',
      `/api/auth/profile/${id}`,
      await currentBody(id, { warehouse_ids: [2] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(tok.admin, id)).wholesaler_ids).toEqual([2, 10]);
    // It does not even see the foreign warehouse.
    expect((await details(tok.seller_reg, id)).wholesaler_ids).toEqual([2]);
    const out = await call(
      tok.seller_reg,
      'PUT',
      `/api/auth/profile/${id}`,
      await currentBody(id, { warehouse_ids: [2, 11] }),
    );
    expectError(out, 422);
  });

  it('refuses taken e-mails and asseco ids (409), own role changes and roles beyond the actor (403)', async () => {
    const id = await create({ role: 'seller', warehouses: [1] });
    const before = await backOfficeCounts(t.db);
    const put = async (token: string, target: number, changes: Record<string, unknown>) =>
      call(token, 'PUT', `/api/auth/profile/${target}`, await currentBody(target, changes), 'en');
    expectError(await put(tok.admin, id, { email: 'ADMIN@example.com' }), 409, en('users.emailTaken'));
    expectError(await put(tok.admin, id, { assecoId: 'rks-000001' }), 409, en('users.assecoIdTaken'));
    expectError(await put(tok.admin, ids.admin, { role: 'provider_admin' }), 403, en('users.cannotChangeOwnRole'));
    expectError(await put(tok.provider_admin, id, { role: 'admin', warehouse_ids: [] }), 403, en('errors.forbidden'));
    expectError(await put(tok.wholesaler, id, { role: 'seller_reg' }), 403, en('errors.forbidden'));
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });
});

describe('list totals', () => {
  it('follow creates, role changes and deactivations exactly', async () => {
    const real = async (role: Role) =>
      (
        await t.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, role), isNull(users.deletedAt)))
      )[0]?.n;
    const totals = async () => ({
      seller: (await list(tok.admin, 'role=seller')).total,
      seller_reg: (await list(tok.admin, 'role=seller_reg')).total,
    });
    const start = await totals();
    expect(start).toEqual({ seller: await real('seller'), seller_reg: await real('seller_reg') });
    const a = await create({ role: 'seller', warehouses: [1] });
    const b = await create({ role: 'seller', warehouses: [1] });
    expect(await totals()).toEqual({ seller: start.seller + 2, seller_reg: start.seller_reg });
    await call(tok.admin, 'PUT', `/api/auth/profile/${a}`, await currentBody(a, { role: 'seller_reg' }));
    expect(await totals()).toEqual({ seller: start.seller + 1, seller_reg: start.seller_reg + 1 });
    // An edit that keeps the role changes nothing.
    await call(tok.admin, 'PUT', `/api/auth/profile/${b}`, await currentBody(b, { name: 'Bez zmiany roli' }));
    expect(await totals()).toEqual({ seller: start.seller + 1, seller_reg: start.seller_reg + 1 });
    await call(tok.admin, 'DELETE', `/api/users/${a}`);
    await call(tok.admin, 'DELETE', `/api/users/${b}`);
    expect(await totals()).toEqual(start);
    expect(start).toEqual({ seller: await real('seller'), seller_reg: await real('seller_reg') });
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deactivates: sessions end, sign-in refused, gone from lists, history kept, e-mail stays taken', async () => {
    const id = await create({ role: 'seller', warehouses: [1] });
    const d = await details(tok.admin, id);
    const link = linkParams((await t.lastMailTo(d.email)).link as string);
    await call(undefined, 'POST', '/api/set-password', {
      ...link,
      password: 'Haslo-123456',
      password_confirmation: 'Haslo-123456',
      rules: true,
    });
    const own = await t.login(d.email, 'Haslo-123456');
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(200);

    const res = await call(tok.admin, 'DELETE', `/api/users/${id}`, undefined, 'en');
    expect(res.json()).toEqual({ message: en('users.deleted') });
    expect((await call(own, 'GET', '/api/me')).statusCode).toBe(401);
    const login = await call(undefined, 'POST', '/api/login', { email: d.email, password: 'Haslo-123456' });
    expect(login.statusCode).toBe(401);
    expect((await list(tok.admin, `role=seller&search=${d.email}`)).total).toBe(0);
    expectError(await call(tok.admin, 'GET', `/api/users/${id}/logins`), 404);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.deletedAt).not.toBeNull();
    const [history] = await t.db.select({ n: count() }).from(logins).where(eq(logins.userId, id));
    expect(history?.n).toBe(1);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    expectError(await call(tok.admin, 'POST', '/api/users', { ...bodyFor({ role: 'seller' }), email: d.email }), 409);
    expectError(await call(tok.admin, 'DELETE', `/api/users/${id}`), 404);
  });

  it('lets a regional manager delete the warehouse admins of its warehouses', async () => {
    const id = await create({ role: 'wholesaler', warehouses: [3] });
    expect((await call(tok.seller_reg, 'DELETE', `/api/users/${id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/users/{id}/logins', () => {
  it('pages and sorts a user’s sign-ins, newest first by default; a seller sees its own', async () => {
    const res = await call(tok.seller, 'GET', `/api/users/${ids.seller}/logins?per_page=10`);
    expect(res.statusCode, res.body).toBe(200);
    const page = pagedSchema(loginRecordSchema.strict()).parse(res.json());
    const [n] = await t.db.select({ n: count() }).from(logins).where(eq(logins.userId, ids.seller));
    expect(page.total).toBe(n?.n);
    expect(page.total).toBeGreaterThanOrEqual(4);
    const times = page.data.map((l) => Date.parse(l.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const asc = pagedSchema(loginRecordSchema).parse(
      (await call(tok.admin, 'GET', `/api/users/${ids.seller}/logins?sort=id&order=asc&per_page=25`)).json(),
    );
    expectSorted(asc.data, (l) => l.id, 'asc', 'logins by id');
    expectError(await call(tok.seller, 'GET', `/api/users/${ids.admin}/logins`), 404);
    expectError(await call(tok.seller, 'GET', `/api/users/${ids.seller}/logins?sort=ip`), 422);
  });
});

describe('bad input to the user endpoints', () => {
  const badIds = ['abc', '-1', '1.5', '0', '99999999999', '1;drop', '%00', '1e3', '0x10', '007', '2147483648'];
  it.each(badIds)('id %s -> 422 everywhere, nothing written', async (id) => {
    const before = await backOfficeCounts(t.db);
    const body = await currentBody(ids.seller);
    for (const [method, url, payload] of [
      ['GET', `/api/users/${id}`, undefined],
      ['DELETE', `/api/users/${id}`, undefined],
      ['PUT', `/api/auth/profile/${id}`, body],
      ['GET', `/api/users/${id}/logins`, undefined],
      ['GET', `/api/sales-rep/${id}/cards`, undefined],
    ] as const) {
      const err = expectError(await call(tok.admin, method, url, payload, 'en'), 422, en('validation.idInvalid'));
      expect(err.errors?.id).toEqual([en('validation.idInvalid')]);
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it('unknown ids are 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/999999'],
      ['DELETE', '/api/users/999999'],
      ['GET', '/api/users/999999/logins'],
    ] as const) {
      expectError(await call(tok.admin, method, url), 404);
    }
    expectError(await call(tok.admin, 'PUT', '/api/auth/profile/999999', await currentBody(ids.seller)), 404);
  });

  it.each([
    ['role=root', 'role', 'validation.roleInvalid'],
    ['role=', 'role', 'validation.roleInvalid'],
    ['sort=password_hash', 'sort', 'validation.sortInvalid'],
    ['sort=name%20desc', 'sort', 'validation.sortInvalid'],
    ['order=DESC', 'order', 'validation.orderInvalid'],
    ['page=0', 'page', 'validation.pageInvalid'],
    ['page=1000000000', 'page', 'validation.pageInvalid'],
    ['page=2.5', 'page', 'validation.pageInvalid'],
    ['per_page=7', 'per_page', 'validation.perPageInvalid'],
    ['per_page=0', 'per_page', 'validation.perPageInvalid'],
    [`search=${'ą'.repeat(101)}`, 'search', 'validation.searchTooLong'],
  ])('list query %s -> 422', async (query, field, key) => {
    for (const url of ['/api/users', '/api/users/export.csv']) {
      if (url.endsWith('.csv') && field.includes('page')) continue;
      const err = expectError(await call(tok.admin, 'GET', `${url}?${query}`, undefined, 'en'), 422, en(key));
      expect(err.errors?.[field]).toEqual([en(key)]);
    }
  });

  it.each([
    ['10,000-character name', { name: 'x'.repeat(10_000) }, 'name', 'validation.tooLong'],
    ['10,000-character surname', { surname: 'x'.repeat(10_000) }, 'surname', 'validation.tooLong'],
    ['empty name', { name: '  ' }, 'name', 'validation.nameRequired'],
    ['no surname for a rep', { surname: '' }, 'surname', 'validation.surnameRequired'],
    ['no asseco id for a rep', { assecoId: null }, 'assecoId', 'validation.assecoIdRequired'],
    ['bad e-mail', { email: 'jan(at)example.com' }, 'email', 'validation.emailInvalid'],
    ['10,000-character e-mail', { email: `${'a'.repeat(10_000)}@example.com` }, 'email', 'validation.emailTooLong'],
    ['root role', { role: 'root' }, 'role', 'validation.roleInvalid'],
    ['unknown role', { role: 'superadmin' }, 'role', 'validation.roleInvalid'],
    ['a rep in two warehouses', { warehouse_ids: [1, 2] }, 'warehouse_ids', 'validation.oneWarehouseRequired'],
    ['a rep in none', { warehouse_ids: [] }, 'warehouse_ids', 'validation.oneWarehouseRequired'],
    ['warehouse ids as text', { warehouse_ids: ['abc'] }, 'warehouse_ids.0', 'validation.idInvalid'],
    [
      'an admin with a warehouse',
      { role: 'admin', warehouse_ids: [1] },
      'warehouse_ids',
      'validation.noWarehouseForAdmin',
    ],
    [
      'a warehouse admin without one',
      { role: 'wholesaler', warehouse_ids: [] },
      'warehouse_ids',
      'validation.warehouseRequired',
    ],
  ])('%s -> 422 on create and edit, nothing written', async (_name, changes, field, key) => {
    const before = await backOfficeCounts(t.db);
    const create = { ...bodyFor({ role: 'seller', warehouses: [1] }), ...changes };
    const edit = await currentBody(ids.seller, changes);
    for (const [method, url, payload] of [
      ['POST', '/api/users', create],
      ['PUT', `/api/auth/profile/${ids.seller}`, edit],
    ] as const) {
      const err = expectError(await call(tok.admin, method, url, payload, 'en'), 422);
      expect(err.errors?.[field]?.[0], `${method}: ${JSON.stringify(err.errors)}`).toBe(en(key));
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it('warehouses outside the caller’s scope or unknown -> 422 with a clear message, nothing written', async () => {
    const before = await backOfficeCounts(t.db);
    for (const [token, wh] of [
      [tok.wholesaler, [10]],
      [tok.seller_reg, [24]],
      [tok.admin, [999999]],
    ] as const) {
      const res = await call(token, 'POST', '/api/users', bodyFor({ role: 'seller', warehouses: [...wh] }), 'en');
      const err = expectError(res, 422, en('users.warehouseOutOfScope'));
      expect(err.errors?.warehouse_ids).toEqual([en('users.warehouseOutOfScope')]);
    }
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it('answers in Polish by default', async () => {
    const res = await call(tok.admin, 'GET', '/api/users?per_page=7');
    expectError(res, 422, translate('pl', 'validation.perPageInvalid'));
  });
});
