import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { authThrottle, serverSecrets } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { DEVICE_COOKIE, validEntries } from './known-device.ts';
import { pruneThrottle } from './throttle.repo.ts';

/*
 * Sign-in throttling of docs/decisions/014: per account and address with growing delays, a far
 * higher account-wide limit that spares the owner's known addresses, 50 failures per address, a
 * Retry-After on every 429, counted in the database so that every API process shares it.
 */

let t: TestApp;
let take: ReturnType<typeof userPool>;
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  take = userPool(t.db);
});
afterAll(async () => {
  await t?.close();
});

function login(email: string, password: string, ip: string, app = t.app, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
}

/** The `name=value` part of a sign-in's device cookie, as the browser sends it back. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
  return header.split(';')[0] as string;
}

/** Locks `ip` the way one bad client on a shared address does: 50 failures for unknown accounts. */
async function lockAddress(ip: string) {
  for (let i = 0; i < 50; i++) {
    const res = await login(`nobody-${i}-${ip}@example.com`, 'guess', ip);
    expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(401);
  }
  const blocked = await login(`nobody-more-${ip}@example.com`, 'guess', ip);
  expect(blocked.statusCode).toBe(429);
}

async function failTimes(n: number, email: string, ip: string) {
  for (let i = 0; i < n; i++) {
    const res = await login(email, `wrong-${i}`, ip);
    expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(401);
  }
}

/** Lets the current block of every counter of `email` run out, as if its time had passed. */
async function endBlocks(email: string) {
  await t.db
    .update(authThrottle)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(like(authThrottle.key, `%${email}`));
}

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('sign-in throttling per account and address', () => {
  it("does not lock an admin out: failures from one address leave the owner's other addresses alone", async () => {
    const u = { email: 'admin@example.com' };
    const attacker = freshIp();
    await failTimes(5, u.email, attacker);
    // Before the fix, the account itself was locked for 15 minutes, for everyone.
    expect((await login(u.email, DEMO_PASSWORD, attacker)).statusCode).toBe(429);
    const owner = await login(u.email, DEMO_PASSWORD, freshIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('makes each further failure wait twice as long, up to 15 minutes', async () => {
    const u = await take({ role: 'seller', activated: true });
    const ip = freshIp();
    await failTimes(4, u.email, ip);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The failure that reaches the limit (and each one after a block ran out) starts a longer block.
      const fail = await login(u.email, 'still-wrong', ip);
      expect(fail.statusCode, fail.body).toBe(401);
      const blocked = await login(u.email, DEMO_PASSWORD, ip);
      expect(blocked.statusCode).toBe(429);
      waits.push(retryAfter(blocked));
      await endBlocks(u.email);
    }
    const expected = [15, 30, 60, 120, 240, 480, 900, 900];
    waits.forEach((w, i) => {
      expect(w, `block ${i + 1}: ${waits.join(', ')}`).toBeLessThanOrEqual(expected[i] as number);
      expect(w, `block ${i + 1}: ${waits.join(', ')}`).toBeGreaterThan((expected[i] as number) - 5);
    });
    // Once the block runs out, the right password works and the count starts over.
    expect((await login(u.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(4, u.email, ip);
    expect((await login(u.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts a burst of parallel attempts one by one: no more than 5 passwords are checked', async () => {
    const u = await take({ role: 'seller', activated: true });
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(u.email, `parallel-${i}`, ip)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    for (const r of answers.filter((a) => a.statusCode === 429)) expect(retryAfter(r)).toBeGreaterThanOrEqual(1);
  });

  it('does not count successful sign-ins against the address', async () => {
    const ip = freshIp();
    const u = await take({ role: 'seller', activated: true });
    for (let i = 0; i < 60; i++) expect((await login(u.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    await failTimes(5, `nobody-${ip}@example.com`, ip);
    expect((await login(u.email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('the account-wide limit', () => {
  it('holds an account back after 100 failures from anywhere, briefly, except from addresses it signed in from', async () => {
    const u = await take({ role: 'seller_reg', activated: true });
    const home = freshIp();
    expect((await login(u.email, DEMO_PASSWORD, home)).statusCode).toBe(200);
    // 100 addresses, 2 failures each: no address reaches its own limit.
    for (let i = 0; i < 50; i++) await failTimes(2, u.email, freshIp());

    const stranger = await login(u.email, DEMO_PASSWORD, freshIp());
    expect(stranger.statusCode).toBe(429);
    const wait = retryAfter(stranger);
    expect(wait).toBeGreaterThan(4 * 60);
    expect(wait).toBeLessThanOrEqual(5 * 60);
    expect(stranger.json().message).toBe(`Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 5 min.`);
    // The owner, from where it signed in before, is not held back.
    const owner = await login(u.email, DEMO_PASSWORD, home);
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('a browser that signed in before passes a locked address (decision 048)', () => {
  it('sets an HttpOnly, SameSite, long-lived device cookie, only for the sign-in, signed with the key in the database', async () => {
    const u = await take({ role: 'seller', activated: true });
    const res = await login(u.email, DEMO_PASSWORD, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), token_type: 'Bearer' });
    const header = String(res.headers['set-cookie']);
    const attrs = header.split('; ').slice(1);
    expect(attrs).toEqual(['Max-Age=31536000', 'Path=/api/login', 'HttpOnly', 'SameSite=Strict']);
    // Plain http here: no Secure (a browser would drop it); behind https it is added.
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: u.email, password: DEMO_PASSWORD },
      remoteAddress: freshIp(),
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.statusCode).toBe(200);
    const [row] = await t.db.select().from(serverSecrets);
    expect(row?.name).toBe('device');
    // Any process holding the database's key accepts it: the entry verifies with that key alone.
    const entries = validEntries(deviceCookieOf(res), Buffer.from(row?.secret ?? '', 'base64url'));
    expect(entries.map((e) => e.userId)).toEqual([u.id]);
    expect(validEntries(deviceCookieOf(res), Buffer.alloc(32))).toEqual([]);
  });

  it('lets the owner with the right password in from an address one bad client locked; without the cookie it is 429', async () => {
    const u = await take({ role: 'seller', activated: true });
    const cookie = deviceCookieOf(await login(u.email, DEMO_PASSWORD, freshIp()));
    const shared = freshIp();
    await lockAddress(shared);

    const stranger = await login(u.email, DEMO_PASSWORD, shared);
    expect(stranger.statusCode).toBe(429);
    expect(retryAfter(stranger)).toBeGreaterThan(890);
    expect(retryAfter(stranger)).toBeLessThanOrEqual(900);

    const known = await login(u.email, DEMO_PASSWORD, shared, t.app, cookie);
    expect(known.statusCode, known.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${known.json().token}` },
        })
      ).statusCode,
    ).toBe(200);
    // The cookie is renewed; the address stays locked for everyone else.
    expect(deviceCookieOf(known)).toMatch(new RegExp(`^${DEVICE_COOKIE}=${u.id}\\.`));
    expect((await login(`nobody-after-${shared}@example.com`, 'guess', shared)).statusCode).toBe(429);
  });

  it('still counts a wrong password with the cookie, and the account pair still blocks guessing with a stolen cookie', async () => {
    const u = await take({ role: 'seller', activated: true });
    const cookie = deviceCookieOf(await login(u.email, DEMO_PASSWORD, freshIp()));
    const shared = freshIp();
    await lockAddress(shared);

    for (let i = 0; i < 5; i++) {
      const res = await login(u.email, `stolen-cookie-guess-${i}`, shared, t.app, cookie);
      expect(res.statusCode, `guess ${i + 1}: ${res.body}`).toBe(401);
    }
    const [pair] = await t.db
      .select()
      .from(authThrottle)
      .where(like(authThrottle.key, `login:pair:${shared}/${u.email}`));
    expect(pair?.failures).toBe(5);
    const [account] = await t.db
      .select()
      .from(authThrottle)
      .where(like(authThrottle.key, `login:account:${u.email}`));
    expect(account?.failures).toBeGreaterThanOrEqual(5);
    // The fifth failure started the pair's block: even the right password with the cookie waits now.
    const held = await login(u.email, DEMO_PASSWORD, shared, t.app, cookie);
    expect(held.statusCode).toBe(429);
    expect(retryAfter(held)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(held)).toBeLessThanOrEqual(15);
  });

  it("ignores a forged cookie, another account's cookie, and an expired one", async () => {
    const u = await take({ role: 'seller', activated: true });
    const other = await take({ role: 'seller', activated: true });
    const own = deviceCookieOf(await login(u.email, DEMO_PASSWORD, freshIp()));
    const othersCookie = deviceCookieOf(await login(other.email, DEMO_PASSWORD, freshIp()));
    const shared = freshIp();
    await lockAddress(shared);

    const [, entry] = own.split('=') as [string, string];
    const [id, issued, mac] = entry.split('.') as [string, string, string];
    const forged = [
      // The other account's valid cookie, and its entry relabelled as this account's.
      othersCookie,
      `${DEVICE_COOKIE}=${othersCookie.split('=')[1]?.replace(/^\d+/, String(u.id))}`,
      // This account's entry with a changed date or signature, or a made-up one.
      `${DEVICE_COOKIE}=${id}.${Number(issued) + 1}.${mac}`,
      `${DEVICE_COOKIE}=${id}.${issued}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`,
      `${DEVICE_COOKIE}=${id}.${issued}.${'A'.repeat(43)}`,
      `${DEVICE_COOKIE}=${id}`,
      // A cookie of another name carrying the valid value.
      `other=${entry}`,
    ];
    for (const cookie of forged) {
      const res = await login(u.email, DEMO_PASSWORD, shared, t.app, cookie);
      expect(res.statusCode, cookie).toBe(429);
    }
    // Issued over a year ago (its signature made with the real key): expired.
    const [row] = await t.db.select().from(serverSecrets);
    const { createHmac } = await import('node:crypto');
    const old = Math.floor(Date.now() / 1000) - 366 * 24 * 3600;
    const oldMac = createHmac('sha256', Buffer.from(row?.secret ?? '', 'base64url'))
      .update(`device/${u.id}/${old}`)
      .digest('base64url');
    expect(
      (await login(u.email, DEMO_PASSWORD, shared, t.app, `${DEVICE_COOKIE}=${u.id}.${old}.${oldMac}`)).statusCode,
    ).toBe(429);
    // The real one still works, also next to other cookies.
    const ok = await login(u.email, DEMO_PASSWORD, shared, t.app, `theme=dark; ${own}; lang=pl`);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('remembers several accounts on one browser (a shared computer)', async () => {
    const a = await take({ role: 'seller', activated: true });
    const b = await take({ role: 'seller', activated: true });
    const first = deviceCookieOf(await login(a.email, DEMO_PASSWORD, freshIp()));
    const both = deviceCookieOf(await login(b.email, DEMO_PASSWORD, freshIp(), t.app, first));
    const shared = freshIp();
    await lockAddress(shared);
    expect((await login(a.email, DEMO_PASSWORD, shared, t.app, both)).statusCode).toBe(200);
    expect((await login(b.email, DEMO_PASSWORD, shared, t.app, both)).statusCode).toBe(200);
  });
});

describe('throttling state lives in the database', () => {
  it('a second API process on the same database sees the failures of the first', async () => {
    const second = await buildApp({ config: t.config, db: t.db, serveWeb: false });
    await second.ready();
    try {
      const u = await take({ role: 'seller', activated: true });
      const ip = freshIp();
      await failTimes(5, u.email, ip);
      const res = await login(u.email, DEMO_PASSWORD, ip, second);
      expect(res.statusCode).toBe(429);
      expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes counters idle for two days, never one that still blocks', async () => {
    const old = sql`now() - interval '3 days'`;
    await t.db.insert(authThrottle).values([
      { key: 'test:idle', failures: 3, windowStartedAt: old, blockedUntil: null },
      { key: 'test:idle-block-over', failures: 9, windowStartedAt: old, blockedUntil: sql`now() - interval '1 day'` },
      { key: 'test:still-blocking', failures: 9, windowStartedAt: old, blockedUntil: sql`now() + interval '1 minute'` },
      { key: 'test:recent', failures: 1, windowStartedAt: sql`now() - interval '1 hour'`, blockedUntil: null },
    ]);
    await pruneThrottle(t.db);
    const left = await t.db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(inArray(authThrottle.key, ['test:idle', 'test:idle-block-over', 'test:still-blocking', 'test:recent']));
    expect(left.map((r) => r.key).sort()).toEqual(['test:recent', 'test:still-blocking']);
  });
});
