/**
 * Dashboard list benchmark (issue 3): GET /api/users on the large seed (10,000 reps and managers,
 * 500 warehouses), sorted by each column both ways, with and without a search, under 20 concurrent
 * connections. Prints requests/s, median and p99 latency per case; the target on PostgreSQL is a
 * median under 20 ms and a p99 under 100 ms.
 *
 *   DATA_DIR=/tmp/bench-data npm run bench:lists                        # embedded PGlite
 *   DATABASE_URL=postgres://…/bench npm run bench:lists                 # PostgreSQL
 *
 * The database is seeded with `npm run seed:large` when empty (same data, same code).
 * BENCH_SECONDS (default 3) sets each case's duration, BENCH_RUNS (default 1) how many times each
 * case runs (the report takes the median run of each figure: the 2-core machine's speed drifts
 * from minute to minute), BENCH_ONLY a substring filter on case names, BENCH_JSON a file to write
 * the results to.
 */
import { writeFileSync } from 'node:fs';
import { USER_SORT_FIELDS } from '@incentive/contracts';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/api/src/seed/demo-accounts.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CONNECTIONS = 20;
/** A surname fragment an admin would type; matches a few dozen of the 10,000. */
const SEARCH = process.env.BENCH_SEARCH ?? 'kowal';
const TARGET = { median: 20, p99: 100 };

interface Case {
  name: string;
  path: string;
  token: 'admin' | 'rks';
  /** Not a list: shows what the machine gives any request (the floor under the list numbers). */
  reference?: boolean;
}

interface Row {
  name: string;
  rps: number;
  median: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const database = await openDatabase(config);
const app = await buildApp({ config, db: database.db, serveWeb: false, logger: false });
try {
  await database.migrate();
  const [before] = await database.db.select({ n: count() }).from(users);
  if ((before?.n ?? 0) === 0) {
    console.log('Empty database: seeding the large data set…');
    const started = Date.now();
    await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N, volume: 'large' });
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const [n] = await database.db.select({ n: count() }).from(users);
  if ((n?.n ?? 0) < 10_000) console.warn(`Only ${n?.n} users: this is not the large seed; numbers will flatter.`);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = async (email: string) => {
    const res = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  const tokens = {
    admin: await login('admin@example.com'),
    rks: await login(DEMO_ACCOUNTS.find((a) => a.role === 'seller_reg')?.email ?? 'rks@example.com'),
  };

  const cases: Case[] = [
    { name: 'reference: /api/health', path: '/api/health', token: 'admin', reference: true },
    { name: 'reference: /api/me', path: '/api/me', token: 'admin', reference: true },
  ];
  for (const sort of USER_SORT_FIELDS) {
    for (const order of ['asc', 'desc'] as const) {
      for (const search of [undefined, SEARCH]) {
        const q = new URLSearchParams({ role: 'seller', page: '1', per_page: '10', sort, order });
        if (search) q.set('search', search);
        cases.push({ name: `${sort} ${order}${search ? ` search` : ''}`, path: `/api/users?${q}`, token: 'admin' });
      }
    }
  }
  cases.push(
    { name: 'name asc page 500', path: '/api/users?role=seller&per_page=10&page=500&sort=name', token: 'admin' },
    {
      name: 'total_amount desc 100/page',
      path: '/api/users?role=seller&per_page=100&sort=total_amount&order=desc',
      token: 'admin',
    },
    { name: 'regional manager, sellers', path: '/api/users?role=seller&sort=surname', token: 'rks' },
    { name: 'warehouses amount desc', path: '/api/warehouses?sort=amount&order=desc', token: 'admin' },
  );
  const only = process.env.BENCH_ONLY;
  const selected = only ? cases.filter((c) => c.name.includes(only)) : cases;

  const run = (c: Case, duration: number) =>
    autocannon({
      url: `${address}${c.path}`,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${tokens[c.token]}` },
      // Load comes from a worker thread, so it does not share the server's event loop.
      workers: 1,
    });

  // Match counts for the report.
  const probe = await fetch(`${address}/api/users?role=seller&search=${SEARCH}`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  const matches = ((await probe.json()) as { total: number }).total;

  console.log(
    `\n${database.kind} · ${n?.n} users · ${CONNECTIONS} connections · ${SECONDS} s per case${RUNS > 1 ? ` · median of ${RUNS} runs` : ''} · search "${SEARCH}" matches ${matches} sellers\n`,
  );
  await run(selected[0] as Case, 2); // warm-up
  const rows: Row[] = [];
  console.log(`${'case'.padEnd(36)} ${'req/s'.padStart(7)} ${'median'.padStart(8)} ${'p99'.padStart(8)}  non-2xx`);
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  for (const c of selected) {
    const results = [];
    for (let i = 0; i < RUNS; i++) results.push(await run(c, SECONDS));
    const row: Row = {
      name: c.name,
      rps: Math.round(middle(results.map((r) => r.requests.average))),
      median: middle(results.map((r) => r.latency.p50)),
      p99: middle(results.map((r) => r.latency.p99)),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    };
    rows.push(row);
    const met = row.rps > 0 && row.errors === 0 && row.median < TARGET.median && row.p99 < TARGET.p99;
    const flag = c.reference || met ? '' : '  ← over target';
    console.log(
      `${c.name.padEnd(36)} ${String(row.rps).padStart(7)} ${`${row.median} ms`.padStart(8)} ${`${row.p99} ms`.padStart(8)}  ${row.non2xx + row.errors}${flag}`,
    );
  }
  const lists = rows.filter((r) => !r.name.startsWith('reference'));
  const worst = lists.reduce((a, b) => (b.median > a.median ? b : a), lists[0] as Row);
  const ok = (r: Row) => r.rps > 0 && r.errors === 0 && r.median < TARGET.median && r.p99 < TARGET.p99;
  const within = lists.filter(ok).length;
  console.log(
    `\n${within}/${lists.length} list cases within target. Worst median: ${worst?.name} (${worst?.median} ms); worst p99: ${Math.max(...lists.map((r) => r.p99))} ms. Target: median < ${TARGET.median} ms, p99 < ${TARGET.p99} ms (PostgreSQL).`,
  );
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      `${JSON.stringify({ database: database.kind, users: n?.n, connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, search: SEARCH, matches, rows }, null, 2)}\n`,
    );
  }
  if (rows.some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
