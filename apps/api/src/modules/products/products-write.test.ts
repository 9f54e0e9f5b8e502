import { pagedSchema, productSavedSchema, productSchema, translate } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePng, articleWriteCounts, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import type { FormPart } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const fields = (over: Record<string, string | undefined> = {}): FormPart[] =>
  Object.entries({ name: 'Woda testowa', code: 'WOD-T-1', description: 'Butelka 1,5 l', ...over }).flatMap(
    ([name, value]) => (value === undefined ? [] : [{ name, value }]),
  );
const post = (url: string, parts: FormPart[], lang?: string) => sendForm(t, 'POST', url, admin, parts, lang);
const find = async (search: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(search)}`,
    headers: bearer(admin),
  });
  return pagedSchema(productSchema).parse(res.json()).data;
};

async function refused(
  url: string,
  parts: FormPart[],
  status: number,
  key: Parameters<typeof translate>[1],
  field?: string,
) {
  const before = await articleWriteCounts(t.db);
  const lastUpdate = async () => queryRows<{ at: string }>(t.db, sql`select max(updated_at)::text as at from products`);
  const updated = await lastUpdate();
  for (const lang of ['pl', 'en'] as const) {
    const res = await post(url, parts, lang);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(translate(lang, key));
    if (field) expect(res.json().errors?.[field]).toContain(translate(lang, key));
  }
  expect(await articleWriteCounts(t.db)).toEqual(before);
  expect(await lastUpdate()).toEqual(updated);
}

describe('POST /api/products', () => {
  it('adds a product with or without an image; the code is trimmed and kept as written', async () => {
    const res = await post('/api/products', [
      ...fields({ name: ' Woda testowa ', code: ' WOD-T-1 ' }),
      imagePart(await articlePng()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const saved = productSavedSchema.parse(res.json());
    expect(saved.message).toBe('Produkt został dodany');
    const [p] = await find('Woda testowa');
    expect(p).toMatchObject({
      id: saved.product_id,
      name: 'Woda testowa',
      code: 'WOD-T-1',
      description: 'Butelka 1,5 l',
    });
    expect(p?.image?.url).toMatch(/\/640\.jpg$/);
    const plain = await post(
      '/api/products',
      fields({ name: 'Sok bez zdjęcia', code: 'SOK/2026_a.1', description: undefined }),
    );
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await find('Sok bez zdjęcia'))[0]).toMatchObject({ code: 'SOK/2026_a.1', description: '', image: null });
  });

  it('refuses bad fields and a code another live product holds, writing nothing', async () => {
    await refused('/api/products', fields({ name: ' ' }), 422, 'product.nameRequired', 'name');
    await refused('/api/products', fields({ code: undefined }), 422, 'product.codeRequired', 'code');
    await refused('/api/products', fields({ code: 'KOD Z SPACJĄ' }), 422, 'product.codeInvalid', 'code');
    await refused('/api/products', fields({ code: '=1+1' }), 422, 'product.codeInvalid', 'code');
    await refused('/api/products', fields({ code: 'x'.repeat(51) }), 422, 'validation.tooLong', 'code');
    await refused('/api/products', fields({ description: 'x'.repeat(1001) }), 422, 'validation.tooLong', 'description');
    for (const bad of ['a\u0000b', '\u0000']) {
      for (const field of ['name', 'code', 'description']) {
        await refused('/api/products', fields({ [field]: bad }), 422, 'validation.textInvalid', field);
      }
    }
    const first = await post('/api/products', fields({ name: 'Pierwszy', code: 'DUP-1' }));
    expect(first.statusCode).toBe(201);
    await refused('/api/products', fields({ name: 'Drugi', code: 'DUP-1' }), 409, 'product.codeTaken', 'code');
    // A deleted product's code is free again.
    await t.db.execute(sql`update products set deleted_at = now() where code = 'DUP-1'`);
    expect((await post('/api/products', fields({ name: 'Drugi', code: 'DUP-1' }))).statusCode).toBe(201);
  });
});

describe('POST /api/products/{id}', () => {
  it('edits a product, keeping its image when none is sent; its own code is not "taken"', async () => {
    const created = await post('/api/products', [
      ...fields({ name: 'Do edycji', code: 'EDIT-1' }),
      imagePart(await articlePng()),
    ]);
    const id = productSavedSchema.parse(created.json()).product_id;
    const before = (await find('Do edycji'))[0];
    const res = await post(
      `/api/products/${id}`,
      fields({ name: 'Po edycji', code: 'EDIT-1', description: 'nowy opis' }),
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ product_id: id, message: 'The product has been edited' });
    const after = (await find('Po edycji'))[0];
    expect(after).toMatchObject({ id, name: 'Po edycji', code: 'EDIT-1', description: 'nowy opis' });
    expect(after?.image).toEqual(before?.image);
  });

  it('refuses another product code (409), an unknown or deleted product (404)', async () => {
    await post('/api/products', fields({ name: 'Zajęty', code: 'TAKEN-1' }));
    const mine = productSavedSchema.parse(
      (await post('/api/products', fields({ name: 'Mój', code: 'MINE-1' }))).json(),
    );
    await refused(`/api/products/${mine.product_id}`, fields({ code: 'TAKEN-1' }), 409, 'product.codeTaken', 'code');
    await refused('/api/products/2000000000', fields({ code: 'FREE-1' }), 404, 'product.notFound');
    await t.db.execute(sql`update products set deleted_at = now() where id = ${mine.product_id}`);
    await refused(`/api/products/${mine.product_id}`, fields({ code: 'FREE-2' }), 404, 'product.notFound');
  });
});
