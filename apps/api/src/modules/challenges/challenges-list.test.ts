import {
  CHALLENGE_DROPDOWN,
  challengeListRowSchema,
  pagedSchema,
  rankingRowSchema,
  translate,
  userSchema,
} from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendForm } from '../../../test/article-fixtures.ts';
import {
  challengeForm,
  codedProduct,
  day,
  type ProductItem,
  recordSales,
  userWithWarehouses,
} from '../../../test/challenge-fixtures.ts';
import { findUsers } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { addDays } from './challenge-dates.ts';
import { challengePageSql } from './challenge-read.repo.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token = admin, lang = 'pl') =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
async function create(items: ProductItem[], over: Record<string, string | undefined>) {
  const res = await sendForm(t, 'POST', '/api/challenges', admin, await challengeForm(items, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ challenge_id: number }>().challenge_id;
}
const list = async (q: string) => {
  const res = await get(`/api/challenges?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return pagedSchema(challengeListRowSchema).parse(res.json());
};

describe('GET /api/challenges', () => {
  it('searches by name, filters by status, sorts (names in Polish order), pages; the selector takes 1000', async () => {
    const names = ['Żubrowe Lato', 'Ananasowe Lato', 'Łososiowe Lato', 'Zimowe Lato'];
    const dates = [
      [day(-20), day(-10)], // ended
      [day(-1), day(1)], // running
      [day(5), day(6)], // upcoming
      [day(0), day(0)], // running
    ];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const p = await codedProduct(t.db);
      ids.push(await create([{ product_id: p, reward: 1 }], { name, start_at: dates[i]![0], end_at: dates[i]![1] }));
    }
    const byName = await list('search=lato&sort=name&order=asc');
    expect(byName.data.map((c) => c.name)).toEqual(['Ananasowe Lato', 'Łososiowe Lato', 'Zimowe Lato', 'Żubrowe Lato']);
    expect(byName.total).toBe(4);
    expect((await list('search=lato')).data.map((c) => c.id)).toEqual([ids[2], ids[3], ids[1], ids[0]]);
    expect((await list('search=lato&sort=end_at&order=asc')).data.map((c) => c.id)).toEqual([
      ids[0],
      ids[3],
      ids[1],
      ids[2],
    ]);
    expect((await list('search=lato&sort=id&order=asc')).data.map((c) => c.id)).toEqual(ids);
    expect((await list('search=lato&status=running&sort=name&order=asc')).data.map((c) => c.name)).toEqual([
      'Ananasowe Lato',
      'Zimowe Lato',
    ]);
    expect((await list('search=lato&status=upcoming')).data.map((c) => [c.name, c.status])).toEqual([
      ['Łososiowe Lato', 'upcoming'],
    ]);
    expect((await list('search=lato&status=ended')).data.map((c) => c.status)).toEqual(['ended']);
    const page2 = await list('search=lato&per_page=10&page=2');
    expect(page2).toMatchObject({ data: [], total: 4, current_page: 2, last_page: 1 });
    expect((await list(`search=lato&per_page=${CHALLENGE_DROPDOWN}`)).data).toHaveLength(4);
    expect((await list('search=%25')).total).toBe(0);

    for (const [q, key] of [
      ['per_page=20', 'validation.perPageInvalid'],
      ['status=soon', 'challenge.statusInvalid'],
      ['sort=intro', null],
    ] as const) {
      const res = await get(`/api/challenges?${q}`, admin, 'en');
      expect(res.statusCode, q).toBe(422);
      if (key) expect(res.json().message).toBe(translate('en', key));
    }
  });

  it('the default order, the name search and the name sort read indexes once there are many challenges', async () => {
    await t.db.execute(
      sql`insert into challenges (name, start_on, end_on)
        select 'Wyzwanie ' || md5(i::text), date '2020-01-01' + (i % 900), date '2020-01-01' + (i % 900) + 5
        from generate_series(1, 3000) i`,
    );
    await t.db.execute(sql`analyze challenges`);
    const plan = async (query: ReturnType<typeof sql>) =>
      (await queryRows<Record<string, string>>(t.db, sql`explain ${query}`)).map((r) => Object.values(r)[0]).join('\n');
    const f = { today: day(0), scope: null };
    expect(await plan(challengePageSql(f, 'start_at', 'desc', 10, 0))).toContain('challenges_start_idx');
    expect(await plan(challengePageSql(f, 'name', 'asc', 10, 0))).toContain('challenges_name_key_idx');
    expect(await plan(challengePageSql({ ...f, search: 'c4ca42' }, 'start_at', 'desc', 10, 0))).toContain(
      'challenges_name_trgm_idx',
    );
    expect((await list('search=c4ca42')).total).toBeGreaterThanOrEqual(1);
  });
});

describe('the ranking and its CSV', () => {
  let id: number;
  let reps: { id: number; name: string; surname: string | null; asseco_id: string | null; email: string }[];

  beforeAll(async () => {
    const p = await codedProduct(t.db);
    id = await create([{ product_id: p, reward: '1.25' }], { name: 'Ranking CSV', start_at: day(-3), end_at: day(3) });
    const found = await findUsers(t.db, { role: 'seller', limit: 4 });
    reps = [];
    for (const u of found) {
      const [row] = await queryRows<{ name: string; surname: string | null; asseco_id: string | null }>(
        t.db,
        sql`select name, surname, asseco_id from users where id = ${u.id}`,
      );
      reps.push({ id: u.id, email: u.email, ...row! });
    }
    // 10, 8, 8 and 2 units at 1.25 PLN: 12.50, 10.00, 10.00, 2.50
    const units = [10, 8, 8, 2];
    for (const [i, r] of reps.entries()) {
      const { warehouses } = await userWithWarehouses(t.db, r.email);
      await recordSales(t.db, [
        { challengeId: id, userId: r.id, warehouseId: warehouses[0]!, productId: p, quantity: units[i]!, reward: 125 },
      ]);
    }
    // A formula in a name is written as text in the CSV.
    await t.db.execute(sql`update users set name = '=HYPERLINK("x")' where id = ${reps[3]!.id}`);
  });

  const ranking = async (q = '') => {
    const res = await get(`/api/challenges/${id}/ranking?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return pagedSchema(rankingRowSchema).parse(res.json());
  };

  it('ranks by amount, ties sharing a place; the search narrows the rows, not the places', async () => {
    const all = await ranking();
    expect(all.data.map((r) => [r.user_id, r.place, r.units, r.amount])).toEqual([
      [reps[0]!.id, 1, 10, '12.50'],
      ...[reps[1]!, reps[2]!]
        .sort((a, b) => (a.surname ?? '').localeCompare(b.surname ?? '', 'pl') || a.id - b.id)
        .map((r) => [r.id, 2, 8, '10.00']),
      [reps[3]!.id, 4, 2, '2.50'],
    ]);
    expect(all.total).toBe(4);
    expect(all.data[0]?.warehouses.length).toBeGreaterThan(0);
    const found = await ranking(`search=${encodeURIComponent(reps[2]!.asseco_id ?? '')}`);
    expect(found.data.map((r) => [r.user_id, r.place])).toEqual([[reps[2]!.id, 2]]);
    expect(found.total).toBe(1);
    const paged = await ranking('per_page=10&page=1&order=desc');
    expect(paged.data[0]?.user_id).toBe(reps[3]!.id);
    expect((await ranking('sort=name')).data).toHaveLength(4);
    expect((await get(`/api/challenges/${id}/ranking?sort=amount`)).statusCode).toBe(422);
  });

  it('exports every row as Excel CSV: BOM, semicolons, headers and decimal comma in the reader language', async () => {
    const res = await get(`/api/challenges/${id}/ranking.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="challenge-\d+-ranking-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      ['place', 'id', 'assecoId', 'name', 'surname', 'warehouses', 'units', 'amount']
        .map((k) => translate('pl', `csv.ranking.${k}`))
        .join(';'),
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(new RegExp(`^1;${reps[0]!.id};`));
    expect(lines[1]).toMatch(/;10;12,50$/);
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`);
    const en = await get(
      `/api/challenges/${id}/ranking.csv?search=${encodeURIComponent(reps[0]!.asseco_id ?? '')}`,
      admin,
      'en',
    );
    const enLines = en.body.slice(1).trim().split('\r\n');
    expect(enLines[0]?.split(';')[0]).toBe('Place');
    expect(enLines).toHaveLength(2);
    expect(enLines[1]).toMatch(/;10;12\.50$/);
  });

  it("the user's challenges: its 3 newest challenges (by start) with money, in GET /api/users/{id} and the export", async () => {
    const rep = reps[0]!;
    const { warehouses } = await userWithWarehouses(t.db, rep.email);
    const earned: [string, string, number][] = [
      ['Najstarsze', day(-90), 100],
      ['Drugie', day(-60), 250],
      ['Trzecie', day(-30), 1],
      ['Czwarte', day(-10), 0],
    ];
    for (const [name, start, grosze] of earned) {
      const p = await codedProduct(t.db);
      const c = await create([{ product_id: p, reward: 1 }], { name, start_at: start, end_at: addDays(start, 1) });
      if (grosze) {
        await recordSales(t.db, [
          { challengeId: c, userId: rep.id, warehouseId: warehouses[0]!, productId: p, quantity: 1, reward: grosze },
        ]);
      }
    }
    const res = await get(`/api/users/${rep.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // Ranking CSV (day -3) is the newest; Czwarte has no money; Najstarsze is the fourth.
    const challenges = userSchema.parse(res.json()).challenges;
    expect(challenges.map(({ name, amount }) => ({ name, amount }))).toEqual([
      { name: 'Ranking CSV', amount: '12.50' },
      { name: 'Trzecie', amount: '0.01' },
      { name: 'Drugie', amount: '2.50' },
    ]);
    // Each carries its id: the back office links the name to the challenge's ranking.
    const rows = (await get('/api/challenges?per_page=100')).json() as { data: { id: number; name: string }[] };
    for (const c of challenges) expect(c.id).toBe(rows.data.find((r) => r.name === c.name)?.id);
    const csv = await get(`/api/users/export.csv?role=seller&search=${encodeURIComponent(rep.email)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Ranking CSV: 12,50, Trzecie: 0,01, Drugie: 2,50');
  });
});
