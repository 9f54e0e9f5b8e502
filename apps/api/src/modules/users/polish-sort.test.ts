import {
  pagedSchema,
  type Role,
  type UserListItem,
  userCreatedSchema,
  userListItemSchema,
  warehouseSavedSchema,
} from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, client, demoTokens } from '../../../test/back-office.ts';
import { POLISH_ORDER } from '../../../test/polish-order.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * Issue 10.14: every user list sorts names and surnames in the Polish alphabet, whichever way the
 * list is found (a whole role along its index, a search, one warehouse, the CSV export), on the
 * suite's database (PGlite by default, PostgreSQL with DATABASE_URL). docs/decisions/017.
 */

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
/** A tag in every test rep's asseco id: searching it finds exactly them. */
const tag = `PLS${Date.now().toString(36).toUpperCase()}`;
let warehouseId: number;
/** The test reps' ids by surname. */
const idOf = new Map<string, number>();

const pagedUsers = pagedSchema(userListItemSchema.strict());

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  const wh = await call(tok.admin, 'POST', '/api/warehouses', {
    assecoId: `${tag}-W`,
    name: 'Hurtownia Źródło',
    address: 'ul. Żurawia 1, 00-001 Warszawa',
  });
  expect(wh.statusCode, wh.body).toBe(201);
  warehouseId = warehouseSavedSchema.parse(wh.json()).id;
  // Created in an order unlike the alphabet's (and unlike ids), name and surname alike.
  const shuffled = POLISH_ORDER.map((s, i) => ({ s, i })).sort((a, b) => ((a.i * 7) % 31) - ((b.i * 7) % 31));
  for (const { s, i } of shuffled) {
    const res = await call(tok.admin, 'POST', '/api/users', {
      name: s,
      surname: s,
      assecoId: `${tag}-${i}`,
      email: `${tag.toLowerCase()}.${i}@example.com`,
      warehouse_ids: [warehouseId],
      role: 'seller',
    });
    expect(res.statusCode, res.body).toBe(201);
    idOf.set(s, userCreatedSchema.parse(res.json()).id);
  }
});
afterAll(async () => {
  await t?.close();
});

async function page(url: string) {
  const res = await call(tok.admin, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return pagedUsers.parse(res.json());
}

/** The test reps' surnames in the order a list gives them (other reps left out). */
const ours = (rows: UserListItem[]) => rows.filter((u) => u.id === idOf.get(u.surname ?? '')).map((u) => u.surname);

const descending = [...POLISH_ORDER].reverse();

describe('Polish alphabetical order of user lists', () => {
  for (const sort of ['surname', 'name'] as const) {
    it(`a whole role sorted by ${sort} (along its index)`, async () => {
      for (const [order, expected] of [
        ['asc', POLISH_ORDER],
        ['desc', descending],
      ] as const) {
        const { rows } = await allPages((p) =>
          page(`/api/users?role=seller&per_page=100&page=${p}&sort=${sort}&order=${order}`),
        );
        expect(ours(rows)).toEqual(expected);
        // 'Łukasik' comes right after the last rep whose key starts with "l", not after the Z's.
        const keys = rows.map((u) => (sort === 'name' ? u.name : (u.surname ?? '')));
        const firstL = keys.findIndex((k) => /^[Łł]/.test(k));
        const firstZ = keys.findIndex((k) => /^[Zz]/.test(k));
        expect(order === 'asc' ? firstL < firstZ : firstL > firstZ).toBe(true);
      }
    });

    it(`a search sorted by ${sort}`, async () => {
      const asc = await page(`/api/users?role=seller&per_page=100&search=${tag}&sort=${sort}`);
      expect(asc.total).toBe(POLISH_ORDER.length);
      expect(ours(asc.data)).toEqual(POLISH_ORDER);
      const desc = await page(`/api/users?role=seller&per_page=100&search=${tag}&sort=${sort}&order=desc`);
      expect(ours(desc.data)).toEqual(descending);
    });
  }

  it("one warehouse's reps, page by page", async () => {
    const { rows } = await allPages((p) =>
      page(`/api/warehouses/${warehouseId}/users?role=seller&per_page=10&page=${p}&sort=surname`),
    );
    expect(rows.map((u) => u.surname)).toEqual(POLISH_ORDER);
  });

  it('the CSV export', async () => {
    const res = await call(tok.admin, 'GET', `/api/users/export.csv?role=seller&search=${tag}&sort=surname&order=desc`);
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(';')[3])).toEqual(descending);
  });
});
