import { pagedSchema, type Role, rulesAcceptanceRowSchema, rulesVersionSchema, userSchema } from '@incentive/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoIds, demoTokens, expectError } from '../../../test/back-office.ts';
import { userPool } from '../../../test/fixtures.ts';
import { linkParams } from '../../../test/mail.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { programmeRules, rulesAcceptances } from '../../db/schema.ts';

/*
 * Issue 30 point 3 (decision 060): the rules are kept as versions; registration records the version
 * the person accepted; a new version asks every rep to accept it at its next sign-in (GET /api/me);
 * root and admin see who accepted which version and export it.
 */

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;
let takeUser: ReturnType<typeof userPool>;

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

async function me(token: string) {
  const res = await call(token, 'GET', '/api/me');
  expect(res.statusCode, res.body).toBe(200);
  return userSchema.strict().parse(res.json());
}

async function currentVersion(): Promise<number> {
  const [row] = await t.db
    .select({ id: programmeRules.id })
    .from(programmeRules)
    .orderBy(desc(programmeRules.id))
    .limit(1);
  return row?.id as number;
}

/** Publishes a new version of the rules through the settings page's call. */
async function publishRules(stamp: string): Promise<number> {
  const base = (await call(undefined, 'GET', '/api/settings')).json();
  const res = await call(tok.admin, 'PUT', '/api/settings', {
    organiser: base.organiser,
    address: base.address,
    phone: base.phone,
    email: base.email,
    rules: `${base.rules.html}<p>Zmiana ${stamp}</p>`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings.rules.version;
}

const acceptancesOf = async (userId: number) =>
  (await t.db.select({ n: count() }).from(rulesAcceptances).where(eq(rulesAcceptances.userId, userId)))[0]?.n;

describe('the demo data', () => {
  it('has two versions; every signed-in demo account has accepted the current one', async () => {
    const res = await call(tok.admin, 'GET', '/api/rules/versions');
    expect(res.statusCode, res.body).toBe(200);
    const versions = rulesVersionSchema.array().parse(res.json());
    expect(versions).toHaveLength(2);
    expect(versions.map((v) => v.current)).toEqual([true, false]);
    expect(versions[0]?.accepted).toBeGreaterThan(0);
    expect(versions[0]?.accepted).toBeLessThanOrEqual(versions[0]?.reps as number);
    for (const role of ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'] as const) {
      expect((await me(tok[role])).rules_to_accept, role).toBeNull();
    }
  });
});

describe('a new version', () => {
  it('asks every rep at its next GET /api/me, and only reps; the rep accepts it and is asked no more', async () => {
    const rep = await takeUser({ role: 'seller', activated: true });
    const repToken = await t.login(rep.email);
    expect((await me(repToken)).rules_to_accept).toBeNull();

    const version = await publishRules('a');
    const asked = await me(repToken);
    expect(asked.rules_to_accept).toMatchObject({ version });
    expect((await me(tok.seller)).rules_to_accept).toMatchObject({ version });
    expect((await me(tok.admin)).rules_to_accept).toBeNull();
    expect((await me(tok.wholesaler)).rules_to_accept).toBeNull();

    const before = await acceptancesOf(rep.id);
    const ok = await call(repToken, 'POST', '/api/rules/accept', { version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Dziękujemy, regulamin został zaakceptowany');
    expect((await me(repToken)).rules_to_accept).toBeNull();
    // Accepting twice keeps the first acceptance.
    expect((await call(repToken, 'POST', '/api/rules/accept', { version })).statusCode).toBe(200);
    expect(await acceptancesOf(rep.id)).toBe((before ?? 0) + 1);
    // Another rep is still asked.
    expect((await me(tok.seller)).rules_to_accept).toMatchObject({ version });
    expect((await call(tok.seller, 'POST', '/api/rules/accept', { version })).statusCode).toBe(200);
  });

  it('refuses a version replaced meanwhile (409) and one that never was (404), recording nothing', async () => {
    const rep = await takeUser({ role: 'seller', activated: true });
    const repToken = await t.login(rep.email);
    const old = await publishRules('b');
    const current = await publishRules('c');
    const before = await acceptancesOf(rep.id);
    expectError(
      await call(repToken, 'POST', '/api/rules/accept', { version: old }),
      409,
      'Regulamin zmienił się w międzyczasie: przeczytaj jego nową wersję',
    );
    expectError(await call(repToken, 'POST', '/api/rules/accept', { version: current + 1000 }), 404);
    expectError(await call(repToken, 'POST', '/api/rules/accept', { version: 'x' }), 422);
    expectError(await call(undefined, 'POST', '/api/rules/accept', { version: current }), 401);
    expect(await acceptancesOf(rep.id)).toBe(before);
    expect((await me(repToken)).rules_to_accept).toMatchObject({ version: current });
  });

  it('is accepted with the password: the registration records the version in force', async () => {
    const fresh = await takeUser({ role: 'seller', activated: false });
    const version = await currentVersion();
    const res = await call(tok.admin, 'POST', '/api/resend-set-password', { email: fresh.email });
    expect(res.statusCode, res.body).toBe(200);
    const { token, email } = linkParams((await t.lastMailTo(fresh.email)).link as string);
    const set = await call(undefined, 'POST', '/api/set-password', {
      password: 'Nowe-Haslo-2026',
      password_confirmation: 'Nowe-Haslo-2026',
      token,
      email,
      rules: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await t.db
      .select({ at: rulesAcceptances.acceptedAt })
      .from(rulesAcceptances)
      .where(and(eq(rulesAcceptances.userId, fresh.id), eq(rulesAcceptances.rulesId, version)));
    expect(row?.at).toBeInstanceOf(Date);
    expect((await me(await t.login(fresh.email, 'Nowe-Haslo-2026'))).rules_to_accept).toBeNull();
  });
});

describe('who accepted which version', () => {
  it('lists the active reps of a version with the moment each accepted, filters and searches them', async () => {
    const version = await publishRules('d');
    const rep = await takeUser({ role: 'seller', activated: true });
    const repToken = await t.login(rep.email);
    expect((await call(repToken, 'POST', '/api/rules/accept', { version })).statusCode).toBe(200);

    const list = async (q: string) => {
      const res = await call(tok.admin, 'GET', `/api/rules/acceptances?version=${version}&per_page=100${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return pagedSchema(rulesAcceptanceRowSchema).parse(res.json());
    };
    const accepted = await list('&status=accepted');
    expect(accepted.data.map((r) => r.id)).toContain(rep.id);
    expect(accepted.data.every((r) => r.accepted_at !== null)).toBe(true);
    const pending = await list('&status=pending');
    expect(pending.data.map((r) => r.id)).not.toContain(rep.id);
    expect(pending.data.every((r) => r.accepted_at === null)).toBe(true);
    const all = await list('');
    expect(all.total).toBe(accepted.total + pending.total);
    const found = await list(`&search=${encodeURIComponent(rep.email.toUpperCase())}`);
    expect(found.data.map((r) => r.id)).toEqual([rep.id]);

    const versions = rulesVersionSchema.array().parse((await call(tok.admin, 'GET', '/api/rules/versions')).json());
    expect(versions[0]).toMatchObject({ version, current: true, accepted: accepted.total, reps: all.total });
  });

  it('exports the list as CSV with a Polish header', async () => {
    const version = await currentVersion();
    const res = await call(tok.admin, 'GET', `/api/rules/acceptances/export.csv?version=${version}&status=all`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`rules-v${version}-acceptances-`));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Wersja regulaminu');
    expect(lines[0]).toContain('Zaakceptowano');
    expect(lines.length).toBeGreaterThan(10);
    expect(res.body).toContain('nie zaakceptowano');
  });

  it('is for root and admin only, and refuses an unknown version', async () => {
    for (const role of ['provider_admin', 'wholesaler', 'seller_reg', 'seller'] as const) {
      expectError(await call(tok[role], 'GET', '/api/rules/versions'), 403);
      expectError(await call(tok[role], 'GET', '/api/rules/acceptances?version=1'), 403);
      expectError(await call(tok[role], 'GET', '/api/rules/acceptances/export.csv?version=1'), 403);
    }
    expect((await call(tok.root, 'GET', '/api/rules/versions')).statusCode).toBe(200);
    expectError(await call(tok.admin, 'GET', '/api/rules/acceptances?version=999999'), 404);
    expectError(await call(tok.admin, 'GET', '/api/rules/acceptances?version=abc'), 422);
    expect(ids.admin).toBeGreaterThan(0);
  });

  it('keeps a record of consent as it was written', async () => {
    const [row] = await t.db.select().from(rulesAcceptances).limit(1);
    await expect(
      t.db
        .update(rulesAcceptances)
        .set({ acceptedAt: new Date(0) })
        .where(
          and(eq(rulesAcceptances.userId, row?.userId as number), eq(rulesAcceptances.rulesId, row?.rulesId as number)),
        ),
    ).rejects.toThrow();
  });
});
