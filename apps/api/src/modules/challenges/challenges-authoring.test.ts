import { challengeDetailsSchema, challengeSavedSchema, type MessageKey, translate } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, articlePng, en, imagePart, pl, sendForm } from '../../../test/article-fixtures.ts';
import {
  challengeFields,
  challengeForm,
  challengeWriteCounts,
  codedProduct,
  day,
  type ProductItem,
  recordSales,
  userWithWarehouses,
} from '../../../test/challenge-fixtures.ts';
import type { FormPart } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createProduct } from '../products/products.service.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, parts: FormPart[], lang?: string) => sendForm(t, 'POST', url, admin, parts, lang);
const del = (url: string, lang?: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...bearer(admin), ...(lang ? { 'accept-language': lang } : {}) } });

async function create(items: ProductItem[], over: Record<string, string | undefined> = {}) {
  const res = await post('/api/challenges', await challengeForm(items, over));
  expect(res.statusCode, res.body).toBe(201);
  return challengeSavedSchema.parse(res.json()).challenge_id;
}
const details = async (id: number) => {
  const res = await get(`/api/challenges/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return challengeDetailsSchema.parse(res.json());
};

/** A refused form: its status and message in Polish and in English, and not one row written. */
async function refused(
  url: string,
  parts: FormPart[],
  status: number,
  key: MessageKey,
  field: string | null,
  params: Record<string, string> = {},
) {
  const before = await challengeWriteCounts(t.db);
  for (const lang of ['pl', 'en'] as const) {
    const res = await post(url, parts, lang);
    expect(res.statusCode, res.body).toBe(status);
    const message = translate(lang, key, params);
    expect(message).not.toMatch(/„”|""/);
    expect(res.json().message).toBe(message);
    if (field) expect(res.json().errors?.[field]).toContain(message);
  }
  expect(await challengeWriteCounts(t.db)).toEqual(before);
}

async function liveArticle(productId: number | null, publishedAt = '2026-01-01T10:00:00Z') {
  const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [
    ...articleFields({ published_at: publishedAt, ...(productId ? { product_id: String(productId) } : {}) }),
    imagePart(await articlePng()),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ article_id: number }>().article_id;
}

describe('creating a challenge', () => {
  it('stores its fields, image and products in the order sent, rewards in PLN', async () => {
    const withImage = await createProduct(
      t.db,
      { name: 'Baton z obrazkiem', code: 'T-IMG-1', image: await articlePng() },
      null,
    );
    const plain = await codedProduct(t.db, 'Napój bez obrazka');
    const newest = await liveArticle(withImage);
    const chosen = await liveArticle(null);
    const res = await post(
      '/api/challenges',
      await challengeForm(
        [
          { product_id: plain, reward: '2,50', article_id: chosen },
          { product_id: withImage, reward: 1 },
        ],
        { name: '  Jesienne wyzwanie  ', start_at: day(-2), end_at: day(5) },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = challengeSavedSchema.parse(res.json());
    expect(saved.message).toBe('Wyzwanie zostało utworzone');
    const c = await details(saved.challenge_id);
    expect(c).toMatchObject({
      name: 'Jesienne wyzwanie',
      intro: 'Sprzedawaj więcej i zarabiaj',
      start_at: day(-2),
      end_at: day(5),
      status: 'running',
      products_count: 2,
      reps_count: 0,
      units: 0,
      money_paid: '0.00',
      has_sales: false,
    });
    expect(c.image?.url).toMatch(/^\/api\/images\/[0-9a-f]{64}\/640\.jpg$/);
    expect(c.products.map((p) => [p.id, p.reward, p.article_id, p.chosen_article_id])).toEqual([
      [plain, '2.50', chosen, chosen],
      [withImage, '1.00', newest, null],
    ]);
    expect(c.products[0]?.url).toBeNull();
    expect(c.products[1]?.code).toBe('T-IMG-1');
    expect(c.products[1]?.url).toBe(c.products[1]?.image?.url);
    expect(c.products[1]?.url).toMatch(/\/640\.jpg$/);
  });

  it('refuses every bad field with its message in Polish and English, writing nothing', async () => {
    const p = await codedProduct(t.db);
    const ok = [{ product_id: p, reward: '1.00' }];
    const png = imagePart(await articlePng());
    const form = (items: unknown, over: Record<string, string | undefined> = {}) => [
      ...challengeFields([], { products: JSON.stringify(items), ...over }),
      png,
    ];
    await refused('/api/challenges', form(ok, { name: '  ' }), 422, 'challenge.nameRequired', 'name');
    await refused('/api/challenges', form(ok, { name: 'x'.repeat(201) }), 422, 'validation.tooLong', 'name');
    await refused('/api/challenges', form(ok, { start_at: undefined }), 422, 'challenge.datesRequired', 'start_at');
    await refused('/api/challenges', form(ok, { end_at: '2026-02-30' }), 422, 'challenge.datesRequired', 'end_at');
    await refused(
      '/api/challenges',
      form(ok, { start_at: day(3), end_at: day(2) }),
      422,
      'challenge.datesOrder',
      'end_at',
    );
    await refused('/api/challenges', challengeFields(ok), 422, 'challenge.imageRequired', 'image');
    await refused('/api/challenges', form([]), 422, 'challenge.productsRequired', 'products');
    await refused('/api/challenges', form(ok, { products: '[{' }), 422, 'challenge.productsInvalid', 'products');
    await refused('/api/challenges', form(ok, { products: undefined }), 422, 'challenge.productsInvalid', 'products');
    await refused('/api/challenges', form([...ok, ...ok]), 422, 'challenge.productTwice', 'products');
    await refused(
      '/api/challenges',
      form(Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, reward: 1 }))),
      422,
      'challenge.tooManyProducts',
      'products',
    );
    await refused('/api/challenges', form([{ product_id: p, reward: '0' }]), 422, 'challenge.rewardInvalid', null);
    await refused(
      '/api/challenges',
      form([{ product_id: p, reward: '10000.01' }]),
      422,
      'challenge.rewardInvalid',
      null,
    );
    await refused('/api/challenges', form([{ product_id: 'x', reward: 1 }]), 422, 'challenge.productInvalid', null);
    await refused(
      '/api/challenges',
      form([{ product_id: p, reward: 1, article_id: -1 }]),
      422,
      'challenge.articleInvalid',
      null,
    );
    await refused(
      '/api/challenges',
      form([{ product_id: 2_000_000_000, reward: 1 }]),
      422,
      'challenge.productNotFound',
      'products',
    );
    const deleted = await codedProduct(t.db, 'Wycofany');
    await t.db.execute(sql`update products set deleted_at = now() where id = ${deleted}`);
    await refused(
      '/api/challenges',
      form([{ product_id: deleted, reward: 1 }]),
      422,
      'challenge.productNotFound',
      'products',
    );
    const uncoded = await createProduct(t.db, { name: 'Bez kodu', code: null }, null);
    await refused(
      '/api/challenges',
      form([{ product_id: uncoded, reward: 1 }]),
      422,
      'challenge.productWithoutCode',
      'products',
      { name: 'Bez kodu' },
    );
    const draft = await liveArticle(null, '');
    const future = await liveArticle(null, '2099-01-01T10:00:00Z');
    for (const articleId of [draft, future, 2_000_000_000]) {
      await refused(
        '/api/challenges',
        form([{ product_id: p, reward: 1, article_id: articleId }]),
        422,
        'challenge.articleNotFound',
        'products',
      );
    }
    // Text PostgreSQL cannot store (NUL) is refused at its field.
    for (const bad of ['a\u0000b', '\u0000']) {
      await refused('/api/challenges', form(ok, { name: bad }), 422, 'validation.textInvalid', 'name');
      await refused('/api/challenges', form(ok, { intro: bad }), 422, 'validation.textInvalid', 'intro');
    }
    // A file in another part than `image` is refused too.
    await refused(
      '/api/challenges',
      [...challengeFields(ok), imagePart(await articlePng()), { name: 'x', value: 'y' }].map((part) =>
        'bytes' in part ? { ...part, name: 'photo' } : part,
      ),
      422,
      'errors.validation',
      'photo',
    );
  });

  it('refuses a file that is not an image', async () => {
    const p = await codedProduct(t.db);
    const before = await challengeWriteCounts(t.db);
    const res = await post('/api/challenges', [
      ...challengeFields([{ product_id: p, reward: 1 }]),
      imagePart(Buffer.from('not an image at all'), 'x.png'),
    ]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await challengeWriteCounts(t.db)).toEqual(before);
  });
});

describe('one challenge per product on any day', () => {
  it('refuses overlapping days for the same product, naming both; touching days are fine after the last one', async () => {
    const p = await codedProduct(t.db, 'Kawa ziarnista testowa');
    const other = await codedProduct(t.db);
    await create([{ product_id: p, reward: 1 }], { name: 'Kawowy listopad', start_at: day(20), end_at: day(30) });
    for (const [start, end] of [
      [day(30), day(40)],
      [day(10), day(20)],
      [day(22), day(25)],
      [day(10), day(50)],
    ] as const) {
      await refused(
        '/api/challenges',
        await challengeForm(
          [
            { product_id: other, reward: 1 },
            { product_id: p, reward: 1 },
          ],
          { start_at: start, end_at: end },
        ),
        422,
        'challenge.productOverlap',
        'products',
        { product: 'Kawa ziarnista testowa', challenge: 'Kawowy listopad' },
      );
    }
    await create([{ product_id: p, reward: 1 }], { start_at: day(31), end_at: day(40) });
    await create([{ product_id: p, reward: 1 }], { start_at: day(11), end_at: day(19) });
  });

  it('two overlapping challenges sent at once: one is saved, the other refused', async () => {
    const p = await codedProduct(t.db, 'Wyścig');
    const forms = await Promise.all([
      challengeForm([{ product_id: p, reward: 1 }], {
        name: 'Pierwszy z wyścigu',
        start_at: day(100),
        end_at: day(110),
      }),
      challengeForm([{ product_id: p, reward: 1 }], { name: 'Drugi z wyścigu', start_at: day(105), end_at: day(115) }),
    ]);
    const answers = await Promise.all(forms.map((f) => post('/api/challenges', f)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const loser = answers.find((r) => r.statusCode === 422);
    expect(loser?.json().message).toMatch(/^Produkt „Wyścig” jest już w wyzwaniu „(Pierwszy|Drugi) z wyścigu”/);
  });

  it('a deleted challenge no longer holds its products; a challenge does not overlap itself on edit', async () => {
    const p = await codedProduct(t.db);
    const first = await create([{ product_id: p, reward: 1 }], { start_at: day(60), end_at: day(70) });
    const edit = await post(
      `/api/challenges/${first}`,
      challengeFields([{ product_id: p, reward: 3 }], { start_at: day(61), end_at: day(71) }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await del(`/api/challenges/${first}`)).statusCode).toBe(200);
    await create([{ product_id: p, reward: 1 }], { start_at: day(60), end_at: day(70) });
  });
});

describe('editing a challenge', () => {
  it('replaces its fields and product list in the order sent, keeping the image when none is sent', async () => {
    const [a, b, c] = [await codedProduct(t.db), await codedProduct(t.db), await codedProduct(t.db)];
    const id = await create([
      { product_id: a, reward: 1 },
      { product_id: b, reward: 2 },
    ]);
    const before = await details(id);
    const res = await post(
      `/api/challenges/${id}`,
      challengeFields(
        [
          { product_id: c, reward: '0.05' },
          { product_id: a, reward: 7 },
        ],
        { id: String(id), name: 'Zmienione', intro: '', start_at: day(-40), end_at: day(-35) },
      ),
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The challenge has been edited');
    const after = await details(id);
    expect(after).toMatchObject({
      name: 'Zmienione',
      intro: '',
      status: 'ended',
      start_at: day(-40),
      end_at: day(-35),
    });
    expect(after.image).toEqual(before.image);
    expect(after.products.map((p) => [p.id, p.reward])).toEqual([
      [c, '0.05'],
      [a, '7.00'],
    ]);
    // A product kept keeps when it was first added.
    expect(after.products[1]?.created_at).toBe(before.products[0]?.created_at);
  });

  it('refuses a mismatched id, an unknown or deleted challenge, and removing a product with sales', async () => {
    const [a, b] = [await codedProduct(t.db, 'Sprzedany produkt'), await codedProduct(t.db)];
    const id = await create([
      { product_id: a, reward: 1 },
      { product_id: b, reward: 1 },
    ]);
    await refused(
      `/api/challenges/${id}`,
      challengeFields([{ product_id: a, reward: 1 }], { id: String(id + 1) }),
      422,
      'challenge.idMismatch',
      'id',
    );
    await refused(
      '/api/challenges/2000000000',
      challengeFields([{ product_id: a, reward: 1 }]),
      404,
      'challenge.notFound',
      null,
    );
    const seller = await userWithWarehouses(t.db, 'seller@example.com');
    await recordSales(t.db, [
      {
        challengeId: id,
        userId: seller.id,
        warehouseId: seller.warehouses[0]!,
        productId: a,
        quantity: 2,
        reward: 100,
      },
    ]);
    await refused(
      `/api/challenges/${id}`,
      challengeFields([{ product_id: b, reward: 1 }]),
      422,
      'challenge.productHasSales',
      'products',
      { name: 'Sprzedany produkt' },
    );
    // Keeping it (with a new reward for later imports) is fine, and the other one may go.
    const res = await post(`/api/challenges/${id}`, challengeFields([{ product_id: a, reward: 5 }]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await details(id)).has_sales).toBe(true);

    // Deleted from the catalogue since, the product stays in the challenge and the challenge stays editable.
    await t.db.execute(sql`update products set deleted_at = now() where id = ${a}`);
    const again = await post(
      `/api/challenges/${id}`,
      challengeFields([{ product_id: a, reward: 6 }], { name: 'Nadal' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await details(id)).products.map((p) => [p.id, p.reward])).toEqual([[a, '6.00']]);
    // A deleted product cannot be added anew.
    const c = await create([{ product_id: b, reward: 1 }], { start_at: day(202), end_at: day(203) });
    await refused(
      `/api/challenges/${c}`,
      challengeFields(
        [
          { product_id: b, reward: 1 },
          { product_id: a, reward: 1 },
        ],
        { start_at: day(202), end_at: day(203) },
      ),
      422,
      'challenge.productNotFound',
      'products',
    );

    const gone = await create([{ product_id: b, reward: 1 }], { start_at: day(200), end_at: day(201) });
    expect((await del(`/api/challenges/${gone}`)).statusCode).toBe(200);
    await refused(
      `/api/challenges/${gone}`,
      challengeFields([{ product_id: b, reward: 1 }]),
      404,
      'challenge.notFound',
      null,
    );
  });
});

describe('deleting a challenge', () => {
  it('hides it from the table, the details and the rep; refused (409) once sales refer to it', async () => {
    const p = await codedProduct(t.db);
    const id = await create([{ product_id: p, reward: 1 }], { name: 'Do usunięcia zaraz' });
    const res = await del(`/api/challenges/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Wyzwanie zostało usunięte');
    expect((await get(`/api/challenges/${id}`)).statusCode).toBe(404);
    expect((await get('/api/challenges?search=usuni%C4%99cia%20zaraz')).json().total).toBe(0);
    expect((await del(`/api/challenges/${id}`)).statusCode).toBe(404);
    const seller = await t.login('seller@example.com');
    expect((await get(`/api/challenges/active/${id}`, seller)).statusCode).toBe(404);

    const q = await codedProduct(t.db);
    const sold = await create([{ product_id: q, reward: 1 }], { start_at: day(300), end_at: day(301) });
    const rep = await userWithWarehouses(t.db, 'seller@example.com');
    await recordSales(t.db, [
      { challengeId: sold, userId: rep.id, warehouseId: rep.warehouses[0]!, productId: q, quantity: 1, reward: 100 },
    ]);
    const before = await challengeWriteCounts(t.db);
    for (const [lang, tr] of [
      ['pl', pl],
      ['en', en],
    ] as const) {
      const refusedDelete = await del(`/api/challenges/${sold}`, lang);
      expect(refusedDelete.statusCode).toBe(409);
      expect(refusedDelete.json().message).toBe(tr('challenge.hasSales'));
    }
    expect(await challengeWriteCounts(t.db)).toEqual(before);
    // Once its import is reverted, nothing refers to it any more.
    await t.db.execute(sql`update sales set reverted_at = now() where challenge_id = ${sold}`);
    expect((await del(`/api/challenges/${sold}`)).statusCode).toBe(200);
  });
});
