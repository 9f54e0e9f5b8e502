import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

/*
 * The requests of issue 11 that answered 500: a NUL (or half a surrogate pair) in a text field or a
 * search. Each is now a 422 naming the field, in the caller's language; a CSV export refuses before
 * it sends anything.
 */

const TEXT_INVALID = {
  pl: 'Tekst zawiera niedozwolony znak (znak NUL lub niepełny znak Unicode)',
  en: 'The text contains a character that is not allowed (NUL or an incomplete Unicode character)',
};

let t: TestApp;
let admin: string;
let repId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  repId = (await userPool(t.db)({ role: 'seller', activated: true })).id;
});
afterAll(async () => {
  await t?.close();
});

const user = (over: Record<string, unknown>) => ({
  name: 'Jan',
  surname: 'Nowak',
  assecoId: 'NUL-1',
  email: 'nul-test@example.com',
  warehouse_ids: [1],
  role: 'seller',
  ...over,
});
const warehouse = (over: Record<string, unknown>) => ({
  assecoId: 'NUL-WH',
  name: 'Hurtownia',
  address: 'ul. Długa 1',
  ...over,
});

describe('text PostgreSQL cannot store', () => {
  const writes: [string, 'POST' | 'PUT', () => string, Record<string, unknown>, string][] = [
    ['name of a new user', 'POST', () => '/api/users', user({ name: 'Jan\u0000' }), 'name'],
    ['surname of a new user', 'POST', () => '/api/users', user({ surname: '\u0000' }), 'surname'],
    ['asseco id of a new user', 'POST', () => '/api/users', user({ assecoId: 'PH\u0000' }), 'assecoId'],
    ['name in a profile edit', 'PUT', () => `/api/auth/profile/${repId}`, user({ name: 'x\ud800' }), 'name'],
    ['warehouse name', 'POST', () => '/api/warehouses', warehouse({ name: 'H\u0000' }), 'name'],
    ['warehouse address', 'POST', () => '/api/warehouses', warehouse({ address: '\udfff' }), 'address'],
    ['warehouse asseco id on edit', 'PUT', () => '/api/warehouses/1', warehouse({ assecoId: '\u0000' }), 'assecoId'],
    [
      'adjustment reason',
      'POST',
      () => '/api/admin/adjustments',
      { user_id: 1, amount: '1.00', reason: 'Korekta\u0000' },
      'reason',
    ],
  ];

  it.each(writes)('%s: 422 naming the field, in Polish and English', async (_name, method, url, body, field) => {
    for (const lang of ['pl', 'en'] as const) {
      const res = await t.app.inject({
        method,
        url: url(),
        headers: { ...bearer(admin), 'accept-language': lang, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message: TEXT_INVALID[lang], errors: { [field]: [TEXT_INVALID[lang]] } });
    }
  });

  const searches = [
    '/api/users?role=seller',
    '/api/warehouses',
    '/api/warehouses/1/users?role=seller',
    '/api/wallet',
    '/api/users/export.csv?role=seller',
    '/api/warehouses/export.csv',
  ];

  it.each(searches)('a NUL in the search of %s: 422 in JSON, before any CSV is sent', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}search=abc%00`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ message: TEXT_INVALID.pl, errors: { search: [TEXT_INVALID.pl] } });
  });

  it('keeps every other character: emoji, Polish letters and paired surrogates are stored and found', async () => {
    const name = 'Zażółć 😀 gęślą';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: user({ name, assecoId: 'EMOJI-1', email: 'emoji@example.com' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/users?role=seller&search=${encodeURIComponent('😀 gęś')}`,
      headers: bearer(admin),
    });
    expect(found.json().data.map((u: { name: string }) => u.name)).toEqual([name]);
  });
});
