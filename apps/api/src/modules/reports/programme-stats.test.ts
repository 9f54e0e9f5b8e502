import { programmeStatsSchema, warsawDay } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, demoTokens } from '../../../test/back-office.ts';
import { userPool } from '../../../test/fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';

/*
 * Issue 31 point 3 (decision 066): how the programme is doing. The figures agree with the tables
 * they are read from, follow what happens (a sign-in, a credit), keep a scoped role to its
 * warehouses, refuse bad periods, and export as CSV.
 */

let t: TestApp;
let tok: Awaited<ReturnType<typeof demoTokens>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
const today = warsawDay();
const year = `${today.slice(0, 4)}-01-01`;

const stats = async (token: string, query = `from=${year}&to=${today}`) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/stats/programme?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return programmeStatsSchema.parse(res.json());
};
const cents = (pln: string) => Math.round(Number(pln) * 100);

beforeAll(async () => {
  t = await createTestApp();
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
});
afterAll(async () => t?.close());

describe('GET /api/stats/programme', () => {
  it('agrees with the tables: active reps, quiz attempts, money by kind, what is owed', async () => {
    const s = await stats(tok.admin);
    const [direct] = await queryRows<{ active: number; attempts: number; owed: number }>(
      t.db,
      sql`select
            (select count(*)::int from users where role = 'seller' and deleted_at is null and activated_at is not null) as active,
            (select count(*)::int from quiz_attempts where created_at >= (${year}::date)::timestamp at time zone 'Europe/Warsaw'
               and created_at < (${today}::date + 1)::timestamp at time zone 'Europe/Warsaw') as attempts,
            (select coalesce(sum(available + in_withdrawal), 0)::bigint from wallets) as owed`,
    );
    expect(s.reps.active).toBe(direct?.active);
    expect(s.quizzes.reduce((n, b) => n + b.attempts, 0)).toBe(direct?.attempts);
    expect(cents(s.liability.total)).toBe(Number(direct?.owed));
    expect(s.money.length).toBeGreaterThan(0);
    expect(s.money.every((m) => /^\d{4}-\d{2}-01$/.test(m.bucket))).toBe(true);
    const buckets = s.signins.map((b) => b.bucket);
    expect(buckets).toEqual([...buckets].sort());
  });

  it('follows a sign-in and a credit into today’s bucket', async () => {
    const day = `from=${today}&to=${today}&bucket=day`;
    const before = await stats(tok.admin, day);
    const rep = await userPool(t.db)({ role: 'seller', activated: true });
    await t.login(rep.email);
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: bearer(tok.admin),
      payload: { user_id: rep.id, amount: '12.34', reason: 'Premia testowa' },
    });
    expect(credit.statusCode).toBe(200);
    const after = await stats(tok.admin, day);
    expect((after.signins[0]?.signins ?? 0) - (before.signins[0]?.signins ?? 0)).toBe(1);
    expect(cents(after.money[0]?.corrections ?? '0') - cents(before.money[0]?.corrections ?? '0')).toBe(1234);
    expect(cents(after.liability.total) - cents(before.liability.total)).toBe(1234);
    await expectBooksBalance(t, tok.admin);
  });

  it('shows every bucket of the period, a quiet one as zeros', async () => {
    // Ten days of January three years ago, before the programme: ten zero days, not an empty chart.
    const month = `${Number(today.slice(0, 4)) - 3}-01`;
    const s = await stats(tok.admin, `from=${month}-01&to=${month}-10&bucket=day`);
    expect(s.signins.map((b) => b.bucket)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
    );
    expect(s.signins.every((b) => b.signins === 0 && b.reps === 0)).toBe(true);
    expect(s.quizzes.every((b) => b.attempts === 0)).toBe(true);
    expect(s.money.every((b) => b.quiz === '0.00' && b.withdrawn === '0.00')).toBe(true);
  });

  it('keeps the figures of the months that are over and answers them from there the next time (decision 068)', async () => {
    // Last year: every month is over. The demo's history reaches back into it.
    const last = String(Number(today.slice(0, 4)) - 1);
    const query = `from=${last}-01-01&to=${last}-12-31`;
    await t.db.execute(sql`delete from programme_buckets`);
    const first = await stats(tok.admin, query);
    const kept = await queryRows<{ starts: string; attempts: number }>(
      t.db,
      sql`select to_char(starts, 'YYYY-MM-DD') as starts, attempts from programme_buckets where bucket = 'month' order by starts`,
    );
    expect(kept.map((k) => k.starts)).toEqual(first.quizzes.map((q) => q.bucket));
    expect(kept.map((k) => k.attempts)).toEqual(first.quizzes.map((q) => q.attempts));
    const [direct] = await queryRows<{ attempts: number }>(
      t.db,
      sql`select count(*)::int as attempts from quiz_attempts
          where created_at >= (${`${last}-01-01`}::date)::timestamp at time zone 'Europe/Warsaw'
            and created_at < (${`${Number(last) + 1}-01-01`}::date)::timestamp at time zone 'Europe/Warsaw'`,
    );
    expect(first.quizzes.reduce((n, q) => n + q.attempts, 0)).toBe(direct?.attempts);
    // The same answer from the kept figures…
    expect(await stats(tok.admin, query)).toEqual(first);
    // …which are what is read: a kept month changed by hand shows (and is put back).
    await t.db.execute(
      sql`update programme_buckets set signins = signins + 1000 where bucket = 'month' and starts = ${`${last}-03-01`}`,
    );
    const changed = await stats(tok.admin, query);
    expect(changed.signins[2]?.signins).toBe((first.signins[2]?.signins ?? 0) + 1000);
    await t.db.execute(
      sql`update programme_buckets set signins = signins - 1000 where bucket = 'month' and starts = ${`${last}-03-01`}`,
    );
    // This month is not over: never kept. A scoped caller reads its own reps from the tables.
    await stats(tok.admin);
    const [thisMonth] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from programme_buckets where starts >= date_trunc('month', ${today}::date)`,
    );
    expect(thisMonth?.n).toBe(0);
    const scoped = await stats(tok.wholesaler, query);
    expect(scoped.signins.length).toBe(12);
  });

  it('keeps a wholesaler to the reps and sales of its warehouses; a rep sees nothing', async () => {
    const s = await stats(tok.wholesaler);
    const [own] = await queryRows<{ n: number; warehouses: number[] }>(
      t.db,
      sql`select count(distinct u.id)::int as n,
                 (select array_agg(warehouse_id) from user_warehouses where user_id = ${ids.wholesaler}) as warehouses
          from users u join user_warehouses uw on uw.user_id = u.id
          where u.role = 'seller' and u.deleted_at is null and u.activated_at is not null
            and uw.warehouse_id in (select warehouse_id from user_warehouses where user_id = ${ids.wholesaler})`,
    );
    expect(s.reps.active).toBe(own?.n);
    expect(s.warehouses.every((w) => own?.warehouses.includes(w.id))).toBe(true);
    const all = await stats(tok.admin);
    expect(s.reps.active).toBeLessThan(all.reps.active);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/stats/programme?from=${year}&to=${today}`,
          headers: bearer(tok.seller),
        })
      ).statusCode,
    ).toBe(403);
    expect((await stats(tok.provider_admin)).reps.active).toBe(all.reps.active);
  });

  it.each([
    ['from=2026-05-02&to=2026-05-01', 'to'],
    ['from=2024-01-01&to=2026-12-31', 'to'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2099-01-01', 'to'],
    ['from=2026-01-01&to=2026-03-01&bucket=year', 'bucket'],
  ])('refuses %s with a 422 naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/programme?${query}`, headers: bearer(tok.admin) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors)).toContain(field);
  });

  it('exports each figure as CSV', async () => {
    const s = await stats(tok.admin);
    for (const figure of ['signins', 'quizzes', 'money', 'warehouses', 'regions'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/stats/programme/export?figure=${figure}&from=${year}&to=${today}`,
        headers: bearer(tok.admin),
      });
      expect(res.statusCode, figure).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines.length - 1, figure).toBe(
        figure === 'signins'
          ? s.signins.length
          : figure === 'quizzes'
            ? s.quizzes.length
            : figure === 'money'
              ? s.money.length
              : figure === 'warehouses'
                ? s.warehouses.length
                : s.regions.length,
      );
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/stats/programme/export?figure=x&from=${year}&to=${today}`,
      headers: bearer(tok.admin),
    });
    expect(bad.statusCode).toBe(422);
  });
});
