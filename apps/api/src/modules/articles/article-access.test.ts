import {
  adminArticleListRowSchema,
  articleSavedSchema,
  pagedSchema,
  type Role,
  repArticleListItemSchema,
} from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, articlePng, articleWriteCounts, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const tokens = {} as Record<Role, string>;
const EMAILS: Record<Role, string> = {
  root: 'root@example.com',
  admin: 'admin@example.com',
  provider_admin: 'provider@example.com',
  wholesaler: 'wholesaler@example.com',
  seller_reg: 'rks@example.com',
  seller: 'seller@example.com',
};

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(EMAILS)) tokens[role as Role] = await t.login(email);
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function create(over: Record<string, string | undefined> = {}) {
  const res = await sendForm(t, 'POST', '/api/admin/articles', tokens.admin, [
    ...articleFields(over),
    imagePart(await articlePng()),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return articleSavedSchema.parse(res.json()).article_id;
}

describe('who may call what', () => {
  it('the admin family is for admin, root and provider admin only; the rest get 403 and write nothing', async () => {
    const id = await create();
    for (const role of ['seller', 'wholesaler', 'seller_reg'] as const) {
      const token = tokens[role];
      const before = await articleWriteCounts(t.db);
      expect((await get('/api/admin/articles', token)).statusCode, role).toBe(403);
      expect((await get(`/api/admin/articles/${id}`, token)).statusCode, role).toBe(403);
      for (const url of ['/api/admin/articles', `/api/admin/articles/${id}`, '/api/articles', `/api/articles/${id}`]) {
        const res = await sendForm(t, 'POST', url, token, [...articleFields(), imagePart(await articlePng())]);
        expect(res.statusCode, `${role} POST ${url}`).toBe(403);
      }
      for (const url of [`/api/admin/articles/${id}`, `/api/articles/${id}`]) {
        const res = await t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
        expect(res.statusCode, `${role} DELETE ${url}`).toBe(403);
      }
      expect(await articleWriteCounts(t.db)).toEqual(before);
    }
    for (const role of ['admin', 'root', 'provider_admin'] as const) {
      expect((await get('/api/admin/articles', tokens[role])).statusCode, role).toBe(200);
      expect((await get(`/api/admin/articles/${id}`, tokens[role])).statusCode, role).toBe(200);
    }
    const byProvider = await sendForm(t, 'POST', '/api/admin/articles', tokens.provider_admin, [
      ...articleFields(),
      imagePart(await articlePng()),
    ]);
    expect(byProvider.statusCode).toBe(201);
  });

  it('the rep family: sellers and managers read; wholesalers and regional managers get 403; no token 401', async () => {
    for (const role of ['seller', 'admin', 'root', 'provider_admin'] as const) {
      expect((await get('/api/articles', tokens[role])).statusCode, role).toBe(200);
    }
    const id = await create();
    for (const role of ['wholesaler', 'seller_reg'] as const) {
      expect((await get('/api/articles', tokens[role])).statusCode, role).toBe(403);
      expect((await get(`/api/articles/${id}`, tokens[role])).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/articles' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/articles' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });
});

describe('what the rep family returns', () => {
  it('never a draft, a scheduled or a deleted article, in the list or by id, for any caller', async () => {
    const draft = await create({ title: 'Szkic niewidoczny', published_at: '' });
    const future = await create({ title: 'Zaplanowany niewidoczny', published_at: '2099.01.01 00:00:00' });
    const deleted = await create({ title: 'Usunięty niewidoczny' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${deleted}`, headers: bearer(tokens.admin) });
    const live = await create({ title: 'Widoczny artykuł' });
    const hidden = [draft, future, deleted];
    for (const role of ['seller', 'admin', 'provider_admin'] as const) {
      // The spec's pages send an 'admin' flag: it unlocks nothing on the rep family.
      const list = pagedSchema(repArticleListItemSchema).parse(
        (await get('/api/articles?per_page=100&admin=1', tokens[role])).json(),
      );
      const ids = list.data.map((a) => a.id);
      expect(ids).toContain(live);
      for (const id of hidden) {
        expect(ids, role).not.toContain(id);
        const res = await get(`/api/articles/${id}?admin=true`, tokens[role]);
        expect(res.statusCode, `${role} ${id}`).toBe(404);
        expect(res.json().message).toBe('Nie znaleziono artykułu');
      }
      expect(list.data.every((a) => Date.parse(a.published_at) <= Date.now())).toBe(true);
      // Searching does not reach them either.
      const found = pagedSchema(repArticleListItemSchema).parse(
        (await get(`/api/articles?per_page=100&search=${encodeURIComponent('niewidoczny')}`, tokens[role])).json(),
      );
      expect(found.total).toBe(0);
    }
  });

  it('pages 4 at a time newest first, serves the carousel 100, and refuses other sizes', async () => {
    const page1 = pagedSchema(repArticleListItemSchema).parse((await get('/api/articles', tokens.seller)).json());
    expect(page1.data).toHaveLength(4);
    const dates = page1.data.map((a) => Date.parse(a.published_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const page2 = pagedSchema(repArticleListItemSchema).parse(
      (await get('/api/articles?page=2', tokens.seller)).json(),
    );
    expect(page2.data.map((a) => a.id)).not.toContain(page1.data[0]?.id);
    expect(page2.total).toBe(page1.total);
    const carousel = pagedSchema(repArticleListItemSchema).parse(
      (await get('/api/articles?per_page=100', tokens.seller)).json(),
    );
    expect(carousel.data.length).toBe(Math.min(100, carousel.total));
    expect(carousel.data[0]).not.toHaveProperty('content');
    expect((await get('/api/articles?per_page=7', tokens.seller)).statusCode).toBe(422);
    // A page past the end is empty but still reports the total.
    const past = pagedSchema(repArticleListItemSchema).parse(
      (await get('/api/articles?page=500', tokens.seller)).json(),
    );
    expect(past.data).toEqual([]);
    expect(past.total).toBe(page1.total);
  });
});

describe('the admin list', () => {
  it('shows all but deleted ones by default, filters by status, searches title and lead, and sorts', async () => {
    const draft = await create({ title: 'Zupełnie unikalny szkic', published_at: '' });
    const future = await create({ excerpt: 'Wstęp zupełnie unikalny', published_at: '2099.01.01 00:00:00' });
    const gone = await create({ title: 'Zupełnie unikalny usunięty' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${gone}`, headers: bearer(tokens.admin) });
    const list = (q: string) =>
      get(`/api/admin/articles?${q}`, tokens.admin).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return pagedSchema(adminArticleListRowSchema).parse(r.json());
      });
    const all = await list('per_page=100&search=zupe%C5%82nie%20unikalny');
    expect(all.data.map((a) => a.id).sort()).toEqual([draft, future].sort());
    expect(all.total).toBe(2);
    expect((await list('per_page=100&status=deleted')).data.map((a) => a.id)).toContain(gone);
    expect((await list('per_page=100&status=deleted')).data.every((a) => a.status === 'deleted')).toBe(true);
    expect(
      (await list('per_page=100&status=draft')).data.every((a) => a.status === 'draft' && a.published_at === null),
    ).toBe(true);
    expect((await list('per_page=100&status=scheduled')).data.map((a) => a.id)).toContain(future);
    const published = await list('per_page=100&status=published');
    expect(published.data.every((a) => a.status === 'published')).toBe(true);
    const byName = await list('per_page=100&sort=name&order=asc');
    const names = byName.data.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pl')));
    // Newest first by default.
    const latest = await list('per_page=10');
    expect(latest.data[0]?.id).toBeGreaterThanOrEqual(future);
    expect((await get('/api/admin/articles?status=archived', tokens.admin)).json().message).toBe(
      'Status musi być jednym z: draft, scheduled, published, deleted',
    );
    expect((await get('/api/admin/articles?sort=content', tokens.admin)).statusCode).toBe(422);
  });

  it('the search over title and lead uses the trigram index once there are many articles', async () => {
    await t.db.execute(sql`insert into articles (title, lead, content, image_hash, published_at)
      select 'Artykuł ' || md5(i::text), 'Wstęp ' || md5((i + 1)::text), '<p>x</p>', (select image_hash from articles limit 1), now()
      from generate_series(1, 2000) i`);
    await t.db.execute(sql`analyze articles`);
    const plan = await t.db.execute(
      sql`explain select id from articles where deleted_at is null and lower(title || ' ' || lead) like '%c4ca42%'`,
    );
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(text).toContain('articles_search_trgm_idx');
    const found = pagedSchema(adminArticleListRowSchema).parse(
      (await get('/api/admin/articles?search=c4ca42', tokens.admin)).json(),
    );
    expect(found.total).toBeGreaterThanOrEqual(1);
  });
});
