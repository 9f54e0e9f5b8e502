import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { logins, loginWindow, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.ts';
import { advanceLoginWindow, LOGIN_COUNTER_DAYS } from './login-window.ts';

/** users.recent_logins (login_counter_weekly) against a recount of the logins table. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;

/** Users whose stored count differs from the logins from the window's cutoff on. */
async function drift() {
  const res = (await t.db.execute(sql`
    select u.id, u.recent_logins as stored,
      (select count(*)::int from ${logins} l where l.user_id = u.id and l.created_at >= w.cutoff) as counted
    from ${users} u cross join ${loginWindow} w
    where u.recent_logins <> (select count(*) from ${logins} l where l.user_id = u.id and l.created_at >= w.cutoff)`)) as unknown as {
    rows: unknown[];
  };
  return res.rows;
}

const seller = DEMO_ACCOUNTS.find((a) => a.role === 'seller')?.email ?? 'seller@example.com';

async function countOf(email: string): Promise<number> {
  const admin = await t.login('admin@example.com');
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(await t.login(email)) });
  const id = me.json().id as number;
  const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(admin) });
  return res.json().login_counter_weekly as number;
}

describe('login_counter_weekly (users.recent_logins)', () => {
  it('matches a recount of the seeded logins of the last 14 days', async () => {
    expect(await drift()).toEqual([]);
    const [w] = await t.db.select().from(loginWindow);
    const age = Date.now() - (w?.cutoff.getTime() ?? 0);
    // The app moved the window when it started.
    expect(Math.abs(age - LOGIN_COUNTER_DAYS * DAY)).toBeLessThan(5 * 60_000);
  });

  it('counts a sign-in at once', async () => {
    const before = await countOf(seller);
    // countOf signed the seller in once more (and the admin, who is not the seller).
    const after = await countOf(seller);
    expect(after).toBe(before + 1);
    expect(await drift()).toEqual([]);
  });

  it('lets logins age out as the window moves, once each, however many processes move it', async () => {
    const soon = new Date(Date.now() + 3 * DAY);
    const moved = await Promise.all([1, 2, 3, 4].map(() => advanceLoginWindow(t.db, soon)));
    // One call took the aged logins away; the others found the window already there.
    expect(moved.filter((n) => n > 0).length).toBeLessThanOrEqual(1);
    expect(await drift()).toEqual([]);
    expect(await advanceLoginWindow(t.db, soon)).toBe(0);

    // Past the last seeded login every count is back to what was signed in since.
    await advanceLoginWindow(t.db, new Date(Date.now() + (LOGIN_COUNTER_DAYS + 1) * DAY));
    expect(await drift()).toEqual([]);
    const res = (await t.db.execute(
      sql`select coalesce(max(recent_logins), 0)::int as m from ${users}`,
    )) as unknown as {
      rows: { m: number }[];
    };
    expect(res.rows[0]?.m).toBe(0);
  });

  it('never counts a login older than the window (an imported history)', async () => {
    const [u] = await t.db.select({ id: users.id }).from(users).where(sql`${users.role} = 'seller'`).limit(1);
    const id = u?.id as number;
    const [w] = await t.db.select().from(loginWindow);
    const cutoff = w?.cutoff.getTime() ?? Date.now();
    await t.db.insert(logins).values([
      { userId: id, createdAt: new Date(cutoff - 60_000) },
      { userId: id, createdAt: new Date(cutoff + 60_000) },
    ]);
    expect(await drift()).toEqual([]);
  });
});
