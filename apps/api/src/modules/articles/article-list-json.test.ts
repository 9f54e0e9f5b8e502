import { adminArticleListRowSchema, pagedSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { imageOf } from '../media/media.service.ts';
import { imageSql } from '../media/media.shared.repo.ts';
import { adminRowJson } from './article-json.ts';
import { findForAdmin } from './article-read.repo.ts';

/*
 * The back office's article list is JSON written by PostgreSQL (decision 032): each row must be
 * what the Node mapping (adminRowJson, still used for one article) makes of the same article, and
 * the image's URLs what imageOf makes of the same row, at every kind of width.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

describe('imageSql', () => {
  it('writes what imageOf writes, below, at and between the standard widths', async () => {
    const hash = 'c0ffee'.repeat(10).slice(0, 64);
    for (const width of [1, 200, 320, 321, 639, 640, 641, 960, 1000, 1280]) {
      const [row] = await queryRows<{ j: string }>(
        t.db,
        sql`select (${imageSql(sql`${hash}::text`, sql`${width}::int`, sql`${width + 7}::int`)})::text as j`,
      );
      expect(JSON.parse(row?.j ?? 'null'), `width ${width}`).toEqual(imageOf({ hash, width, height: width + 7 }));
    }
    const [none] = await queryRows<{ j: unknown }>(
      t.db,
      sql`select ${imageSql(sql`null::text`, sql`null::int`, sql`null::int`)} as j`,
    );
    expect(none?.j).toBeNull();
  });
});

describe('GET /api/admin/articles', () => {
  it('sends each row as adminRowJson makes it, in every status, sort and page', async () => {
    // A product on one article, so `product` is an object somewhere.
    await t.db.execute(
      sql`update articles set product_id = (select min(id) from products) where id = (select min(id) from articles)`,
    );
    const queries = [
      '',
      'page=2',
      'page=50',
      'sort=name&order=asc',
      'sort=published_at&order=asc',
      'sort=updated_at&order=desc&per_page=25',
      'status=draft',
      'status=scheduled',
      'status=published',
      'status=deleted',
      'search=a',
    ];
    let seen = 0;
    let withProduct = 0;
    for (const q of queries) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles?${q}`, headers: bearer(admin) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = pagedSchema(adminArticleListRowSchema.strict()).parse(res.json());
      for (const row of page.data) {
        const full = await findForAdmin(t.db, row.id);
        if (!full) throw new Error(`no article ${row.id}`);
        const { content: _, ...listed } = full;
        expect(row, q).toEqual(adminRowJson(listed));
        seen += 1;
        if (row.product) withProduct += 1;
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(withProduct).toBeGreaterThan(0);
  });
});
