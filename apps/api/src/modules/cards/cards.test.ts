import {
  addCardResponseSchema,
  cardRecordSchema,
  pagedSchema,
  type Role,
  translate,
  userCreatedSchema,
  userDetailsSchema,
  userListItemSchema,
} from '@incentive/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeCounts, client, demoIds, demoTokens, expectError, expectSorted } from '../../../test/back-office.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cards, users } from '../../db/schema.ts';

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;

const pagedCards = pagedSchema(cardRecordSchema.strict());
const en = (key: string) => translate('en', key);
const MASK = /^•••• •••• •••• \d{4}$/;

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A fresh 16-digit number nobody has. */
const cardNumber = () => `7${String(Date.now() % 1e9).padStart(9, '0')}${String(++seq).padStart(6, '0')}`;

async function newUser(role: 'seller' | 'seller_reg' | 'wholesaler', warehouses: number[]): Promise<number> {
  const n = `${++seq}${Date.now().toString(36)}`;
  const res = await call(tok.admin, 'POST', '/api/users', {
    name: 'Karol',
    surname: `Kartowy${n}`,
    assecoId: role === 'wholesaler' ? undefined : `PH-C${n}`,
    email: `karol.${n}@example.com`,
    warehouse_ids: warehouses,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return userCreatedSchema.parse(res.json()).id;
}

async function cardsOf(token: string, userId: number, query = '') {
  const res = await call(token, 'GET', `/api/sales-rep/${userId}/cards?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return pagedCards.parse(res.json());
}

describe('POST /api/card and GET /api/sales-rep/{id}/cards', () => {
  it('adds cards as rows; the newest is current and is the number the lists search', async () => {
    const rep = await newUser('seller', [1]);
    const first = cardNumber();
    const res = await call(tok.admin, 'POST', '/api/card', { user_id: rep, number: first }, 'en');
    expect(res.statusCode, res.body).toBe(201);
    const added = addCardResponseSchema.parse(res.json());
    expect(added).toMatchObject({ message: en('card.added'), card: { number: first, is_current: true } });

    // Spaces between the groups are fine.
    const second = cardNumber();
    const spaced = second.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect((await call(tok.admin, 'POST', '/api/card', { user_id: rep, number: spaced })).statusCode).toBe(201);

    const page = await cardsOf(tok.admin, rep);
    expect(page.total).toBe(2);
    expect(page.data.map((c) => [c.number, c.is_current])).toEqual([
      [second, true],
      [first, false],
    ]);
    const [row] = await t.db.select({ card: users.cardNumber }).from(users).where(eq(users.id, rep));
    expect(row?.card).toBe(second);

    const d = userDetailsSchema.parse((await call(tok.admin, 'GET', `/api/users/${rep}`)).json());
    expect(d.card?.number).toBe(second);
    expect(Date.parse(d.card?.updated_at ?? '')).toBe(Date.parse(page.data[0]?.created_at ?? ''));
    const found = pagedSchema(userListItemSchema).parse(
      (await call(tok.admin, 'GET', `/api/users?role=seller&search=${second}`)).json(),
    );
    expect(found.data.map((u) => [u.id, u.card?.number])).toEqual([[rep, `•••• •••• •••• ${second.slice(-4)}`]]);
    expect(
      pagedSchema(userListItemSchema).parse(
        (await call(tok.admin, 'GET', `/api/users?role=seller&search=${first}`)).json(),
      ).total,
    ).toBe(0);
  });

  it('shows full numbers to root and admin only; everyone else sees the last 4 digits', async () => {
    const rep = await newUser('seller', [1]);
    const number = cardNumber();
    expect((await call(tok.provider_admin, 'POST', '/api/card', { user_id: rep, number })).json().card.number).toMatch(
      MASK,
    );
    for (const role of ['root', 'admin'] as const) {
      expect((await cardsOf(tok[role], rep)).data[0]?.number).toBe(number);
      expect(userDetailsSchema.parse((await call(tok[role], 'GET', `/api/users/${rep}`)).json()).card?.number).toBe(
        number,
      );
    }
    for (const role of ['provider_admin', 'seller_reg', 'wholesaler'] as const) {
      expect((await cardsOf(tok[role], rep)).data[0]?.number).toBe(`•••• •••• •••• ${number.slice(-4)}`);
      expect(userDetailsSchema.parse((await call(tok[role], 'GET', `/api/users/${rep}`)).json()).card?.number).toMatch(
        MASK,
      );
    }
    // The rep itself, on its own page and in /api/me.
    const seller = (await cardsOf(tok.seller, ids.seller)).data;
    expect(seller.length).toBeGreaterThanOrEqual(2);
    expect(seller.every((c) => MASK.test(c.number))).toBe(true);
    expect(seller.filter((c) => c.is_current)).toHaveLength(1);
    expect((await call(tok.seller, 'GET', '/api/me')).json().card.number).toMatch(MASK);
  });

  it('pages and sorts the cards of a rep', async () => {
    const rep = await newUser('seller_reg', [2, 3]);
    for (let i = 0; i < 12; i++) {
      expect((await call(tok.admin, 'POST', '/api/card', { user_id: rep, number: cardNumber() })).statusCode).toBe(201);
    }
    const p2 = await cardsOf(tok.admin, rep, 'per_page=10&page=2');
    expect(p2).toMatchObject({ current_page: 2, last_page: 2, total: 12 });
    expect(p2.data).toHaveLength(2);
    const byId = await cardsOf(tok.admin, rep, 'per_page=25&sort=id&order=asc');
    expectSorted(byId.data, (c) => c.id, 'asc', 'cards by id');
    expect(byId.data.at(-1)?.is_current).toBe(true);
    const byDate = await cardsOf(tok.admin, rep, 'per_page=25&sort=created_at&order=desc');
    expectSorted(byDate.data, (c) => Date.parse(c.created_at), 'desc', 'cards by date');
  });

  it('parallel adds to one rep all land, and the last one written is current', async () => {
    const rep = await newUser('seller', [4]);
    const numbers = Array.from({ length: 6 }, cardNumber);
    const results = await Promise.all(
      numbers.map((number) => call(tok.admin, 'POST', '/api/card', { user_id: rep, number })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(numbers.map(() => 201));
    const page = await cardsOf(tok.admin, rep, 'per_page=10');
    expect(page.total).toBe(6);
    const current = page.data.filter((c) => c.is_current);
    expect(current).toHaveLength(1);
    const [row] = await t.db.select({ card: users.cardNumber }).from(users).where(eq(users.id, rep));
    expect(row?.card).toBe(current[0]?.number);
  });
});

describe('who may add and read cards', () => {
  it.each([
    ['root', 'own', 201],
    ['admin', 'far', 201],
    ['provider_admin', 'far', 201],
    ['seller_reg', 'own', 403],
    ['wholesaler', 'own', 403],
    ['seller', 'own', 403],
  ] as const)('%s adding a card to a rep (%s) -> %i', async (role, where, status) => {
    const rep = await newUser('seller', where === 'own' ? [1] : [12]);
    const before = await backOfficeCounts(t.db);
    const res = await call(tok[role], 'POST', '/api/card', { user_id: rep, number: cardNumber() }, 'en');
    if (status === 201) {
      expect(res.statusCode, res.body).toBe(201);
      return;
    }
    expectError(res, status, en('errors.forbidden'));
    expect(await backOfficeCounts(t.db)).toEqual(before);
  });

  it('reads: a rep only its own cards, managers only reps of their warehouses (404 otherwise)', async () => {
    const far = await newUser('seller', [12]);
    const own = await newUser('seller', [1]);
    for (const [role, id, status] of [
      ['seller', ids.seller, 200],
      ['seller', own, 404],
      ['seller_reg', own, 200],
      ['seller_reg', far, 404],
      ['wholesaler', own, 200],
      ['wholesaler', far, 404],
      ['provider_admin', far, 200],
      ['admin', far, 200],
    ] as const) {
      const res = await call(tok[role], 'GET', `/api/sales-rep/${id}/cards`, undefined, 'en');
      if (status === 200) expect(res.statusCode, `${role} ${id}`).toBe(200);
      else expectError(res, 404, en('users.notFound'));
    }
  });

  it('refuses cards for non-reps, for unknown or out-of-scope users, taken and repeated numbers', async () => {
    const rep = await newUser('seller', [1]);
    const wh = await newUser('wholesaler', [1]);
    const number = cardNumber();
    expect((await call(tok.admin, 'POST', '/api/card', { user_id: rep, number })).statusCode).toBe(201);
    const before = await backOfficeCounts(t.db);
    const post = (token: string, body: object) => call(token, 'POST', '/api/card', body, 'en');
    expectError(await post(tok.admin, { user_id: wh, number: cardNumber() }), 422, en('card.userNotRep'));
    expectError(await post(tok.admin, { user_id: ids.admin, number: cardNumber() }), 422, en('card.userNotRep'));
    expectError(
      await post(tok.provider_admin, { user_id: ids.admin, number: cardNumber() }),
      404,
      en('users.notFound'),
    );
    expectError(await post(tok.admin, { user_id: 999999, number: cardNumber() }), 404, en('users.notFound'));
    expectError(await post(tok.admin, { user_id: rep, number }), 409, en('card.alreadyCurrent'));
    const other = await newUser('seller', [1]);
    const mid = await backOfficeCounts(t.db);
    expectError(await post(tok.admin, { user_id: other, number }), 409, en('card.numberTaken'));
    expect(await backOfficeCounts(t.db)).toEqual(mid);
    expect(before.cards).toBe(mid.cards);
  });
});

describe('bad input to POST /api/card', () => {
  it.each([
    ['15 digits', { number: '123456789012345' }, 'number', 'card.numberInvalid'],
    ['17 digits', { number: '12345678901234567' }, 'number', 'card.numberInvalid'],
    ['letters', { number: '1234abcd90123456' }, 'number', 'card.numberInvalid'],
    ['dashes', { number: '1234-5678-9012-3456' }, 'number', 'card.numberInvalid'],
    ['empty', { number: '' }, 'number', 'card.numberInvalid'],
    ['a number, not text', { number: 1234567890123456 }, 'number', 'card.numberInvalid'],
    ['10,000 characters', { number: '1'.repeat(10_000) }, 'number', 'card.numberInvalid'],
    ['unicode digits', { number: '１２３４５６７８９０１２３４５６' }, 'number', 'card.numberInvalid'],
    ['user id as text', { user_id: 'abc' }, 'user_id', 'validation.idInvalid'],
    ['user id -1', { user_id: -1 }, 'user_id', null],
    ['user id 1.5', { user_id: 1.5 }, 'user_id', null],
    ['no user id', { user_id: undefined }, 'user_id', 'validation.idInvalid'],
  ])('%s -> 422, nothing written', async (_name, changes, field, key) => {
    const before = await backOfficeCounts(t.db);
    const [cardsBefore] = await t.db.select({ n: count() }).from(cards);
    const body = { user_id: ids.seller, number: '5000000000000001', ...changes };
    const err = expectError(await call(tok.admin, 'POST', '/api/card', body, 'en'), 422);
    expect(err.errors?.[field], JSON.stringify(err.errors)).toBeDefined();
    if (key) expect(err.errors?.[field]?.[0]).toBe(en(key));
    expect(await backOfficeCounts(t.db)).toEqual(before);
    const [cardsAfter] = await t.db.select({ n: count() }).from(cards);
    expect(cardsAfter?.n).toBe(cardsBefore?.n);
  });

  it('list queries: unknown sort, page 0 and 10^9, per_page 7 -> 422', async () => {
    for (const q of ['sort=number', 'page=0', 'page=1000000000', 'per_page=7', 'order=sideways']) {
      expectError(await call(tok.admin, 'GET', `/api/sales-rep/${ids.seller}/cards?${q}`), 422);
    }
  });
});
