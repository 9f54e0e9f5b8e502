import { pagedSchema, type Warehouse, warehouseSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';

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

  it("keeps each membership's copy of its user equal to the users row, through the real sign-in too", async () => {
    // Memberships whose copied role, active flag or first sign-in differ from their users row.
    const drift = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from user_warehouses uw join users u on u.id = uw.user_id
            where (uw.member_role, uw.member_active, uw.member_signed_in)
              is distinct from (u.role, u.deleted_at is null, u.last_login_at is not null)`,
        )
      )[0]?.n;
    const run = (q: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.db, q);
    expect(await drift()).toBe(0);

    const sellers = await queryRows<{ id: number; email: string; warehouse_id: number }>(
      t.db,
      sql`select u.id, u.email, uw.warehouse_id from users u join user_warehouses uw on uw.user_id = u.id
        where u.role = 'seller' and u.deleted_at is null and u.password_hash is not null
          and u.email not like '%@example.com' order by u.id desc limit 4`,
    );
    const [a, b, c, d] = sellers;
    if (!a || !b || !c || !d) throw new Error('the demo seed has too few sellers');
    await run(sql`update users set role = 'seller_reg' where id = ${a.id}`);
    await run(sql`update users set deleted_at = now() where id = ${b.id}`);
    await run(sql`update users set last_login_at = null where id = ${c.id}`);
    expect(await drift()).toBe(0);
    // A first sign-in through the API sets last_login_at from nothing.
    await t.login(c.email);
    const [signedIn] = await queryRows<{ member_signed_in: boolean }>(
      t.db,
      sql`select member_signed_in from user_warehouses where user_id = ${c.id}`,
    );
    expect(signedIn?.member_signed_in).toBe(true);
    // A new membership copies its user at once; a reactivation and a role given back follow.
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from warehouses where deleted_at is null and id <> ${d.warehouse_id} order by id limit 1`,
    );
    await run(sql`insert into user_warehouses (user_id, warehouse_id) values (${d.id}, ${other?.id})`);
    await run(sql`update users set deleted_at = null where id = ${b.id}`);
    await run(sql`update users set role = 'seller' where id = ${a.id}`);
    await run(sql`update users set role = 'wholesaler' where id = ${d.id}`);
    expect(await drift()).toBe(0);

    const token = await t.login('admin@example.com');
    expect(await everyWarehouse(token, 'name')).toEqual(await everyWarehouse(token, 'users_count'));
  });
});
