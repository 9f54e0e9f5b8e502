import path from 'node:path';
import { ROLES, userSchema } from '@incentive/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool, userRow, writeCounts } from '../../../test/fixtures.ts';
import { linkParams } from '../../../test/mail.ts';
import { bearer, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app.ts';
import { passwordTokens, sessions, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

/** The User fields of SPEC.md section 3, spelled as the spec spells them. */
const SPEC_USER_FIELDS = [
  'id',
  'name',
  'surname',
  'email',
  'role',
  'asseco_id',
  'card',
  'wallet',
  'money_earned',
  'money_withdrawed',
  'withdraw_amount',
  'total_amount',
  'amount_from_quiz',
  'money_to_get',
  'last_login_at',
  'login_counter_weekly',
  'challenges',
  'wholesaler_ids',
  'warehouses',
  // Issue 30: the home's reminder (false for every role but a rep whose tax data is missing).
  'tax_data_missing',
  // Issue 30 point 3: the rules version a rep has still to accept (null for every other role).
  'rules_to_accept',
];

const NEW_PASSWORD = 'Nowe-Haslo-2026';

let t: TestApp;
let take: ReturnType<typeof userPool>;
/** Each test that fails logins uses its own client address, so the per-address limit never spills over. */
let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  take = userPool(t.db);
});
afterAll(async () => {
  await t?.close();
});

function login(body: unknown, opts: { lang?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: body as object,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
}

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
}

async function resend(token: string, email: string, lang?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/resend-set-password',
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
    payload: { email },
  });
}

function setPassword(body: Record<string, unknown>, lang?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/set-password',
    payload: body,
    headers: lang ? { 'accept-language': lang } : {},
  });
}

/** Sends a fresh link to `email` as admin and returns the link's token and e-mail, read from the outbox. */
async function linkFor(email: string) {
  const admin = await t.login('admin@example.com');
  const res = await resend(admin, email);
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.lastMailTo(email);
  expect(mail.link).toBeDefined();
  return linkParams(mail.link as string);
}

describe('POST /api/login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role] as const))(
    'signs in %s (%s) with a Bearer token',
    async (email) => {
      const res = await login({ email, password: DEMO_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['token', 'token_type']);
      expect(body.token_type).toBe('Bearer');
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    },
  );

  it('gives every sign-in a different token and stores only its hash', async () => {
    const a = await t.login('admin@example.com');
    const b = await t.login('admin@example.com');
    expect(a).not.toBe(b);
    const stored = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.tokenHash === a || s.tokenHash === b)).toBe(false);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('accepts the e-mail in any letter case and with surrounding spaces', async () => {
    const res = await login({ email: '  Seller@Example.COM ', password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a wrong password with 401 and the Polish message', async () => {
    const res = await login({ email: 'admin@example.com', password: 'wrong-password' }, { ip: freshIp() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Błędny email lub hasło' });
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const res = await login({ email: 'nobody@example.com', password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Błędny email lub hasło' });
  });

  it('answers in English when the request asks for it', async () => {
    const res = await login(
      { email: 'admin@example.com', password: 'nope' },
      { lang: 'en-GB,en;q=0.9', ip: freshIp() },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Wrong e-mail or password' });
  });

  it('falls back to Polish for languages it does not speak', async () => {
    const res = await login({ email: 'admin@example.com', password: 'nope' }, { lang: 'de-DE', ip: freshIp() });
    expect(res.json()).toEqual({ message: 'Błędny email lub hasło' });
  });

  it('refuses an account that never set a password', async () => {
    const inactive = await take({ role: 'seller', activated: false });
    const res = await login({ email: inactive.email, password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Błędny email lub hasło');
  });

  it('refuses a deleted (deactivated) account and ends its sessions', async () => {
    const victim = await take({ role: 'seller', activated: true });
    const email = victim.email;
    const token = await t.login(email);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
    expect((await me(token)).statusCode).toBe(401);
    const res = await login({ email, password: DEMO_PASSWORD }, { ip: freshIp() });
    expect(res.statusCode).toBe(401);
  });

  it('records each sign-in: last_login_at and login_counter_weekly', async () => {
    const before = await userRow(t.db, 'seller@example.com');
    const first = await t.login('seller@example.com');
    const a = (await me(first)).json();
    expect(a.last_login_at).not.toBeNull();
    expect(Date.parse(a.last_login_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(a.last_login_at)).toBeGreaterThanOrEqual(before.lastLoginAt?.getTime() ?? 0);
    const second = await t.login('seller@example.com');
    const b = (await me(second)).json();
    expect(b.login_counter_weekly).toBe(a.login_counter_weekly + 1);
    expect(Date.parse(b.last_login_at)).toBeGreaterThanOrEqual(Date.parse(a.last_login_at));
    // Reading /api/me is not a sign-in.
    expect((await me(second)).json().login_counter_weekly).toBe(b.login_counter_weekly);
  });

  it('does not record failed sign-ins as logins', async () => {
    const before = await writeCounts(t.db);
    await login({ email: 'provider@example.com', password: 'bad-password' }, { ip: freshIp() });
    const after = await writeCounts(t.db);
    expect(after.logins).toBe(before.logins);
    expect(after.sessions).toBe(before.sessions);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After to one address after 5 failures for one account, even with the right password, in any letter case', async () => {
    const u = await take({ role: 'seller', activated: true });
    const email = u.email;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await login({ email: i % 2 ? email.toUpperCase() : email, password: `bad-${i}` }, { ip });
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    const blocked = await login({ email, password: DEMO_PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(15);
    expect(blocked.json()).toEqual({
      message: `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${wait} s.`,
    });
    const en = await login({ email, password: DEMO_PASSWORD }, { ip, lang: 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ s\.$/);
    // Other accounts from the same address are not affected.
    expect((await login({ email: 'admin@example.com', password: DEMO_PASSWORD }, { ip })).statusCode).toBe(200);
  });

  it('throttles unknown e-mails the same way, so blocking does not reveal which accounts exist', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: 'ghost@example.com', password: 'x' }, { ip })).statusCode).toBe(401);
    }
    const blocked = await login({ email: 'ghost@example.com', password: 'x' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const u = await take({ role: 'seller', activated: true });
    const email = u.email;
    for (let i = 0; i < 4; i++)
      expect((await login({ email, password: 'bad' }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await login({ email, password: DEMO_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login({ email, password: 'bad' }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await login({ email, password: DEMO_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('answers 429 to an address after 50 failures across e-mails', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 50; i++) {
      const res = await login({ email: `spray-${i}@example.com`, password: 'x' }, { ip });
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    const blocked = await login({ email: 'admin@example.com', password: DEMO_PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address still signs in.
    expect((await login({ email: 'admin@example.com', password: DEMO_PASSWORD }, { ip: freshIp() })).statusCode).toBe(
      200,
    );
  });

  it('ignores X-Forwarded-For by default, so a client cannot dodge the address limit', async () => {
    const blocked = '192.0.2.77'; // blocked by the previous test
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': freshIp() },
      remoteAddress: blocked,
    });
    expect(res.statusCode).toBe(429);
  });

  it('takes the client address from X-Forwarded-For only from a proxy TRUST_PROXY lists', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const ip = '198.51.100.9';
      const attempt = (email: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password },
          headers: { 'x-forwarded-for': ip },
          remoteAddress: '127.0.0.1',
        });
      for (let i = 0; i < 50; i++) expect((await attempt(`proxy-spray-${i}@example.com`, 'x')).statusCode).toBe(401);
      expect((await attempt('admin@example.com', DEMO_PASSWORD)).statusCode).toBe(429);
      // From an address that is not the listed proxy, the header is the client's word: not believed.
      const direct = await proxied.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': ip },
        remoteAddress: '203.0.113.7',
      });
      expect(direct.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/me', () => {
  const expected = {
    root: { wholesaler: 0, warehouses: 0 },
    admin: { wholesaler: 0, warehouses: 0 },
    provider_admin: { wholesaler: 0, warehouses: 0 },
    wholesaler: { wholesaler: 1, warehouses: 1 },
    seller_reg: { wholesaler: 0, warehouses: 2 },
    seller: { wholesaler: 0, warehouses: 1 },
  } as const;

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role] as const))(
    'returns every User field for %s (%s)',
    async (email, role) => {
      const res = await me(await t.login(email));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual([...SPEC_USER_FIELDS].sort());
      expect(() => userSchema.strict().parse(body)).not.toThrow();
      expect(ROLES).toContain(body.role);
      expect(body.role).toBe(role);
      expect(body.email).toBe(email);
      const account = DEMO_ACCOUNTS.find((a) => a.email === email);
      expect(body.name).toBe(account?.name);
      expect(body.surname).toBe(account?.surname);
      expect(body.asseco_id).toBe(account?.assecoId ?? null);
      // Money fields are PLN strings with two decimals (their values belong to the wallet feature).
      for (const k of [
        'money_earned',
        'money_withdrawed',
        'withdraw_amount',
        'total_amount',
        'amount_from_quiz',
        'money_to_get',
      ]) {
        expect(body[k], k).toMatch(/^-?\d+\.\d{2}$/);
      }
      expect(body.wallet).toMatchObject({ money: expect.stringMatching(/^-?\d+\.\d{2}$/) });
      expect(body.wallet).toMatchObject({ in_withdrawal: expect.stringMatching(/^-?\d+\.\d{2}$/) });
      expect(Array.isArray(body.challenges)).toBe(true);
      expect(body.card === null || typeof body.card.number === 'string').toBe(true);
      expect(typeof body.login_counter_weekly).toBe('number');
      expect(body.login_counter_weekly).toBeGreaterThanOrEqual(1);

      const want = expected[role];
      expect(body.wholesaler_ids).toHaveLength(want.wholesaler);
      if (want.warehouses > 1) expect(body.warehouses.length).toBeGreaterThanOrEqual(want.warehouses);
      else expect(body.warehouses).toHaveLength(want.warehouses);
      for (const w of body.warehouses) {
        expect(w).toEqual({ id: expect.any(Number), name: expect.any(String) });
      }
      if (role === 'wholesaler') expect(body.wholesaler_ids).toEqual(body.warehouses.map((w: { id: number }) => w.id));
    },
  );

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer short',
      `Bearer ${'x'.repeat(43)}`,
      `Bearer ${'a'.repeat(5000)}`,
      'bearer-token-without-scheme',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization).slice(0, 40)).toBe(401);
      expect(res.json()).toEqual({ message: 'Sesja wygasła lub jest nieprawidłowa. Zaloguj się ponownie.' });
    }
  });

  it('answers 401 in English when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired or is invalid. Please sign in again.');
  });

  it('answers 401 for an expired session', async () => {
    const token = await t.login('provider@example.com');
    const id = (await me(token)).json().id as number;
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, id));
    // Written behind the API's back (as another process would): seen once the session cache's
    // few seconds are over, which clearing it stands in for.
    t.app.sessionCache.clear();
    expect((await me(token)).statusCode).toBe(401);
  });

  it('sees a session revoked by another process once the session cache lapses', async () => {
    const short = await createTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
    try {
      const token = await short.login('provider@example.com');
      const get = () => short.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      const id = (await get()).json().id as number;
      await short.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, id));
      await new Promise((r) => setTimeout(r, 1100));
      expect((await get()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('ends a session at once when this process logs it out, even right after it was cached', async () => {
    const token = await t.login('provider@example.com');
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const token = await t.login('rks@example.com');
    const other = await t.login('rks@example.com');
    expect((await me(token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Wylogowano' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    // A revoked token cannot log out again.
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sesja wygasła lub jest nieprawidłowa. Zaloguj się ponownie.');
  });
});

describe('set-password link (resend + set-password)', () => {
  it('e-mails a link that sets the password and activates a new account', async () => {
    const u = await take({ role: 'seller', activated: false });
    const email = u.email;
    expect((await userRow(t.db, email)).activatedAt).toBeNull();

    const admin = await t.login('admin@example.com');
    const res = await resend(admin, email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Link aktywacyjny został wysłany' });

    const mail = await t.lastMailTo(email);
    expect(mail.to).toContain(email);
    expect(mail.subject).toBe('Ustaw hasło do Programu motywacyjnego');
    expect(mail.text).toContain(`Dzień dobry ${u.name}`);
    expect(mail.link?.startsWith(`${TEST_PUBLIC_URL}/register?`)).toBe(true);
    const link = linkParams(mail.link as string);
    expect(link.email).toBe(email);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Only the hash of the token is stored.
    const rows = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, u.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(link.token);

    const set = await setPassword({
      ...link,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: 'Konto zaktualizowane pomyślnie, możesz teraz zalogować się' });

    const row = await userRow(t.db, email);
    expect(row.activatedAt).not.toBeNull();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(NEW_PASSWORD);
    const token = await t.login(email, NEW_PASSWORD);
    expect((await me(token)).json().email).toBe(email);
  });

  it('revokes every session of the account and replaces the old password', async () => {
    const u = await take({ role: 'seller', activated: true });
    const email = u.email;
    const session1 = await t.login(email);
    const session2 = await t.login(email);
    const activatedBefore = (await userRow(t.db, email)).activatedAt;
    const link = await linkFor(email);
    const set = await setPassword({
      ...link,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(session1)).statusCode).toBe(401);
    expect((await me(session2)).statusCode).toBe(401);
    expect((await login({ email, password: DEMO_PASSWORD }, { ip: freshIp() })).statusCode).toBe(401);
    expect((await login({ email, password: NEW_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
    // An account activated earlier keeps its first activation date.
    expect((await userRow(t.db, email)).activatedAt).toEqual(activatedBefore);
  });

  it('works once: a second use of the same link gets 422', async () => {
    const u = await take({ role: 'seller', activated: false });
    const email = u.email;
    const link = await linkFor(email);
    const body = { ...link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, rules: true };
    expect((await setPassword(body)).statusCode).toBe(200);
    const again = await setPassword({ ...body, password: 'Inne-Haslo-9', password_confirmation: 'Inne-Haslo-9' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Nie można ustawić hasła. Link jest nieprawidłowy, został już użyty lub wygasł.');
    // The first password still stands.
    expect((await login({ email, password: NEW_PASSWORD }, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('refuses an expired link with 422', async () => {
    const u = await take({ role: 'seller', activated: false });
    const email = u.email;
    const link = await linkFor(email);
    await t.db
      .update(passwordTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.userId, u.id));
    const res = await setPassword({
      ...link,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Nie można ustawić hasła. Link jest nieprawidłowy, został już użyty lub wygasł.');
    expect((await userRow(t.db, email)).passwordHash).toBeNull();
    const en = await setPassword(
      { ...link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, rules: true },
      'en',
    );
    expect(en.json().message).toBe('The password could not be set. The link is invalid, already used or expired.');
  });

  it('refuses a link used with another account’s e-mail, and leaves both accounts untouched', async () => {
    const a = await take({ role: 'seller', activated: false });
    const b = await take({ role: 'seller', activated: false });
    const link = await linkFor(a.email);
    const res = await setPassword({
      token: link.token,
      email: b.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    });
    expect(res.statusCode).toBe(422);
    expect((await userRow(t.db, b.email)).passwordHash).toBeNull();
    expect((await userRow(t.db, a.email)).passwordHash).toBeNull();
    // The link is still good for its own account.
    const ok = await setPassword({ ...link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, rules: true });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a made-up token with 422', async () => {
    const res = await setPassword({
      token: 'x'.repeat(43),
      email: 'seller@example.com',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Nie można ustawić hasła. Link jest nieprawidłowy, został już użyty lub wygasł.');
  });

  it('keeps only the newest link working', async () => {
    const u = await take({ role: 'seller', activated: false });
    const email = u.email;
    const first = await linkFor(email);
    const second = await linkFor(email);
    expect(second.token).not.toBe(first.token);
    const body = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, rules: true };
    expect((await setPassword({ ...first, ...body })).statusCode).toBe(422);
    expect((await setPassword({ ...second, ...body })).statusCode).toBe(200);
  });

  describe('field messages of SPEC.md section 5', () => {
    const valid = {
      token: 'x'.repeat(43),
      email: 'seller@example.com',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      rules: true,
    };
    const cases: [string, Record<string, unknown>, string, string, string][] = [
      ['password missing', { password: undefined }, 'password', 'Pole hasło jest wymagane', 'Password is required'],
      ['password empty', { password: '' }, 'password', 'Pole hasło jest wymagane', 'Password is required'],
      [
        'repeat password missing',
        { password_confirmation: undefined },
        'password_confirmation',
        'Pole powtórz hasło jest wymagane',
        'Repeat password is required',
      ],
      [
        'repeat password empty',
        { password_confirmation: '' },
        'password_confirmation',
        'Pole powtórz hasło jest wymagane',
        'Repeat password is required',
      ],
      [
        'passwords differ',
        { password_confirmation: `${NEW_PASSWORD}x` },
        'password_confirmation',
        'Hasła różnią się od siebie',
        'Passwords do not match',
      ],
      ['rules false', { rules: false }, 'rules', 'Zaznacz wszystkie potrzebne zgody', 'Tick all the required consents'],
      [
        'rules missing',
        { rules: undefined },
        'rules',
        'Zaznacz wszystkie potrzebne zgody',
        'Tick all the required consents',
      ],
      [
        'rules as a string',
        { rules: 'true' },
        'rules',
        'Zaznacz wszystkie potrzebne zgody',
        'Tick all the required consents',
      ],
      [
        'password too short',
        { password: 'short', password_confirmation: 'short' },
        'password',
        'Hasło musi mieć co najmniej 8 znaków',
        'The password must have at least 8 characters',
      ],
      ['e-mail missing', { email: undefined }, 'email', 'Pole e-mail jest wymagane', 'E-mail is required'],
      [
        'e-mail invalid',
        { email: 'not-an-email' },
        'email',
        'Podaj poprawny adres e-mail, np. jan.kowalski@example.com',
        'Enter a valid e-mail address, e.g. john.smith@example.com',
      ],
    ];

    it.each(cases)('%s -> 422 with the field message', async (_name, change, field, pl, en) => {
      const before = await writeCounts(t.db);
      const body = { ...valid, ...change };
      const res = await setPassword(body);
      expect(res.statusCode, res.body).toBe(422);
      const json = res.json();
      expect(json.errors[field][0]).toBe(pl);
      // An empty password also differs from the repeated one, which is reported too.
      const alsoDiffer = change.password === '' ? ['password_confirmation'] : [];
      expect(Object.keys(json.errors).sort()).toEqual([field, ...alsoDiffer].sort());
      expect(json.message).toBe(pl);
      const resEn = await setPassword(body, 'en');
      expect(resEn.statusCode).toBe(422);
      expect(resEn.json().errors[field][0]).toBe(en);
      expect(resEn.json().message).toBe(en);
      expect(await writeCounts(t.db)).toEqual(before);
    });

    it('reports every wrong field at once', async () => {
      const res = await setPassword({ token: 'x'.repeat(43), email: 'seller@example.com' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        password: ['Pole hasło jest wymagane'],
        password_confirmation: ['Pole powtórz hasło jest wymagane'],
        rules: ['Zaznacz wszystkie potrzebne zgody'],
      });
    });
  });
});

describe('POST /api/resend-set-password scope', () => {
  let wholesalerWarehouses: number[];
  let rksWarehouses: number[];
  beforeAll(async () => {
    wholesalerWarehouses = (await me(await t.login('wholesaler@example.com'))).json().wholesaler_ids;
    rksWarehouses = (await me(await t.login('rks@example.com'))).json().warehouses.map((w: { id: number }) => w.id);
    expect(wholesalerWarehouses.length).toBeGreaterThan(0);
  });

  async function expectNotFound(actor: string, target: string) {
    const before = await writeCounts(t.db);
    const mails = (await t.outbox()).length;
    const res = await resend(await t.login(actor), target);
    expect(res.statusCode, `${actor} -> ${target}: ${res.body}`).toBe(404);
    expect(res.json()).toEqual({ message: 'Nie znaleziono użytkownika' });
    const after = await writeCounts(t.db);
    expect(after.passwordTokens).toBe(before.passwordTokens);
    expect(after.activePasswordTokens).toBe(before.activePasswordTokens);
    expect((await t.outbox()).length).toBe(mails);
  }

  it('refuses a seller with 403', async () => {
    const res = await resend(await t.login('seller@example.com'), 'seller@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Nie posiadasz uprawnień, akcja nieautoryzowana' });
  });

  it('lets a wholesaler reach a seller of its warehouse who has not set a password yet', async () => {
    const u = await take({ role: 'seller', activated: false, inWarehouses: wholesalerWarehouses });
    const res = await resend(await t.login('wholesaler@example.com'), u.email);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.lastMailTo(u.email)).link).toBeDefined();
  });

  it('answers 404 to a wholesaler for a seller outside its warehouse, and sends nothing', async () => {
    const u = await take({ role: 'seller', outsideWarehouses: wholesalerWarehouses });
    await expectNotFound('wholesaler@example.com', u.email);
  });

  it('answers 404 to a wholesaler for back-office accounts', async () => {
    await expectNotFound('wholesaler@example.com', 'admin@example.com');
    await expectNotFound('wholesaler@example.com', 'rks@example.com');
  });

  it('lets a regional manager reach sellers of its warehouses only', async () => {
    const inside = await take({ role: 'seller', activated: false, inWarehouses: rksWarehouses });
    const outside = await take({ role: 'seller', outsideWarehouses: rksWarehouses });
    expect((await resend(await t.login('rks@example.com'), inside.email)).statusCode).toBe(200);
    await expectNotFound('rks@example.com', outside.email);
  });

  it('lets a provider admin reach warehouse admins, but neither reps (SPEC.md section 6, issue 27) nor admins', async () => {
    const u = await take({ role: 'wholesaler', activated: false });
    expect((await resend(await t.login('provider@example.com'), u.email)).statusCode).toBe(200);
    const rep = await take({ role: 'seller', activated: false });
    const rks = await take({ role: 'seller_reg', activated: false });
    await expectNotFound('provider@example.com', rep.email);
    await expectNotFound('provider@example.com', rks.email);
    await expectNotFound('provider@example.com', 'admin@example.com');
  });

  it('lets an admin reach anyone but root, and root reach everyone', async () => {
    await expectNotFound('admin@example.com', 'root@example.com');
    expect((await resend(await t.login('root@example.com'), 'admin@example.com')).statusCode).toBe(200);
  });

  it.each([
    ['wholesaler@example.com', () => take({ role: 'seller', activated: true, inWarehouses: wholesalerWarehouses })],
    ['rks@example.com', () => take({ role: 'seller', activated: true, inWarehouses: rksWarehouses })],
    ['provider@example.com', () => take({ role: 'wholesaler', activated: true })],
  ])(
    'refuses %s a link to an account in scope that is already active, with 403 and nothing sent',
    async (actor, target) => {
      const u = await target();
      const before = await writeCounts(t.db);
      const mails = (await t.outbox()).length;
      const res = await resend(await t.login(actor), u.email);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message:
          'To konto jest już aktywne: nowy link do ustawienia hasła wysyła tylko administrator albo sam użytkownik (Nie pamiętasz hasła? na stronie logowania).',
      });
      const en = await resend(await t.login(actor), u.email, 'en');
      expect(en.json().message).toMatch(/^This account is already active/);
      const after = await writeCounts(t.db);
      expect(after.passwordTokens).toBe(before.passwordTokens);
      expect((await t.outbox()).length).toBe(mails);
    },
  );

  it('lets root and admin send a link to an active account', async () => {
    const u = await take({ role: 'seller', activated: true });
    expect((await resend(await t.login('admin@example.com'), u.email)).statusCode).toBe(200);
    const link = linkParams((await t.lastMailTo(u.email)).link as string);
    expect(link.email).toBe(u.email);
    const v = await take({ role: 'seller_reg', activated: true });
    expect((await resend(await t.login('root@example.com'), v.email)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown e-mail, in English when asked', async () => {
    await expectNotFound('admin@example.com', 'nobody@example.com');
    const res = await resend(await t.login('admin@example.com'), 'nobody@example.com', 'en');
    expect(res.json()).toEqual({ message: 'User not found' });
  });

  it("sends the link to the account's stored e-mail whatever the letter case asked", async () => {
    const u = await take({ role: 'seller', activated: false });
    const email = u.email;
    const res = await resend(await t.login('admin@example.com'), email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.lastMailTo(email);
    expect(mail.to).toContain(email);
    expect(linkParams(mail.link as string).email).toBe(email);
  });

  it('writes each message as an .eml file under DATA_DIR/outbox when SMTP is not configured', async () => {
    expect(t.app.mailer.target).toBe(path.join(t.dataDir, 'outbox'));
    const u = await take({ role: 'seller', activated: false });
    const before = (await t.outbox()).length;
    expect((await resend(await t.login('admin@example.com'), u.email)).statusCode).toBe(200);
    const mails = await t.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = await t.lastMailTo(u.email);
    expect(mail.file).toMatch(/\.eml$/);
    expect(mail.headers['content-type']).toMatch(/text\/plain/);
    expect(mail.link).toContain(`email=${encodeURIComponent(u.email)}`);
  });

  it('writes the e-mail in English when the request is in English', async () => {
    const u = await take({ role: 'seller', inWarehouses: rksWarehouses });
    const res = await resend(await t.login('admin@example.com'), u.email, 'en');
    expect(res.json()).toEqual({ message: 'The activation link has been sent' });
    const mail = await t.lastMailTo(u.email);
    expect(mail.subject).toBe('Set your password for the incentive programme');
  });
});
