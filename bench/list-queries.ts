/**
 * What each rep-list query costs PostgreSQL itself (issue 3): runs every list shape (each sort,
 * both orders, with and without a search, 10 rows a page) N times in a row over one connection and
 * reads that backend's CPU time from /proc, so PostgreSQL must run on this machine. bench:lists
 * measures whole requests under load; this shows which part is the database's.
 *
 *   DATABASE_URL=postgres://…/bench npm run bench:list-queries     # BENCH_N (default 300)
 *
 * Run bench:lists first on an empty database: it seeds the large data set.
 */
import { readFileSync } from 'node:fs';
import { USER_SORT_FIELDS, type UserSort } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { listPage, type UserListFilter } from '../apps/api/src/modules/users/user-list.repo.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (a PostgreSQL server on this machine) is required');
const N = Number(process.env.BENCH_N ?? 300);
const SEARCH = process.env.BENCH_SEARCH ?? 'kowal';

const database = openPostgres(url, 1);
const { db } = database;

/** CPU time (user + system, ms) of the connection's backend process so far. */
async function backendCpuMs(): Promise<number> {
  const res = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
  const pid = res.rows[0]?.pid;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

try {
  console.log(`PostgreSQL CPU per list query, ${N} runs each, one connection, search "${SEARCH}"\n`);
  console.log(`${'case'.padEnd(36)} ${'wall'.padStart(9)} ${'pg cpu'.padStart(9)}`);
  for (const sort of USER_SORT_FIELDS as readonly UserSort[]) {
    for (const order of ['asc', 'desc'] as const) {
      for (const search of [undefined, SEARCH]) {
        const filter: UserListFilter = { role: 'seller', scope: null, search };
        const run = () => listPage(db, filter, { sort, order, limit: 10, offset: 0, withTotal: true }, null);
        for (let i = 0; i < 20; i++) await run(); // prepare and warm up
        const cpu0 = await backendCpuMs();
        const t0 = performance.now();
        for (let i = 0; i < N; i++) await run();
        const wall = (performance.now() - t0) / N;
        const cpu = ((await backendCpuMs()) - cpu0) / N;
        const name = `${sort} ${order}${search ? ' search' : ''}`;
        console.log(`${name.padEnd(36)} ${`${wall.toFixed(2)} ms`.padStart(9)} ${`${cpu.toFixed(2)} ms`.padStart(9)}`);
      }
    }
  }
} finally {
  await database.close();
}
