import {
  challengeDetailsSchema,
  challengeListRowSchema,
  pagedSchema,
  rankingRowSchema,
  translate,
} from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePng, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { challengeForm, codedProduct, day, recordSales, userWithWarehouses } from '../../../test/challenge-fixtures.ts';
import { findUsers } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const EMAILS = {
  root: 'root@example.com',
  admin: 'admin@example.com',
  provider_admin: 'provider@example.com',
  seller_reg: 'rks@example.com',
  wholesaler: 'wholesaler@example.com',
  seller: 'seller@example.com',
} as const;
type RoleName = keyof typeof EMAILS;

let challengeId: number;
let productA: number;
let productB: number;
/**
 * Reps with sales: one in the wholesaler's warehouses, one in the regional manager's but not the
 * wholesaler's, one in neither (in the demo, the wholesaler's warehouse is one of the manager's).
 */
let reps: { id: number; warehouse: number; amount: number; units: number }[];
let rks: { id: number; warehouses: number[] };
let wholesaler: { id: number; warehouses: number[] };

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(EMAILS)) tokens[role] = await t.login(email);
  rks = await userWithWarehouses(t.db, EMAILS.seller_reg);
  wholesaler = await userWithWarehouses(t.db, EMAILS.wholesaler);
  const [inWholesaler] = await findUsers(t.db, { role: 'seller', inWarehouses: wholesaler.warehouses });
  const [inRks] = await findUsers(t.db, {
    role: 'seller',
    inWarehouses: rks.warehouses,
    outsideWarehouses: wholesaler.warehouses,
  });
  const [outside] = await findUsers(t.db, {
    role: 'seller',
    outsideWarehouses: [...rks.warehouses, ...wholesaler.warehouses],
  });
  productA = await codedProduct(t.db, 'Produkt A');
  productB = await codedProduct(t.db, 'Produkt B');
  const res = await sendForm(
    t,
    'POST',
    '/api/challenges',
    tokens.admin!,
    await challengeForm(
      [
        { product_id: productA, reward: '1.00' },
        { product_id: productB, reward: '2.00' },
      ],
      { name: 'Wyzwanie dostępu', start_at: day(-5), end_at: day(5) },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  challengeId = res.json().challenge_id;
  reps = [];
  for (const [i, u] of [inWholesaler, inRks, outside].entries()) {
    if (!u) throw new Error('the demo seed lacks a rep');
    const { warehouses } = await userWithWarehouses(t.db, u.email);
    const warehouse = warehouses[0]!;
    // units: A × (i+1), B × 10(i+1): amounts 21, 42, 63 PLN
    await recordSales(t.db, [
      { challengeId, userId: u.id, warehouseId: warehouse, productId: productA, quantity: i + 1, reward: 100 },
      { challengeId, userId: u.id, warehouseId: warehouse, productId: productB, quantity: 10 * (i + 1), reward: 200 },
    ]);
    reps.push({ id: u.id, warehouse, amount: 2100 * (i + 1), units: 11 * (i + 1) });
  }
});
afterAll(async () => t?.close());

const get = (url: string, role: RoleName) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[role]!) });

describe('who may call what', () => {
  const ROLES = Object.keys(EMAILS) as RoleName[];
  const VIEW: RoleName[] = ['root', 'admin', 'seller_reg', 'wholesaler'];
  const MANAGE: RoleName[] = ['root', 'admin'];
  const OWN: RoleName[] = ['root', 'admin', 'seller'];

  it('reads: the table, a challenge and its ranking for challenges.view; the rep page for challenges.own', async () => {
    const cases: [string, RoleName[]][] = [
      ['/api/challenges', VIEW],
      [`/api/challenges/${challengeId}`, VIEW],
      [`/api/challenges/${challengeId}/ranking`, VIEW],
      [`/api/challenges/${challengeId}/ranking.csv`, VIEW],
      ['/api/challenges/active', OWN],
      [`/api/challenges/active/${challengeId}`, OWN],
    ];
    for (const [url, allowed] of cases) {
      for (const role of ROLES) {
        const res = await get(url, role);
        expect(res.statusCode, `${role} ${url} ${res.body.slice(0, 200)}`).toBe(allowed.includes(role) ? 200 : 403);
        if (res.statusCode === 403) expect(res.json().message).toBe(translate('pl', 'errors.forbidden'));
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('writes: challenges and products for admins only; the others get 403 before their form is read', async () => {
    const cases: [string, string][] = [
      ['POST', '/api/challenges'],
      ['POST', `/api/challenges/${challengeId}`],
      ['DELETE', '/api/challenges/2000000000'],
      ['POST', '/api/products'],
      ['POST', `/api/products/${productA}`],
    ];
    for (const [method, url] of cases) {
      for (const role of ROLES) {
        const res =
          method === 'DELETE'
            ? await t.app.inject({ method: 'DELETE', url, headers: bearer(tokens[role]!) })
            : await sendForm(t, 'POST', url, tokens[role]!, [imagePart(await articlePng())]);
        // Allowed roles get past the guard: an empty form is a 422, an unknown challenge a 404.
        const expected = MANAGE.includes(role) ? (method === 'DELETE' ? 404 : 422) : 403;
        expect(res.statusCode, `${role} ${method} ${url} ${res.body.slice(0, 200)}`).toBe(expected);
      }
      expect((await t.app.inject({ method: method as 'POST', url })).statusCode).toBe(401);
    }
  });
});

describe('figures within scope', () => {
  const listRow = async (role: RoleName) => {
    const res = await get('/api/challenges?search=wyzwanie%20dost%C4%99pu', role);
    expect(res.statusCode, res.body).toBe(200);
    const page = pagedSchema(challengeListRowSchema).parse(res.json());
    expect(page.total).toBe(1);
    return page.data[0]!;
  };
  const pln = (grosze: number) => (grosze / 100).toFixed(2);
  const visibleTo = (warehouses: number[] | null) =>
    reps.filter((r) => warehouses === null || warehouses.includes(r.warehouse));

  it('admins count every rep; a regional manager and a wholesaler the reps of their warehouses', async () => {
    for (const [role, scope] of [
      ['admin', null],
      ['seller_reg', rks.warehouses],
      ['wholesaler', wholesaler.warehouses],
    ] as const) {
      const seen = visibleTo(scope);
      // Each role sees a different set: the figures below tell them apart.
      expect(seen.length, role).toBe({ admin: 3, seller_reg: 2, wholesaler: 1 }[role]);
      const row = await listRow(role);
      expect(row, role).toMatchObject({
        reps_count: seen.length,
        units: seen.reduce((s, r) => s + r.units, 0),
        money_paid: pln(seen.reduce((s, r) => s + r.amount, 0)),
        products_count: 2,
        status: 'running',
      });
      const d = challengeDetailsSchema.parse((await get(`/api/challenges/${challengeId}`, role)).json());
      const factors = seen.map((r) => r.units / 11);
      const a = factors.reduce((s, f) => s + f, 0);
      expect(
        d.products.map((p) => [p.id, p.units, p.money_paid]),
        role,
      ).toEqual([
        [productA, a, pln(100 * a)],
        [productB, 10 * a, pln(2000 * a)],
      ]);
      const ranking = pagedSchema(rankingRowSchema).parse(
        (await get(`/api/challenges/${challengeId}/ranking`, role)).json(),
      );
      expect(
        ranking.data.map((r) => r.user_id),
        role,
      ).toEqual([...seen].sort((x, y) => y.amount - x.amount).map((r) => r.id));
      // A scoped caller sees only its own warehouses on the rows.
      for (const row of ranking.data) {
        for (const w of row.warehouses) if (scope) expect(scope).toContain(w.id);
      }
      const csv = (await get(`/api/challenges/${challengeId}/ranking.csv`, role)).body;
      expect(csv.trim().split('\r\n')).toHaveLength(seen.length + 1);
    }
  });

  it('a warehouse filter outside the caller scope is 403; inside it narrows the ranking', async () => {
    const outsideWarehouse = reps[2]!.warehouse;
    for (const role of ['seller_reg', 'wholesaler'] as const) {
      for (const path of ['ranking', 'ranking.csv']) {
        const res = await get(`/api/challenges/${challengeId}/${path}?warehouse_id=${outsideWarehouse}`, role);
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.json().message).toBe(translate('pl', 'errors.forbidden'));
      }
    }
    // Within one warehouse the places start again at 1.
    const own = await get(`/api/challenges/${challengeId}/ranking?warehouse_id=${reps[1]!.warehouse}`, 'seller_reg');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((r: { user_id: number; place: number }) => [r.user_id, r.place])).toContainEqual([
      reps[1]!.id,
      1,
    ]);
    const byAdmin = await get(`/api/challenges/${challengeId}/ranking?warehouse_id=${outsideWarehouse}`, 'admin');
    expect(byAdmin.json().data.map((r: { user_id: number; place: number }) => [r.user_id, r.place])).toEqual([
      [reps[2]!.id, 1],
    ]);
  });

  it('an unknown or deleted challenge is 404 for the details and the ranking', async () => {
    for (const url of [
      '/api/challenges/2000000000',
      '/api/challenges/2000000000/ranking',
      '/api/challenges/2000000000/ranking.csv',
    ]) {
      const res = await get(url, 'admin');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(translate('pl', 'challenge.notFound'));
    }
    expect((await get('/api/challenges/abc', 'admin')).statusCode).toBe(422);
  });
});
