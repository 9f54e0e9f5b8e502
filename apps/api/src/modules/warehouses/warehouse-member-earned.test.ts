import { pagedSchema, userCreatedSchema, userDetailsSchema, warehouseSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { checkLedger } from '../wallet/ledger-check.ts';

/*
 * A warehouse's amount on the list page is summed from its memberships' copies of their users'
 * earnings (member_earned, decision 042), kept by triggers on wallets and memberships. These tests
 * move money and memberships through the real API and prove every copy equals its wallet after
 * each step (the ledger check reports any that does not), and that the page the list sends agrees
 * with the details, which read the wallets themselves.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

/** The ledger check's complaints about membership copies (none when every copy is right). */
async function copiesOff(): Promise<string[]> {
  const r = await checkLedger(t.db);
  expect(r.mismatches.filter((m) => !m.field.startsWith('member_earned:'))).toEqual([]);
  return r.mismatches.filter((m) => m.field.startsWith('member_earned:')).map((m) => `${m.user_id} ${m.field}`);
}

async function adjust(userId: number, amount: string) {
  const res = await call('POST', '/api/admin/adjustments', { user_id: userId, amount, reason: 'Korekta testowa' });
  expect(res.statusCode, res.body).toBe(200);
}

/** The warehouse as the list page sends it (JSON written by PostgreSQL from the copies). */
async function onListPage(id: number) {
  const res = await call('GET', `/api/warehouses?sort=id&per_page=100&page=${Math.ceil(id / 100)}`);
  expect(res.statusCode, res.body).toBe(200);
  const w = pagedSchema(warehouseSchema)
    .parse(res.json())
    .data.find((x) => x.id === id);
  if (!w) throw new Error(`warehouse ${id} is not on its page`);
  return w;
}

/** The warehouse's amount both ways: the list page (copies) and the details (wallets). */
async function amounts(id: number): Promise<[string, string]> {
  const res = await call('GET', `/api/warehouses/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return [(await onListPage(id)).amount, warehouseSchema.parse(res.json()).amount];
}

/** A PUT body for the user as it is now, with other warehouses. */
async function withWarehouses(id: number, warehouseIds: number[]) {
  const res = await call('GET', `/api/users/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const d = userDetailsSchema.parse(res.json());
  return {
    name: d.name,
    surname: d.surname,
    assecoId: d.asseco_id,
    email: d.email,
    phone: d.phone,
    role: d.role,
    warehouse_ids: warehouseIds,
  };
}

async function aSeller(): Promise<{ id: number; warehouse_id: number }> {
  const [s] = await queryRows<{ id: number; warehouse_id: number }>(
    t.db,
    sql`select u.id, uw.warehouse_id from users u join user_warehouses uw on uw.user_id = u.id
      join wallets w on w.user_id = u.id
      where u.role = 'seller' and u.deleted_at is null and w.earned_quiz > 0
        and (select count(*) from user_warehouses x where x.user_id = u.id) = 1
      order by u.id limit 1`,
  );
  if (!s) throw new Error('the demo seed has no seller with earnings');
  return s;
}

async function otherWarehouse(than: number): Promise<number> {
  const [w] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from warehouses where deleted_at is null and id <> ${than} order by id limit 1`,
  );
  if (!w) throw new Error('the demo seed has one warehouse');
  return w.id;
}

describe("a membership's copy of its user's earnings (member_earned)", () => {
  it('equals every wallet after the seed, and the list page agrees with the details', async () => {
    expect(await copiesOff()).toEqual([]);
    const s = await aSeller();
    const [page, details] = await amounts(s.warehouse_id);
    expect(page).toBe(details);
    expect(page).not.toBe('0.00');
  });

  it('follows credits and debits, moves with a rep to another warehouse, and starts at 0 for a new rep', async () => {
    const s = await aSeller();
    const before = await amounts(s.warehouse_id);
    await adjust(s.id, '12.34');
    const after = await amounts(s.warehouse_id);
    expect(after[0]).toBe(after[1]);
    expect(Number(after[0]) - Number(before[0])).toBeCloseTo(12.34, 2);
    await adjust(s.id, '-2.34');
    expect(await copiesOff()).toEqual([]);

    // The rep moves: the old warehouse loses their earnings, the new one gains them.
    const to = await otherWarehouse(s.warehouse_id);
    const [toBefore] = await amounts(to);
    const [fromBefore] = await amounts(s.warehouse_id);
    const put = await call('PUT', `/api/auth/profile/${s.id}`, await withWarehouses(s.id, [to]));
    expect(put.statusCode, put.body).toBe(200);
    const [earned] = await queryRows<{ total: string }>(
      t.db,
      sql`select (earned_quiz + earned_challenge + earned_adjustment)::text as total from wallets where user_id = ${s.id}`,
    );
    const total = Number(earned?.total) / 100;
    const [toAfter, toDetails] = await amounts(to);
    const [fromAfter, fromDetails] = await amounts(s.warehouse_id);
    expect(toAfter).toBe(toDetails);
    expect(fromAfter).toBe(fromDetails);
    expect(Number(toAfter) - Number(toBefore)).toBeCloseTo(total, 2);
    expect(Number(fromBefore) - Number(fromAfter)).toBeCloseTo(total, 2);

    // A new rep: the copy starts at 0 and follows the first credit.
    const created = await call('POST', '/api/users', {
      name: 'Łucja',
      surname: 'Kopia',
      assecoId: `PH-ME-${Date.now().toString(36)}`,
      email: `kopia.${Date.now().toString(36)}@example.com`,
      warehouse_ids: [to],
      role: 'seller',
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = userCreatedSchema.parse(created.json()).id;
    await adjust(newId, '7.00');
    const [copy] = await queryRows<{ member_earned: string }>(
      t.db,
      sql`select member_earned::text from user_warehouses where user_id = ${newId}`,
    );
    expect(copy?.member_earned).toBe('700');
    expect(await copiesOff()).toEqual([]);
  });

  it('is right for a membership made before the wallet exists, and for warehouse admins replaced', async () => {
    const [s] = await queryRows<{ id: number; warehouse_id: number }>(
      t.db,
      sql`select u.id, uw.warehouse_id from users u join user_warehouses uw on uw.user_id = u.id
        where u.role = 'seller' and u.deleted_at is null
          and not exists (select 1 from wallets w where w.user_id = u.id)
        order by u.id limit 1`,
    );
    if (!s) throw new Error('the demo seed has no seller without a wallet');
    await queryRows(
      t.db,
      sql`insert into user_warehouses (user_id, warehouse_id) values (${s.id}, ${await otherWarehouse(s.warehouse_id)})`,
    );
    await adjust(s.id, '3.21');
    const rows = await queryRows<{ member_earned: string }>(
      t.db,
      sql`select member_earned::text from user_warehouses where user_id = ${s.id}`,
    );
    expect(rows.map((r) => r.member_earned)).toEqual(['321', '321']);

    // Replacing a warehouse's admins goes through the same wallet locks.
    const [w] = await queryRows<{ id: number; admins: number[] }>(
      t.db,
      sql`select uw.warehouse_id as id, array_agg(uw.user_id order by uw.user_id) as admins from user_warehouses uw
        join users u on u.id = uw.user_id where u.role = 'wholesaler' and u.deleted_at is null
        group by uw.warehouse_id order by uw.warehouse_id limit 1`,
    );
    if (!w) throw new Error('the demo seed has no warehouse admin');
    const current = warehouseSchema.parse((await call('GET', `/api/warehouses/${w.id}`)).json());
    const body = (admins: number[]) => ({
      assecoId: current.asseco_id,
      name: current.name,
      address: current.address,
      nip: current.nip,
      email: current.email,
      admins_ids: admins,
    });
    expect((await call('PUT', `/api/warehouses/${w.id}`, body([]))).statusCode).toBe(200);
    expect((await call('PUT', `/api/warehouses/${w.id}`, body(w.admins))).statusCode).toBe(200);
    expect(await copiesOff()).toEqual([]);
    const [page, details] = await amounts(w.id);
    expect(page).toBe(details);
  });

  it('holds while credits, warehouse moves and role changes of the same reps run at once', async () => {
    const reps = await queryRows<{ id: number; warehouse_id: number }>(
      t.db,
      sql`select u.id, min(uw.warehouse_id) as warehouse_id from users u join user_warehouses uw on uw.user_id = u.id
        where u.role = 'seller' and u.deleted_at is null group by u.id
        having count(*) = 1 order by u.id desc limit 3`,
    );
    expect(reps).toHaveLength(3);
    // Money to take from while they are regional managers for a moment: only a rep may be credited
    // (decision 045), but a debit reaches every wallet, so each round has one that always goes through.
    for (const r of reps) await adjust(r.id, '20.00');
    /** A credit lands while the user is a rep, and is refused (nothing written) while it is not. */
    const credit = (userId: number) =>
      call('POST', '/api/admin/adjustments', { user_id: userId, amount: '1.01', reason: 'Korekta testowa' }).then(
        (res) => {
          if (res.statusCode === 422)
            expect(res.json().message, res.body).toBe('Portfel mają tylko przedstawiciele handlowi');
          else expect(res.statusCode, res.body).toBe(200);
        },
      );
    const jobs: Promise<void>[] = [];
    for (const r of reps) {
      const other = await otherWarehouse(r.warehouse_id);
      // Moves, and a role change to regional manager and back (it re-copies the users row's facts).
      const bodies = [
        await withWarehouses(r.id, [other]),
        { ...(await withWarehouses(r.id, [r.warehouse_id, other])), role: 'seller_reg', isSalesReg: true },
        await withWarehouses(r.id, [r.warehouse_id]),
      ];
      for (let i = 0; i < 6; i += 1) {
        jobs.push(credit(r.id), adjust(r.id, '-0.01'));
        const body = bodies[i % 3];
        jobs.push(
          call('PUT', `/api/auth/profile/${r.id}`, body).then((res) => {
            expect(res.statusCode, res.body).toBe(200);
          }),
        );
      }
    }
    await Promise.all(jobs);
    expect(await copiesOff()).toEqual([]);
  });

  it('is reported by the ledger check when a copy is wrong', async () => {
    const s = await aSeller();
    await queryRows(
      t.db,
      sql`update user_warehouses set member_earned = member_earned + 1 where user_id = ${s.id} and warehouse_id = ${s.warehouse_id}`,
    );
    const r = await checkLedger(t.db);
    expect(r.ok).toBe(false);
    expect(r.mismatches).toContainEqual(
      expect.objectContaining({ user_id: s.id, field: `member_earned:warehouse:${s.warehouse_id}` }),
    );
    await queryRows(
      t.db,
      sql`update user_warehouses set member_earned = member_earned - 1 where user_id = ${s.id} and warehouse_id = ${s.warehouse_id}`,
    );
    expect(await copiesOff()).toEqual([]);
  });
});
