import {
  PESEL_MASK,
  type Role,
  repProfileSavedSchema,
  repProfileSchema,
  translate,
  userDetailsSchema,
  userSchema,
} from '@incentive/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoIds, demoTokens, expectError } from '../../../test/back-office.ts';
import { userPool } from '../../../test/fixtures.ts';
import { createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { giveCard } from '../../../test/wallet-fixtures.ts';
import { programmeSettings, repProfiles } from '../../db/schema.ts';

/*
 * Issue 30 point 2 (decision 059): a rep keeps its phone, address and tax data on its profile; the
 * back office reads them on the rep details, masked for the roles that do not pay out; the home's
 * reminder follows GET /api/me; a programme rule may ask for the data before a withdrawal.
 */

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;
let takeUser: ReturnType<typeof userPool>;
const pl = (key: string) => translate('pl', key);

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
  takeUser = userPool(t.db);
});
afterAll(async () => {
  await t?.close();
});

const FULL = {
  phone: '+48 600 100 200',
  pesel: '44051401359',
  tax_office_code: '1435',
  street: 'ul. Długa 5/7',
  postcode: '00-950',
  city: 'Łódź',
};

/** A seeded rep, signed in, with no profile yet; `ownWarehouse`: in warehouse 1, the demo wholesaler's. */
async function freshRep(ownWarehouse = false) {
  const u = await takeUser({ role: 'seller', activated: true, ...(ownWarehouse ? { inWarehouses: [1] } : {}) });
  await t.db.delete(repProfiles).where(eq(repProfiles.userId, u.id));
  return { ...u, token: await t.login(u.email) };
}

async function me(token: string) {
  const res = await call(token, 'GET', '/api/me');
  expect(res.statusCode, res.body).toBe(200);
  return userSchema.strict().parse(res.json());
}

async function profileOf(token: string) {
  const res = await call(token, 'GET', '/api/profile');
  expect(res.statusCode, res.body).toBe(200);
  return repProfileSchema.strict().parse(res.json());
}

async function save(token: string, body: unknown) {
  return call(token, 'PUT', '/api/profile', body);
}

describe('GET and PUT /api/profile', () => {
  it('starts empty; a save keeps every field, names the office and tells the home the data is there', async () => {
    const r = await freshRep();
    const empty = await profileOf(r.token);
    expect(empty).toMatchObject({ pesel: null, tax_office_code: null, street: null, tax_data_complete: false });
    expect((await me(r.token)).tax_data_missing).toBe(true);

    const res = await save(r.token, FULL);
    expect(res.statusCode, res.body).toBe(200);
    const saved = repProfileSavedSchema.strict().parse(res.json());
    expect(saved.message).toBe('Dane profilu zostały zapisane');
    expect(saved.profile).toMatchObject({
      ...FULL,
      tax_office_name: 'Pierwszy Urząd Skarbowy Warszawa-Śródmieście',
      tax_data_complete: true,
    });
    expect(await profileOf(r.token)).toEqual(saved.profile);
    // The kept /api/me answer is read afresh: the reminder goes at once.
    expect((await me(r.token)).tax_data_missing).toBe(false);
  });

  it('trims what it is given, and an empty field clears it: the data is missing again', async () => {
    const r = await freshRep();
    expect((await save(r.token, { ...FULL, city: '  Kraków  ', postcode: ' 31-001 ' })).statusCode).toBe(200);
    expect(await profileOf(r.token)).toMatchObject({ city: 'Kraków', postcode: '31-001' });
    const res = await save(r.token, { ...FULL, pesel: '', street: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileOf(r.token)).toMatchObject({ pesel: null, street: null, tax_data_complete: false });
    expect((await me(r.token)).tax_data_missing).toBe(true);
  });

  it('refuses a wrong PESEL, postcode, tax office or phone with Polish messages per field, writing nothing', async () => {
    const r = await freshRep();
    const before = JSON.stringify(await profileOf(r.token));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pesel: '44051401358' }, 'pesel', 'Nieprawidłowy numer PESEL: sprawdź 11 cyfr'],
      [{ pesel: '4405140135' }, 'pesel', 'Nieprawidłowy numer PESEL: sprawdź 11 cyfr'],
      // A right check digit on a date that does not exist (month 13).
      [{ pesel: '44131401352' }, 'pesel', 'Nieprawidłowy numer PESEL: sprawdź 11 cyfr'],
      [{ postcode: '00950' }, 'postcode', 'Kod pocztowy w formacie 00-000'],
      [{ tax_office_code: '9999' }, 'tax_office_code', 'Wybierz urząd skarbowy z listy'],
      [{ phone: 'zadzwoń' }, 'phone', 'Nieprawidłowy numer telefonu'],
      [{ street: 'x'.repeat(201) }, 'street', pl('validation.tooLong')],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(r.token, { ...FULL, ...change });
      expectError(res, 422);
      expect(res.json().errors[field], JSON.stringify(change)).toEqual([message]);
    }
    expect(JSON.stringify(await profileOf(r.token))).toBe(before);
  });

  it('answers in English when asked', async () => {
    const r = await freshRep();
    const res = await call(r.token, 'PUT', '/api/profile', { ...FULL, pesel: '1' }, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pesel).toEqual(['Invalid PESEL number: check the 11 digits']);
  });

  it('is the signed-in rep’s own: no id in the body reaches another rep', async () => {
    const a = await freshRep();
    const b = await freshRep();
    const res = await save(a.token, { ...FULL, user_id: b.id, id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profileOf(b.token)).pesel).toBeNull();
    // Nor may a rep read another's details (its tax data with them).
    expectError(await call(a.token, 'GET', `/api/users/${b.id}`), 404);
  });

  it('is a rep’s only: other roles get 403, nobody signed in 401', async () => {
    for (const role of ['root', 'admin', 'provider_admin', 'seller_reg', 'wholesaler'] as const) {
      expectError(await call(tok[role], 'GET', '/api/profile'), 403);
      expectError(await call(tok[role], 'PUT', '/api/profile', FULL), 403);
    }
    expectError(await call(undefined, 'GET', '/api/profile'), 401);
    expectError(await call(undefined, 'PUT', '/api/profile', FULL), 401);
  });

  it('the database refuses what the form refuses, whoever writes it', async () => {
    const r = await freshRep();
    for (const bad of [{ pesel: '123' }, { postcode: '1-234' }, { taxOfficeCode: 'abcd' }, { city: '' }]) {
      await expect(t.db.insert(repProfiles).values({ userId: r.id, ...bad })).rejects.toThrow();
    }
  });
});

describe('the tax data on the back office’s rep details', () => {
  let rep: Awaited<ReturnType<typeof freshRep>>;
  beforeAll(async () => {
    rep = await freshRep(true);
    expect((await save(rep.token, FULL)).statusCode).toBe(200);
  });

  const details = async (token: string, id: number) => {
    const res = await call(token, 'GET', `/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return userDetailsSchema.strict().parse(res.json());
  };

  it('root and admin read it in full, and so does the rep on its own details', async () => {
    for (const token of [tok.root, tok.admin, rep.token]) {
      expect((await details(token, rep.id)).tax_data).toEqual({
        pesel: FULL.pesel,
        tax_office_code: FULL.tax_office_code,
        street: FULL.street,
        postcode: FULL.postcode,
        city: FULL.city,
        complete: true,
        masked: false,
      });
    }
  });

  it('the other roles read it masked: the last four PESEL digits, the office and the city', async () => {
    for (const token of [tok.provider_admin, tok.seller_reg, tok.wholesaler]) {
      expect((await details(token, rep.id)).tax_data).toEqual({
        pesel: `${PESEL_MASK}1359`,
        tax_office_code: FULL.tax_office_code,
        street: null,
        postcode: null,
        city: FULL.city,
        complete: true,
        masked: true,
      });
    }
  });

  it('is null for a user who is not a rep, and says incomplete for a rep without a profile', async () => {
    expect((await details(tok.admin, ids.wholesaler)).tax_data).toBeNull();
    const bare = await freshRep();
    expect((await details(tok.admin, bare.id)).tax_data).toMatchObject({ pesel: null, complete: false });
  });
});

describe('a withdrawal when the programme asks for the tax data', () => {
  const setRule = async (on: boolean) =>
    t.db.update(programmeSettings).set({ withdrawalNeedsTaxData: on }).where(eq(programmeSettings.id, 1));

  it('is refused while the data is missing, with the Polish reason, and goes through once it is there', async () => {
    const r = await freshRep();
    await giveCard(t.db, r.id);
    const credit = await call(tok.admin, 'POST', '/api/admin/adjustments', {
      user_id: r.id,
      amount: '25.00',
      reason: 'Premia testowa',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const amount = Number((await me(r.token)).wallet.money);
    await setRule(true);
    try {
      const refused = await call(r.token, 'POST', '/api/withdrawal', { amount });
      expectError(
        refused,
        409,
        'Uzupełnij dane podatkowe w profilu (PESEL, urząd skarbowy, adres), aby wypłacić środki',
      );
      expect(Number((await me(r.token)).wallet.money)).toBe(amount);
      expect((await save(r.token, FULL)).statusCode).toBe(200);
      const paid = await call(r.token, 'POST', '/api/withdrawal', { amount });
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await setRule(false);
    }
    await expectBooksBalance(t, tok.admin);
  });

  it('is the admin’s to switch in the settings, and a save that does not name it keeps it', async () => {
    const base = (await call(undefined, 'GET', '/api/settings')).json();
    const body = {
      organiser: base.organiser,
      address: base.address,
      phone: base.phone,
      email: base.email,
      rules: base.rules.html,
    };
    try {
      const on = await call(tok.admin, 'PUT', '/api/settings', { ...body, withdrawal_needs_tax_data: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().settings.withdrawal_needs_tax_data).toBe(true);
      const kept = await call(tok.admin, 'PUT', '/api/settings', body);
      expect(kept.json().settings.withdrawal_needs_tax_data).toBe(true);
      expectError(
        await call(tok.provider_admin, 'PUT', '/api/settings', { ...body, withdrawal_needs_tax_data: false }),
        403,
      );
    } finally {
      await setRule(false);
    }
    const [row] = await t.db.select({ v: sql<boolean>`withdrawal_needs_tax_data` }).from(programmeSettings);
    expect(row?.v).toBe(false);
  });
});
