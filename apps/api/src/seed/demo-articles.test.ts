import { adminArticleListRowSchema, pagedSchema, productSchema, repArticleListItemSchema } from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** The demo seed's products and articles (the template every API test copies). */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('demo articles', () => {
  it('has a dozen articles with images in every status but deleted, some with a product or a video', async () => {
    const list = pagedSchema(adminArticleListRowSchema).parse(
      (await get('/api/admin/articles?per_page=100', admin)).json(),
    );
    expect(list.total).toBeGreaterThanOrEqual(12);
    expect(list.data.every((a) => a.image.url.startsWith('/api/images/'))).toBe(true);
    const statuses = new Set(list.data.map((a) => a.status));
    expect(statuses).toEqual(new Set(['published', 'scheduled', 'draft']));
    expect(list.data.filter((a) => a.product !== null).length).toBeGreaterThanOrEqual(6);
    expect(list.data.filter((a) => a.video_url?.startsWith('https://')).length).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo seller a carousel of published articles only', async () => {
    const seller = await t.login('seller@example.com');
    const res = await get('/api/articles?per_page=100', seller);
    const list = pagedSchema(repArticleListItemSchema).parse(res.json());
    expect(list.total).toBeGreaterThanOrEqual(10);
    expect(list.data.every((a) => new Date(a.published_at).getTime() <= Date.now())).toBe(true);
  });

  it('has ~6 products, each presented by its newest published article', async () => {
    const list = pagedSchema(productSchema).parse((await get('/api/products?per_page=25', admin)).json());
    expect(list.total).toBe(6);
    expect(list.data.every((p) => p.image !== null && p.article_id !== null)).toBe(true);
  });
});
