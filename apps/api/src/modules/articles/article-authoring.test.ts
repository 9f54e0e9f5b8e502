import { adminArticleSchema, articleSavedSchema, repArticleSchema } from '@incentive/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleFields,
  articlePng,
  articleWriteCounts,
  en,
  imagePart,
  pl,
  sendForm,
} from '../../../test/article-fixtures.ts';
import type { FormPart } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { articles, products } from '../../db/schema.ts';
import { createProduct } from '../products/products.service.ts';

let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  seller = await t.login('seller@example.com');
});
afterAll(async () => t?.close());

const MiB = 1024 * 1024;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, parts: FormPart[], lang?: string) => sendForm(t, 'POST', url, admin, parts, lang);

async function create(over: Record<string, string | undefined> = {}) {
  const res = await post('/api/admin/articles', [...articleFields(over), imagePart(await articlePng())]);
  expect(res.statusCode, res.body).toBe(201);
  return articleSavedSchema.parse(res.json()).article_id;
}
const adminRead = async (id: number) =>
  adminArticleSchema.parse((await get(`/api/admin/articles/${id}`, admin)).json());

/** A refused form: its status and message, and not one row written. */
async function refused(url: string, parts: FormPart[], status: number, message: string, field?: string, lang?: string) {
  const before = await articleWriteCounts(t.db);
  const res = await post(url, parts, lang);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  if (field) expect(res.json().errors?.[field]).toContain(message);
  expect(await articleWriteCounts(t.db)).toEqual(before);
  return res;
}

describe('creating an article', () => {
  it('publishes it now by default, with the re-encoded image, sanitized content and plain-text title and lead', async () => {
    const res = await post('/api/admin/articles', [
      ...articleFields({
        title: 'Kawa &amp; herbata <b>nowość</b>',
        excerpt: 'Wstęp <i>krótki</i> & treściwy',
        content: '<p>Treść <a href="javascript:alert(1)" onclick="x()">link</a></p><script>alert(1)</script>',
        video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      }),
      imagePart(await articlePng()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const saved = articleSavedSchema.parse(res.json());
    expect(saved.message).toBe('Artykuł został utworzony');
    const a = await adminRead(saved.article_id);
    expect(a.status).toBe('published');
    expect(a.name).toBe('Kawa & herbata nowość');
    expect(a.lead).toBe('Wstęp krótki & treściwy');
    expect(a.content).toBe('<p>Treść <a target="_blank" rel="noopener noreferrer nofollow">link</a></p>');
    expect(a.image.webp).toMatch(/\/api\/images\/[0-9a-f]{64}\/320\.webp 320w/);
    expect(a.image.width).toBe(640);
    expect(a.video_url).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(a.product).toBeNull();
    expect(Math.abs(Date.parse(a.published_at ?? '') - Date.now())).toBeLessThan(60_000);

    // The rep reads the same stored article.
    const rep = repArticleSchema.parse((await get(`/api/articles/${saved.article_id}`, seller)).json());
    expect(rep.content).toBe(a.content);
    expect(rep.name).toBe(a.name);
    expect(rep).not.toHaveProperty('status');
  });

  it('works the same under /api/articles (SPEC.md section 7)', async () => {
    const res = await sendForm(t, 'POST', '/api/articles', admin, [...articleFields(), imagePart(await articlePng())]);
    expect(res.statusCode, res.body).toBe(201);
    const id = articleSavedSchema.parse(res.json()).article_id;
    expect((await adminRead(id)).status).toBe('published');
  });

  it('an empty published_at is a draft, a future date is scheduled, a date without offset is Warsaw time', async () => {
    expect((await adminRead(await create({ published_at: '' }))).status).toBe('draft');
    const scheduled = await adminRead(await create({ published_at: '2099.07.15 10:00:00' }));
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.published_at).toBe('2099-07-15T08:00:00.000Z');
    const past = await adminRead(await create({ published_at: '2026-01-15T10:00:00Z' }));
    expect(past.status).toBe('published');
    expect(past.published_at).toBe('2026-01-15T10:00:00.000Z');
  });

  it('links an existing product and refuses one that does not exist or is deleted', async () => {
    const productId = await createProduct(t.db, { name: 'Produkt testowy' }, null);
    const a = await adminRead(await create({ product_id: String(productId) }));
    expect(a.product).toEqual({ id: productId, name: 'Produkt testowy' });
    expect(a.product_id).toBe(productId);

    const parts = async (id: string) => [...articleFields({ product_id: id }), imagePart(await articlePng())];
    await refused('/api/admin/articles', await parts('987654'), 422, pl('article.productNotFound'), 'product_id');
    await refused('/api/admin/articles', await parts('abc'), 422, pl('article.productInvalid'), 'product_id');
    const gone = await createProduct(t.db, { name: 'Wycofany' }, null);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone));
    await refused('/api/admin/articles', await parts(String(gone)), 422, pl('article.productNotFound'), 'product_id');
  });

  it('requires title, lead, content and an image; blank content after sanitizing is missing content', async () => {
    const png = imagePart(await articlePng());
    const url = '/api/admin/articles';
    await refused(url, articleFields(), 422, pl('article.imageRequired'), 'image');
    await refused(url, [...articleFields({ title: '  ' }), png], 422, pl('article.titleRequired'), 'title');
    await refused(
      url,
      [...articleFields({ title: '<script>x</script>' }), png],
      422,
      pl('article.titleRequired'),
      'title',
    );
    await refused(url, [...articleFields({ excerpt: undefined }), png], 422, pl('article.leadRequired'), 'excerpt');
    await refused(
      url,
      [...articleFields({ content: '<p><br></p>' }), png],
      422,
      pl('article.contentRequired'),
      'content',
    );
    await refused(
      url,
      [...articleFields({ content: '<script>alert(1)</script><img src=x onerror=alert(1)>' }), png],
      422,
      pl('article.contentRequired'),
      'content',
    );
    await refused(url, [...articleFields({ published_at: 'jutro' }), png], 422, pl('article.publishedAtInvalid'));
    await refused(
      url,
      [...articleFields({ published_at: '2026.02.30 10:00:00' }), png],
      422,
      pl('article.publishedAtInvalid'),
    );
    await refused(url, [...articleFields({ title: 'x'.repeat(201) }), png], 422, pl('validation.tooLong'), 'title');
  });

  it('takes the image only from the part named image, and one file at most', async () => {
    const png = await articlePng();
    await refused(
      '/api/admin/articles',
      [...articleFields(), { name: 'photo', filename: 'a.png', contentType: 'image/png', bytes: png }],
      422,
      pl('errors.validation'),
      'photo',
    );
    await refused(
      '/api/admin/articles',
      [...articleFields(), imagePart(png), { name: 'image2', filename: 'b.png', contentType: 'image/png', bytes: png }],
      422,
      pl('upload.tooManyFiles'),
      'image',
    );
  });

  it('refuses text PostgreSQL cannot store (NUL) in any text field, naming the field', async () => {
    const png = imagePart(await articlePng());
    for (const field of ['title', 'excerpt', 'content', 'video_url', 'published_at', 'product_id']) {
      const key = field === 'product_id' ? 'article.productInvalid' : 'validation.textInvalid';
      await refused('/api/admin/articles', [...articleFields({ [field]: 'Zły\u0000tekst' }), png], 422, pl(key), field);
    }
  });

  it('answers in English when the browser asks for it', async () => {
    await refused('/api/admin/articles', articleFields(), 422, en('article.imageRequired'), 'image', 'en');
    await refused(
      '/api/admin/articles',
      [...articleFields({ product_id: '987654' }), imagePart(await articlePng())],
      422,
      en('article.productNotFound'),
      'product_id',
      'en',
    );
    const res = await sendForm(
      t,
      'POST',
      '/api/admin/articles',
      admin,
      [...articleFields(), imagePart(await articlePng())],
      'en',
    );
    expect(res.json().message).toBe('The article was created');
  });
});

describe('bad files and sizes (nothing half-saved)', () => {
  const url = '/api/admin/articles';

  it('refuses an SVG, a PDF renamed .png, a 0-byte file and a 6 MB image with their upload messages', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    await refused(
      url,
      [...articleFields(), imagePart(svg, 'a.svg', 'image/svg+xml')],
      422,
      pl('upload.imageType'),
      'image',
    );
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await refused(
      url,
      [...articleFields(), imagePart(pdf, 'faktura.png', 'image/png')],
      422,
      pl('upload.imageType'),
      'image',
    );
    await refused(
      url,
      [...articleFields(), imagePart(Buffer.alloc(0), 'pusty.png')],
      422,
      pl('upload.imageType'),
      'image',
    );
    const big = Buffer.concat([(await articlePng()).subarray(0, 64), Buffer.alloc(6 * 1000 * 1000, 7)]);
    await refused(url, [...articleFields(), imagePart(big, 'duzy.png')], 413, pl('upload.tooLarge'), 'image');
    await refused(url, [...articleFields(), imagePart(big, 'duzy.png')], 413, en('upload.tooLarge'), 'image', 'en');
  });

  it('refuses content of 5 MiB + 1 byte (UTF-8) with the article message, and takes exactly 5 MiB with a ~5 MB image', async () => {
    const wrap = (n: number) => `<p>${'ż'.repeat(Math.floor(n / 2))}${'a'.repeat(n % 2)}</p>`;
    const body = 5 * MiB - '<p></p>'.length;
    const tooLong = wrap(body + 1);
    expect(Buffer.byteLength(tooLong)).toBe(5 * MiB + 1);
    await refused(
      url,
      [...articleFields({ content: tooLong }), imagePart(await articlePng())],
      422,
      pl('article.contentTooLong'),
      'content',
    );

    const exact = wrap(body);
    expect(Buffer.byteLength(exact)).toBe(5 * MiB);
    // Noise does not compress: a PNG just under the 5 MB limit.
    const noise = Buffer.alloc(1250 * 1300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const heavy = await sharp(noise, { raw: { width: 1250, height: 1300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(heavy.length).toBeGreaterThan(4.5 * 1000 * 1000);
    expect(heavy.length).toBeLessThanOrEqual(5 * MiB);
    const res = await post(url, [...articleFields({ content: exact }), imagePart(heavy, 'duze.png')]);
    expect(res.statusCode, res.body).toBe(201);
    const a = await adminRead(articleSavedSchema.parse(res.json()).article_id);
    expect(Buffer.byteLength(a.content)).toBe(5 * MiB);
  });
});

describe('editing an article', () => {
  it('changes the fields, keeps the image and date when none is sent, and can make it a draft', async () => {
    const id = await create({ published_at: '2026-01-15T10:00:00Z' });
    const before = await adminRead(id);
    const res = await post(
      `/api/admin/articles/${id}`,
      articleFields({ id: String(id), title: 'Nowy tytuł', content: '<h2>Nowa</h2>' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ article_id: id, message: 'Artykuł został zedytowany' });
    const after = await adminRead(id);
    expect(after.name).toBe('Nowy tytuł');
    expect(after.content).toBe('<h2>Nowa</h2>');
    expect(after.image).toEqual(before.image);
    expect(after.published_at).toBe(before.published_at);

    expect((await post(`/api/articles/${id}`, articleFields({ published_at: '' }))).statusCode).toBe(200);
    expect((await adminRead(id)).status).toBe('draft');
    expect((await get(`/api/articles/${id}`, seller)).statusCode).toBe(404);
  });

  it('replaces the image when one is sent', async () => {
    const id = await create();
    const other = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    expect(
      (await post(`/api/admin/articles/${id}`, [...articleFields(), imagePart(other, 'b.jpg', 'image/jpeg')]))
        .statusCode,
    ).toBe(200);
    expect((await adminRead(id)).image.width).toBe(500);
  });

  it('refuses an id that does not match the path, an unknown article and a bad field, writing nothing', async () => {
    const id = await create();
    const [row] = await t.db.select().from(articles).where(eq(articles.id, id));
    await refused(
      `/api/admin/articles/${id}`,
      articleFields({ id: String(id + 1), title: 'Inny' }),
      422,
      pl('article.idMismatch'),
      'id',
    );
    await refused('/api/admin/articles/99999999', articleFields(), 404, pl('article.notFound'));
    await refused(
      `/api/admin/articles/${id}`,
      articleFields({ title: 'Zmiana', product_id: '987654' }),
      422,
      pl('article.productNotFound'),
    );
    const [unchanged] = await t.db.select().from(articles).where(eq(articles.id, id));
    expect(unchanged).toEqual(row);
  });
});

describe('deleting an article', () => {
  it('hides it from reps, keeps it for the back office as deleted, and a second delete is 404', async () => {
    const id = await create();
    expect((await get(`/api/articles/${id}`, seller)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${id}`, headers: bearer(admin) });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe('Artykuł został usunięty');
    expect((await get(`/api/articles/${id}`, seller)).statusCode).toBe(404);
    const a = await adminRead(id);
    expect(a.status).toBe('deleted');
    const again = await t.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(pl('article.notFound'));
    // A deleted article cannot be edited either.
    await refused(`/api/admin/articles/${id}`, articleFields(), 404, pl('article.notFound'));
  });
});
