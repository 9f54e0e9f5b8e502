import { articleSavedSchema, pagedSchema, productSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, articlePng, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createProduct } from './products.service.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (q: string, token = admin) => {
  const res = await get(`/api/products?${q}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return pagedSchema(productSchema).parse(res.json());
};

async function article(productId: number, over: Record<string, string> = {}) {
  const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [
    ...articleFields({ product_id: String(productId), ...over }),
    imagePart(await articlePng()),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return articleSavedSchema.parse(res.json()).article_id;
}

describe('GET /api/products', () => {
  it('is for the back office (products.read): reps, wholesalers and regional managers get 403', async () => {
    for (const email of ['admin@example.com', 'root@example.com', 'provider@example.com']) {
      expect((await get('/api/products', await t.login(email))).statusCode, email).toBe(200);
    }
    for (const email of ['seller@example.com', 'wholesaler@example.com', 'rks@example.com']) {
      expect((await get('/api/products', await t.login(email))).statusCode, email).toBe(403);
    }
  });

  it('searches by name, pages, sorts in Polish order, and hides deleted products', async () => {
    const ids = [];
    for (const name of ['Żurek Testowy', 'Ananas Testowy', 'Łosoś Testowy', 'Zupa Testowa']) {
      ids.push(await createProduct(t.db, { name, description: 'opis', code: null }, null));
    }
    const found = await list('search=testow&sort=name&order=asc&per_page=10');
    expect(found.data.map((p) => p.name)).toEqual(['Ananas Testowy', 'Łosoś Testowy', 'Zupa Testowa', 'Żurek Testowy']);
    expect(found.total).toBe(4);
    const page2 = await list('search=testow&sort=name&per_page=10&page=2');
    expect(page2.data).toEqual([]);
    expect(page2.total).toBe(4);
    await t.db.execute(sql`update products set deleted_at = now() where id = ${ids[0]}`);
    expect((await list('search=testow&per_page=10')).total).toBe(3);
    expect((await get('/api/products?sort=code', admin)).statusCode).toBe(422);
    // "%" and "_" are searched literally.
    expect((await list('search=%25&per_page=10')).total).toBe(0);
  });

  it('article_id is the newest published, not deleted article presenting the product', async () => {
    const productId = await createProduct(t.db, { name: 'Produkt z artykułami', image: await articlePng() }, null);
    expect((await list('search=z%20artyku%C5%82ami')).data[0]).toMatchObject({ id: productId, article_id: null });
    const older = await article(productId, { published_at: '2026-01-01T10:00:00Z' });
    const newer = await article(productId, { published_at: '2026-02-01T10:00:00Z' });
    await article(productId, { published_at: '' });
    await article(productId, { published_at: '2099-01-01T10:00:00Z' });
    const row = (await list('search=z%20artyku%C5%82ami')).data[0];
    expect(row?.article_id).toBe(newer);
    expect(row?.image?.url).toMatch(/^\/api\/images\//);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${newer}`, headers: bearer(admin) });
    expect((await list('search=z%20artyku%C5%82ami')).data[0]?.article_id).toBe(older);
  });

  it('the name search uses the trigram index once the catalogue is large', async () => {
    await t.db.execute(
      sql`insert into products (name) select 'Produkt ' || md5(i::text) from generate_series(1, 2000) i`,
    );
    await t.db.execute(sql`analyze products`);
    const plan = await t.db.execute(
      sql`explain select id from products where deleted_at is null and lower(name) like '%c4ca42%'`,
    );
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(text).toContain('products_name_trgm_idx');
    expect((await list('search=c4ca42&per_page=10')).total).toBeGreaterThanOrEqual(1);
  });
});
