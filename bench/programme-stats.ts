/**
 * How fast the programme's figures are (issue 31 point 3, decision 066): a fresh database seeded
 * with the large set (9,000 reps in 500 warehouses, about 200,000 ledger entries over the past
 * months, quiz attempts, sign-ins, challenge sales), then GET /api/stats/programme's service call
 * (its statements, together) BENCH_N times for each caller and split: an admin (every rep) and a
 * regional manager and a wholesaler (their warehouses), for the calendar year so far by month and
 * for the last 90 days by day. Prints p50 and p99 of each, the admin's first call before any bucket
 * was kept (programme_buckets, decision 068), and each statement alone.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:programme   # target: p99 < 200 ms
 */
import { type StatsQuery, warsawDay } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import type { Actor } from '../apps/api/src/modules/access/access.service.ts';
import * as kept from '../apps/api/src/modules/reports/programme-buckets.repo.ts';
import * as repo from '../apps/api/src/modules/reports/programme-stats.repo.ts';
import { programmeStats } from '../apps/api/src/modules/reports/programme-stats.service.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { openBenchDb } from './bench-db.ts';

const N = Number(process.env.BENCH_N ?? 50);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

const { database, drop, label } = await openBenchDb();
try {
  const started = Date.now();
  await database.migrate();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N, volume: 'large' });
  const db = database.db;
  const [size] = await queryRows<{ reps: number; ledger: number; attempts: number; logins: number; sales: number }>(
    db,
    sql`select (select count(*)::int from users where role = 'seller') as reps,
               (select count(*)::int from ledger_entries) as ledger,
               (select count(*)::int from quiz_attempts) as attempts,
               (select count(*)::int from logins) as logins,
               (select count(*)::int from sales) as sales`,
  );
  console.log(`${label}: seeded in ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(size)}\n`);

  const person = async (role: string): Promise<Actor> => {
    const [u] = await queryRows<{ id: number; warehouse_ids: number[] | null }>(
      db,
      sql`select u.id, (select array_agg(warehouse_id) from user_warehouses where user_id = u.id) as warehouse_ids
          from users u where u.role = ${role} and u.deleted_at is null order by u.id limit 1`,
    );
    if (!u) throw new Error(`no ${role}`);
    return { id: u.id, role: role as Actor['role'], warehouseIds: role === 'admin' ? null : (u.warehouse_ids ?? []) };
  };
  const today = warsawDay();
  const periods: [string, StatsQuery][] = [
    ['year by month', { from: `${today.slice(0, 4)}-01-01`, to: today, bucket: 'month' }],
    ['90 days by day', { from: warsawDay(new Date(Date.now() - 89 * 86_400_000)), to: today, bucket: 'day' }],
  ];
  console.log(`${'caller'.padEnd(12)} ${'period'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const role of ['admin', 'seller_reg', 'wholesaler']) {
    const actor = await person(role);
    for (const [name, q] of periods) {
      if (role === 'admin') {
        // The first call after a start with nothing kept: every bucket read from the tables.
        await db.execute(sql`delete from programme_buckets`);
        const t0 = performance.now();
        await programmeStats(db, actor, q);
        console.log(
          `${role.padEnd(12)} ${`${name}, first`.padEnd(22)} ${(performance.now() - t0).toFixed(1).padStart(8)}`,
        );
      } else await programmeStats(db, actor, q);
      const times: number[] = [];
      for (let i = 0; i < N; i++) {
        const t0 = performance.now();
        await programmeStats(db, actor, q);
        times.push(performance.now() - t0);
      }
      console.log(
        `${role.padEnd(12)} ${name.padEnd(22)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 99).toFixed(1).padStart(8)}`,
      );
    }
  }

  // Each statement alone (the admin's year by month): which one costs what.
  const range: repo.Range = { ...periods[0]![1], scope: null };
  console.log(`\n${'statement (admin, year by month)'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const [name, run] of Object.entries({
    repCounts: () => repo.repCounts(db, range),
    'plannedBuckets (kept months)': () => kept.plannedBuckets(db, range.from, range.to, range.bucket),
    'bucketFigures (this month)': () => repo.bucketFigures(db, { ...range, from: `${range.to.slice(0, 7)}-01` }),
    'bucketFigures (the year, tables)': () => repo.bucketFigures(db, range),
    liability: () => repo.liability(db, range),
    byWarehouse: () => repo.byWarehouse(db, range),
    byRegion: () => repo.byRegion(db, range),
  })) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    console.log(`${name.padEnd(34)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 99).toFixed(1).padStart(8)}`);
  }
} finally {
  await database.close();
  // BENCH_KEEP=1 keeps the seeded database (its name is printed) to look at plans with psql.
  if (process.env.BENCH_KEEP) console.log(`kept: ${label}`);
  else await drop();
}
