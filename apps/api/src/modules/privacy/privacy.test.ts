import { privacyPersonSchema } from '@incentive/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { ledgerEntries, logins, personalDataLog, repProfiles } from '../../db/schema.ts';

/*
 * Issue 30 point 5 (decision 063): everything held about a person, exported on request (JSON and a
 * readable page), and a deactivated person anonymised with its money and history kept. Both logged.
 */

let t: TestApp;
let admin: string;
let take: ReturnType<typeof userPool>;

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token = admin, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  take = userPool(t.db);
});
afterAll(async () => t?.close());
afterEach(() => expectBooksBalance(t, admin));

describe('personal data on request', () => {
  it('exports everything held about a rep as JSON, and logs each export', async () => {
    const u = await take({ role: 'seller', activated: true });
    await t.login(u.email);
    const found = await call('GET', `/api/privacy/people?search=${encodeURIComponent(u.email)}`);
    expect(found.statusCode).toBe(200);
    expect(
      privacyPersonSchema
        .array()
        .parse(found.json())
        .map((p) => p.id),
    ).toContain(u.id);

    const res = await call('GET', `/api/users/${u.id}/personal-data`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="dane-osobowe-${u.id}.json"`);
    const data = JSON.parse(res.body);
    expect(data.account).toMatchObject({ id: u.id, email: u.email, role: 'seller' });
    for (const section of [
      'warehouses',
      'cards',
      'ledger',
      'withdrawals',
      'quiz_attempts',
      'logins',
      'rules_acceptances',
    ]) {
      expect(Array.isArray(data[section]), section).toBe(true);
    }
    expect(data.logins.length).toBeGreaterThan(0);
    const [entries] = await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, u.id));
    expect(data.ledger).toHaveLength(entries?.n ?? 0);
    if (data.ledger.length > 0) expect(data.ledger[0].amount).toMatch(/^-?\d+\.\d{2}$/);

    const again = JSON.parse((await call('GET', `/api/users/${u.id}/personal-data`)).body);
    expect(again.requests.map((r: { action: string }) => r.action)).toEqual(['export_json', 'export_json']);
    expect(again.requests[0].actor).toBe('Anna Administratorka');
  });

  it('gives a readable page with every value escaped', async () => {
    const created = await call('POST', '/api/users', admin, {
      name: '<img src=x onerror=alert(1)>',
      surname: 'Łęcka',
      email: `privacy.${Date.now()}@example.pl`,
      assecoId: `PH-PRIV-${Date.now()}`,
      role: 'seller',
      warehouse_ids: [1],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const page = await call('GET', `/api/users/${id}/personal-data?format=html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('<h2>Księga: nagrody i ruchy środków</h2>');
    const [logged] = await t.db.select().from(personalDataLog).where(eq(personalDataLog.subjectId, id));
    expect(logged?.action).toBe('export_html');
  });

  it('anonymises only a deactivated person: data replaced, sign-in impossible, money and history kept', async () => {
    const u = await take({ role: 'seller', activated: true });
    const token = await t.login(u.email);
    await call('PUT', '/api/profile', token, {
      pesel: '44051401359',
      tax_office_code: '1026',
      street: 'ul. Długa 5/7',
      postcode: '95-100',
      city: 'Zgierz',
    });
    const credit = await call('POST', '/api/admin/adjustments', admin, {
      user_id: u.id,
      amount: '5.00',
      reason: 'Przed usunięciem',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const before = JSON.parse((await call('GET', `/api/users/${u.id}/personal-data`)).body);

    const active = await call('POST', `/api/users/${u.id}/anonymise`);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('Zanonimizować można tylko osobę usuniętą z programu (dezaktywowaną)');

    expect((await call('DELETE', `/api/users/${u.id}`)).statusCode).toBe(200);
    const res = await call('POST', `/api/users/${u.id}/anonymise`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Dane osobowe zostały zastąpione; historia finansowa została zachowana',
      person: { id: u.id, name: 'Osoba zanonimizowana', email: `anonimizowany-${u.id}@anonymised.invalid` },
    });

    const after = JSON.parse((await call('GET', `/api/users/${u.id}/personal-data`)).body);
    expect(after.account).toMatchObject({ name: 'Osoba zanonimizowana', surname: null, phone: null });
    expect(after.account.anonymised_at).not.toBeNull();
    expect(after.profile).toBeNull();
    expect(await t.db.select().from(repProfiles).where(eq(repProfiles.userId, u.id))).toEqual([]);
    // The money and its history stay.
    expect(after.ledger).toEqual(before.ledger);
    expect(after.wallet).toEqual(before.wallet);
    expect(after.withdrawals).toEqual(before.withdrawals);
    // Where it signed in from is forgotten; that it did, and when, stays.
    const signIns = await t.db
      .select({ ip: logins.ip, ua: logins.userAgent })
      .from(logins)
      .where(eq(logins.userId, u.id));
    expect(signIns.length).toBe(before.logins.length);
    expect(signIns.every((l) => l.ip === null && l.ua === null)).toBe(true);
    // Nobody signs in as it: not with the old e-mail, not with the new one.
    for (const email of [u.email, `anonimizowany-${u.id}@anonymised.invalid`]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Demo1234!' },
      });
      expect(login.statusCode).toBe(401);
    }
    expect(after.requests.map((r: { action: string }) => r.action)).toEqual([
      'export_json',
      'anonymise',
      'export_json',
    ]);

    const twice = await call('POST', `/api/users/${u.id}/anonymise`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ta osoba została już zanonimizowana');
  });

  it('is root’s and admin’s only', async () => {
    for (const email of ['provider@example.com', 'wholesaler@example.com', 'rks@example.com', 'seller@example.com']) {
      const token = await t.login(email);
      expect((await call('GET', '/api/privacy/people?search=ab', token)).statusCode, email).toBe(403);
      expect((await call('GET', '/api/users/1/personal-data', token)).statusCode, email).toBe(403);
      expect((await call('POST', '/api/users/1/anonymise', token)).statusCode, email).toBe(403);
    }
    expect((await call('GET', '/api/users/999999/personal-data')).statusCode).toBe(404);
    expect((await call('GET', '/api/privacy/people?search=a')).json().message).toBe('Wpisz co najmniej 2 znaki');
  });
});
