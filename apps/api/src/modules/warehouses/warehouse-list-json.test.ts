import { pagedSchema, type Warehouse, warehouseSchema } from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * A warehouse page sorted by the warehouse's own columns is JSON written by PostgreSQL (decision
 * 032); one sorted by a figure is still mapped in Node (toWarehouse over statsOf). Every warehouse
 * must come out the same both ways, figures and formats included, for an unscoped and a scoped caller.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const pagedWarehouses = pagedSchema(warehouseSchema.strict());

async function everyWarehouse(token: string, sort: string): Promise<Map<number, Warehouse>> {
  const out = new Map<number, Warehouse>();
  for (let page = 1; ; page += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/warehouses?sort=${sort}&per_page=100&page=${page}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = pagedWarehouses.parse(res.json());
    for (const w of body.data) out.set(w.id, w);
    if (page >= body.last_page) {
      expect(out.size).toBe(body.total);
      return out;
    }
  }
}

describe('GET /api/warehouses as JSON written by PostgreSQL', () => {
  it('sends every warehouse as the Node mapping does, for an admin and a warehouse admin', async () => {
    for (const email of ['admin@example.com', 'wholesaler@example.com']) {
      const token = await t.login(email);
      const fromSql = await everyWarehouse(token, 'name');
      const fromNode = await everyWarehouse(token, 'users_count');
      expect(fromSql.size).toBeGreaterThan(0);
      expect(fromSql).toEqual(fromNode);
      // Figures that are not all zero, so the comparison covers them.
      const figures = [...fromSql.values()];
      expect(figures.some((w) => w.users_count > 0 && w.amount !== '0.00' && w.admins_ids.length > 0)).toBe(true);
    }
  });

  it('answers a page past the end with no rows and the real total', async () => {
    const token = await t.login('admin@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/warehouses?page=999', headers: bearer(token) });
    const body = pagedWarehouses.parse(res.json());
    expect(body.data).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
    expect(body.current_page).toBe(999);
  });
});
