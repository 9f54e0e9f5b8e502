import { type ActiveChallenge, activeChallengeListSchema, activeChallengeSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleFields, articlePng, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { challengeForm, codedProduct, day, type ProductItem, recordSales } from '../../../test/challenge-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';

let t: TestApp;
let admin: string;
let repToken: string;

/*
 * A small world of its own: warehouses W1..W4; regional manager M1 over W1 and W2, M2 over W3;
 * the rep R (who signs in) and A in W1, B in W2, C in W3, D in W4. R's region is W1 + W2.
 */
const W: Record<string, number> = {};
const U: Record<string, number> = {};

async function insertWarehouse(name: string) {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into warehouses (asseco_id, name, address) values (${`T-${name}-${process.pid}`}, ${name}, 'ul. Testowa 1') returning id`,
  );
  return row!.id;
}

async function insertUser(key: string, role: 'seller' | 'seller_reg', warehouses: number[]) {
  const email = `rank-${key.toLowerCase()}-${process.pid}@example.com`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into users (email, name, surname, role, asseco_id, password_hash, activated_at)
      select ${email}, ${`Imię${key}`}, ${`Nazwisko${key}`}, ${role}, ${`PH-${key}-${process.pid}`}, password_hash, now()
      from users where email = 'seller@example.com' returning id`,
  );
  for (const w of warehouses) await t.db.execute(sql`insert into user_warehouses values (${row!.id}, ${w})`);
  return { id: row!.id, email };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  for (const w of ['W1', 'W2', 'W3', 'W4']) W[w] = await insertWarehouse(w);
  U.M1 = (await insertUser('M1', 'seller_reg', [W.W1!, W.W2!])).id;
  U.M2 = (await insertUser('M2', 'seller_reg', [W.W3!])).id;
  const r = await insertUser('R', 'seller', [W.W1!]);
  U.R = r.id;
  U.A = (await insertUser('A', 'seller', [W.W1!])).id;
  U.B = (await insertUser('B', 'seller', [W.W2!])).id;
  U.C = (await insertUser('C', 'seller', [W.W3!])).id;
  U.D = (await insertUser('D', 'seller', [W.W4!])).id;
  repToken = await t.login(r.email);
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function create(items: ProductItem[], over: Record<string, string | undefined>) {
  const res = await sendForm(t, 'POST', '/api/challenges', admin, await challengeForm(items, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ challenge_id: number }>().challenge_id;
}
const get = (url: string, token = repToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const activeList = async (token = repToken) => {
  const res = await get('/api/challenges/active', token);
  expect(res.statusCode, res.body).toBe(200);
  return activeChallengeListSchema.parse(res.json());
};
const activeOne = async (id: number) => {
  const res = await get(`/api/challenges/active/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return activeChallengeSchema.parse(res.json());
};

/** Sales of `user` in `warehouse`, `units` of `product` at `reward` grosze. */
const sale = (
  challengeId: number,
  user: string,
  warehouse: string,
  productId: number,
  units: number,
  reward = 100,
) => ({
  challengeId,
  userId: U[user]!,
  warehouseId: W[warehouse]!,
  productId,
  quantity: units,
  reward,
});

describe("the rep's challenge list", () => {
  it('holds the running challenges and those ended within 30 days, running first, then by end date', async () => {
    const p = await Promise.all(Array.from({ length: 7 }, () => codedProduct(t.db)));
    const one = (i: number) => [{ product_id: p[i]!, reward: 1 }];
    const ids = {
      runningLong: await create(one(0), { start_at: day(-3), end_at: day(20) }),
      runningToday: await create(one(1), { start_at: day(0), end_at: day(0) }),
      ended30: await create(one(2), { start_at: day(-40), end_at: day(-30) }),
      ended1: await create(one(3), { start_at: day(-10), end_at: day(-1) }),
      ended31: await create(one(4), { start_at: day(-40), end_at: day(-31) }),
      upcoming: await create(one(5), { start_at: day(1), end_at: day(9) }),
      deleted: await create(one(6), { start_at: day(-1), end_at: day(1) }),
    };
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/challenges/${ids.deleted}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    const mine = new Set(Object.values(ids));
    const listed = (await activeList()).data.filter((c) => mine.has(c.id));
    expect(listed.map((c) => [c.id, c.status])).toEqual([
      [ids.runningLong, 'running'],
      [ids.runningToday, 'running'],
      [ids.ended1, 'ended'],
      [ids.ended30, 'ended'],
    ]);
    // One challenge: any started one, however long ago; upcoming, deleted and unknown ones are 404.
    expect((await activeOne(ids.ended31)).status).toBe('ended');
    for (const id of [ids.upcoming, ids.deleted, 2_000_000_000]) {
      expect((await get(`/api/challenges/active/${id}`)).statusCode, String(id)).toBe(404);
    }
  });

  it('takes today in Warsaw: 00:30 on 1 July there is still 30 June in UTC', async () => {
    const [p1, p2, p3] = [await codedProduct(t.db), await codedProduct(t.db), await codedProduct(t.db)];
    const starts = await create([{ product_id: p1, reward: 1 }], { start_at: '2026-07-01', end_at: '2026-07-05' });
    const endedYesterday = await create([{ product_id: p2, reward: 1 }], {
      start_at: '2026-06-20',
      end_at: '2026-06-30',
    });
    const tooOld = await create([{ product_id: p3, reward: 1 }], { start_at: '2026-05-20', end_at: '2026-05-31' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-30T22:30:00Z'));
    const list = (await activeList()).data;
    expect(list.find((c) => c.id === starts)?.status).toBe('running');
    expect(list.find((c) => c.id === endedYesterday)?.status).toBe('ended');
    expect(list.some((c) => c.id === tooOld)).toBe(false);
    // An hour earlier (23:30 in Warsaw on 30 June) the first one has not started yet.
    vi.setSystemTime(new Date('2026-06-30T21:30:00Z'));
    expect((await activeList()).data.some((c) => c.id === starts)).toBe(false);
    expect((await get(`/api/challenges/active/${starts}`)).statusCode).toBe(404);
    expect((await activeOne(endedYesterday)).status).toBe('running');
  });

  it('shows what the rep earned, per product too, and its place in its warehouse and region (ties share)', async () => {
    const article = await sendForm(t, 'POST', '/api/admin/articles', admin, [
      ...articleFields({ published_at: '2026-01-01T10:00:00Z' }),
      imagePart(await articlePng()),
    ]);
    const articleId = article.json<{ article_id: number }>().article_id;
    const [x, y] = [await codedProduct(t.db, 'Iks'), await codedProduct(t.db, 'Igrek')];
    const id = await create(
      [
        { product_id: y, reward: '0.50', article_id: articleId },
        { product_id: x, reward: '2.00' },
      ],
      { name: 'Ranking', start_at: day(-2), end_at: day(2) },
    );
    await recordSales(t.db, [
      sale(id, 'R', 'W1', x, 20, 200), // 40 PLN
      sale(id, 'R', 'W1', y, 20, 50), // 10 PLN → R: 50 PLN, 40 units
      sale(id, 'A', 'W1', x, 25, 200), // A: 50 PLN: a tie with R
      sale(id, 'B', 'W2', x, 40, 200), // B: 80 PLN, in the region, not the warehouse
      sale(id, 'M1', 'W1', x, 1, 200), // M1: 2 PLN, in both groups
      sale(id, 'C', 'W3', x, 100, 200), // C: 200 PLN, outside the region
      sale(id, 'D', 'W4', x, 1, 200), // D: 2 PLN, outside
    ]);
    // A reverted line counts nowhere.
    await recordSales(t.db, [sale(id, 'R', 'W1', x, 1000, 200)]);
    await t.db.execute(
      sql`update sales set reverted_at = now() where user_id = ${U.R!} and quantity = 1000 and challenge_id = ${id}`,
    );
    await t.db.execute(
      sql`update challenge_earnings set units = units - 1000, amount = amount - 200000 where user_id = ${U.R!} and challenge_id = ${id}`,
    );

    const c: ActiveChallenge = await activeOne(id);
    expect(c).toMatchObject({ name: 'Ranking', status: 'running', money_get: '50.00', units: 40 });
    expect(c.rank).toEqual({ warehouse: { place: 1, of: 3 }, region: { place: 2, of: 4 } });
    expect(c.products.map((p) => [p.id, p.reward, p.units, p.money_get, p.article_id])).toEqual([
      [y, '0.50', 20, '10.00', articleId],
      [x, '2.00', 20, '40.00', null],
    ]);
    expect(c.image?.url).toMatch(/\/640\.jpg$/);
    expect((await activeList()).data.find((l) => l.id === id)).toEqual(c);

    // A rep without a result has no place, and earned nothing.
    const other = await codedProduct(t.db);
    const empty = await create([{ product_id: other, reward: 1 }], { start_at: day(-2), end_at: day(2) });
    await recordSales(t.db, [sale(empty, 'A', 'W1', other, 3)]);
    const none = await activeOne(empty);
    expect(none).toMatchObject({ money_get: '0.00', units: 0, rank: { warehouse: null, region: null } });
    expect(none.products[0]).toMatchObject({ units: 0, money_get: '0.00' });
  });

  it('updated_at is when sales results were last applied (reverted imports do not count)', async () => {
    const p = await codedProduct(t.db);
    const id = await create([{ product_id: p, reward: 1 }], { start_at: day(-300), end_at: day(-299) });
    await recordSales(t.db, [sale(id, 'D', 'W4', p, 1)], new Date('2099-01-01T10:00:00Z'));
    const reverted = await recordSales(t.db, [sale(id, 'D', 'W4', p, 1)], new Date('2099-02-01T10:00:00Z'));
    await t.db.execute(sql`update sales_imports set status = 'reverted' where id = ${reverted}`);
    expect((await activeList()).updated_at).toBe('2099-01-01T10:00:00.000Z');
  });

  it('is for reps (and the admin preview): a regional manager or wholesaler gets 403', async () => {
    expect((await get('/api/challenges/active', admin)).statusCode).toBe(200);
    for (const email of ['rks@example.com', 'wholesaler@example.com', 'provider@example.com']) {
      expect((await get('/api/challenges/active', await t.login(email))).statusCode, email).toBe(403);
    }
  });
});
