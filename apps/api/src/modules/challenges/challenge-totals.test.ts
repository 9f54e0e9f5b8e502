import { readFileSync } from 'node:fs';
import path from 'node:path';
import { salesImportSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { makeChallenge, repPool, salesCsv, type TestRep, tag } from '../../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { migrationsFolder } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/*
 * challenge_totals (decision 032) is the sum of challenge_earnings per challenge, kept by triggers:
 * after every kind of write, through the real import and revert and in plain SQL, it equals the
 * sums computed afresh; the migration's backfill computes the same from existing earnings.
 */

let t: TestApp;
let admin: string;
let takeRep: () => Promise<TestRep>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
});
afterAll(async () => t?.close());

/** Challenges whose kept totals differ from the sums of their earnings (a missing row counts as zeros). */
const MISMATCHES = sql`select coalesce(s.challenge_id, k.challenge_id) as challenge_id,
    k.reps_count, k.units::int as units, k.amount::int as amount, s.reps, s.units::int as sum_units, s.amount::int as sum_amount
  from (select challenge_id, count(*) filter (where amount > 0)::int as reps, sum(units) as units, sum(amount) as amount
    from challenge_earnings group by challenge_id) s
  full join challenge_totals k on k.challenge_id = s.challenge_id
  where (coalesce(k.reps_count, 0), coalesce(k.units, 0), coalesce(k.amount, 0))
    is distinct from (coalesce(s.reps, 0), coalesce(s.units, 0), coalesce(s.amount, 0))`;

const mismatches = () => queryRows<Record<string, unknown>>(t.db, MISMATCHES);

async function totalsOf(challengeId: number) {
  const [row] = await queryRows<{ reps_count: number; units: number; amount: number }>(
    t.db,
    sql`select reps_count, units::int as units, amount::int as amount from challenge_totals where challenge_id = ${challengeId}`,
  );
  return row ?? null;
}

async function importCsv(csv: string) {
  const form = multipart([
    { name: 'file', filename: 'sprzedaz.csv', contentType: 'text/csv', bytes: Buffer.from(csv) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sales-imports',
    headers: { ...form.headers, ...bearer(admin) },
    payload: form.payload,
  });
  // The upload answers 202 (queued); the import's job checks and pays it (decision 050).
  expect(res.statusCode, res.body).toBe(202);
  const { id } = salesImportSchema.parse(res.json());
  await t.app.jobs.idle();
  const got = await t.app.inject({ method: 'GET', url: `/api/sales-imports/${id}`, headers: bearer(admin) });
  return salesImportSchema.parse(got.json());
}

describe('challenge_totals', () => {
  it('equals the sums of the earnings of the seeded challenges', async () => {
    const [kept] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from challenge_totals`);
    expect(kept?.n).toBeGreaterThan(0);
    expect(await mismatches()).toEqual([]);
  });

  it('follows an import and its revert', async () => {
    const ch = await makeChallenge(t.db, { startOn: '2026-01-01', endOn: '2026-01-31', rewards: [150, 200] });
    const [a, b] = [await takeRep(), await takeRep()];
    const [p1, p2] = [ch.products[0]?.code ?? '', ch.products[1]?.code ?? ''];
    expect(await totalsOf(ch.id)).toBeNull();
    const first = await importCsv(
      salesCsv([
        [`FV/${tag()}`, 1, '2026-01-10', a.warehouse, a.asseco, p1, 2],
        [`FV/${tag()}`, 1, '2026-01-11', b.warehouse, b.asseco, p2, 3],
      ]),
    );
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 2, units: 5, amount: 2 * 150 + 3 * 200 });
    // The same rep again: its earnings row grows (an upsert), the reps stay 2.
    const second = await importCsv(salesCsv([[`FV/${tag()}`, 1, '2026-01-12', a.warehouse, a.asseco, p1, 4]]));
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 2, units: 9, amount: 6 * 150 + 3 * 200 });
    expect(await mismatches()).toEqual([]);

    for (const imp of [second, first]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/sales-imports/${imp.id}/revert`,
        headers: bearer(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 0, units: 0, amount: 0 });
    expect(await mismatches()).toEqual([]);
  });

  it('follows inserts, updates, deletes and a truncate written in SQL', async () => {
    const ch = await makeChallenge(t.db, { startOn: '2026-02-01', endOn: '2026-02-28', rewards: [100] });
    const reps = [await takeRep(), await takeRep(), await takeRep()].map((r) => r.id);
    await t.db.execute(sql`insert into challenge_earnings (challenge_id, user_id, units, amount)
      select ${ch.id}, u, 1, 100 from unnest(${sql.param(reps)}::int[]) u`);
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 3, units: 3, amount: 300 });
    await t.db.execute(sql`insert into challenge_earnings (challenge_id, user_id, units, amount)
      select ${ch.id}, u, 2, 50 from unnest(${sql.param(reps.slice(0, 2))}::int[]) u
      on conflict (challenge_id, user_id) do update set units = challenge_earnings.units + excluded.units,
        amount = challenge_earnings.amount + excluded.amount`);
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 3, units: 7, amount: 400 });
    await t.db.execute(
      sql`update challenge_earnings set amount = 0 where challenge_id = ${ch.id} and user_id = ${reps[0]}`,
    );
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 2, units: 7, amount: 250 });
    await t.db.execute(sql`delete from challenge_earnings where challenge_id = ${ch.id} and user_id = ${reps[1]}`);
    expect(await totalsOf(ch.id)).toEqual({ reps_count: 1, units: 4, amount: 100 });
    expect(await mismatches()).toEqual([]);

    // A truncate empties the totals with the earnings (rolled back here).
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`truncate challenge_earnings`);
        expect(await queryRows(tx, sql`select * from challenge_totals`)).toEqual([]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await mismatches()).toEqual([]);
  });

  it("the migration's backfill computes the same totals from the earnings", async () => {
    const migration = readFileSync(path.join(migrationsFolder, '0014_challenge_totals.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/^\s*insert into challenge_totals/i);
    // A challenge whose earnings all went back to zero (or were deleted) may keep a zero row.
    const nonZero = sql`select * from challenge_totals where (reps_count, units, amount) <> (0, 0, 0) order by challenge_id`;
    const before = await queryRows(t.db, nonZero);
    expect(before.length).toBeGreaterThan(0);
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from challenge_totals`);
        await tx.execute(sql.raw(backfill));
        expect(await queryRows(tx, nonZero)).toEqual(before);
        expect(await queryRows(tx, MISMATCHES)).toEqual([]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
