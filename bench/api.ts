/**
 * API speed on the large seed (issue 16 point 7): `npm run bench:api`.
 *
 * For each database (PGlite in a temporary DATA_DIR, then a throw-away PostgreSQL 15 started here in
 * a temporary directory on a free port), starts the API process (bench/api-server.ts: the real
 * buildApp, plus two ceilings on a second port of the same process) and loads it with autocannon at
 * 50 connections for BENCH_SECONDS (default 10) per case: /api/me, every dashboard list, the rep's
 * quiz list, quiz submits (each seller passes each of six quizzes once) and withdrawals (each seller
 * withdraws a topped-up wallet once). Prints req/s, p50, p97.5, p99, errors and non-2xx per case, the
 * CPU per request and the API process's event-loop delay (p99/longest, ms), the
 * 1-minute load average next to each (the machine is shared), and checks the targets: /api/me at
 * ≥ 70% of the one-SELECT ceiling, every list's p99 < 100 ms on PostgreSQL, no errors, the ledger
 * check, and a hashed asset served compressed with immutable caching.
 *
 *   npm run bench:api                     # both databases
 *   BENCH_DB=pglite npm run bench:api     # or postgres
 *   BENCH_JSON=/tmp/api.json npm run bench:api
 *   BENCH_CASES='api/me|primary' …          # only the matching cases (the targets need all)
 *   BENCH_FRESH=1 …                         # seed anew instead of copying the cached seeded set
 *
 * The seeded large set is cached per database kind under $TMPDIR/bench-api-seed-cache (see
 * seedCacheDir below and docs/quality/api-speed.md).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import type { BenchFixtures } from './api-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const DATABASES = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const TARGET = { meShareOfSelect: 0.7, listP99: 100 };
/** Only the cases whose name matches (a regular expression), for quick iteration; the targets need all. */
const ONLY = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : null;

type Kind = 'ceiling' | 'me' | 'list' | 'write';
interface Case {
  name: string;
  kind: Kind;
  run: (f: BenchFixtures) => autocannon.Options;
}
interface Row {
  database: string;
  name: string;
  kind: Kind;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  load1: number;
  /** CPU per request, µs: the API process, PostgreSQL's processes, the load generator (this process). */
  cpu: { api: number; db: number; load: number };
  /** The API process's event-loop delay during the case, ms (its 99th percentile and its longest). */
  loop: { p99: number; max: number };
}

/** CPU seconds (user + system) of the processes given by pid, read from /proc (Linux). */
function cpuOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // the process ended
    }
  }
  return ticks / 100; // USER_HZ
}

/** PostgreSQL's processes: the postmaster and its backends (their comm is "postgres"). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

/** CPU used while `run` runs, split by process group. Backends that end during the run are not counted. */
async function measureCpu<T>(
  apiPid: number,
  run: () => Promise<T>,
): Promise<{ result: T; api: number; db: number; load: number }> {
  const before = { api: cpuOf([apiPid]), db: cpuOf(postgresPids()), load: process.cpuUsage() };
  const result = await run();
  const load = process.cpuUsage(before.load);
  return {
    result,
    api: cpuOf([apiPid]) - before.api,
    db: cpuOf(postgresPids()) - before.db,
    load: (load.user + load.system) / 1e6,
  };
}

type MeCounts = { reused: number; read: number; statements: number };
/** The API process's /api/me answers so far: reused, read afresh, and the statements that checked them. */
const meCounts = async (f: BenchFixtures): Promise<MeCounts> =>
  (await fetch(`${f.ceiling}/me-counts`)).json() as Promise<MeCounts>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A browser-like GET's headers: the token, and the encodings a browser accepts. */
const readHeaders = (token: string) => ({ ...bearer(token), 'accept-encoding': 'br, gzip' });
const get = (f: BenchFixtures, url: string, token: string): autocannon.Options => ({
  url: `${f.api}${url}`,
  headers: readHeaders(token),
});

/** Each request takes the next item; autocannon builds one request per connection ahead, hence the margin. */
function rotating<T>(items: T[], build: (item: T) => { path: string; token: string; body: string }) {
  let next = 0;
  return {
    maxOverallRequests: Math.max(1, items.length - 2 * CONNECTIONS),
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const r = build(items[next++ % items.length] as T);
          return {
            ...req,
            method: 'POST' as const,
            path: r.path,
            headers: { ...bearer(r.token), 'content-type': 'application/json' },
            body: r.body,
          };
        },
      },
    ],
  };
}

/** A GET as a different user on each request, in turn (many reps opening the app at once). */
function asEach(tokens: string[], url: string): Pick<autocannon.Options, 'requests'> {
  let next = 0;
  return {
    requests: [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          method: 'GET' as const,
          path: url,
          headers: readHeaders(tokens[next++ % tokens.length] ?? ''),
        }),
      },
    ],
  };
}

const CASES: Case[] = [
  { name: 'ceiling: bare route, /api/me bytes', kind: 'ceiling', run: (f) => ({ url: `${f.ceiling}/me-bytes` }) },
  { name: 'ceiling: one primary-key SELECT', kind: 'ceiling', run: (f) => ({ url: `${f.ceiling}/select-one` }) },
  // 100 sellers in turn, so that the requests of a moment are different users' (their checks share
  // a statement, decision 039); each user's first request reads the answer afresh.
  {
    name: 'GET /api/me (100 sellers)',
    kind: 'me',
    run: (f) => ({ url: f.api, ...asEach(f.submit.tokens.slice(0, 100), '/api/me') }),
  },
  { name: 'GET /api/warehouses', kind: 'list', run: (f) => get(f, '/api/warehouses', f.adminToken) },
  { name: 'GET /api/users?role=seller', kind: 'list', run: (f) => get(f, '/api/users?role=seller', f.adminToken) },
  {
    name: 'GET /api/users?role=seller_reg',
    kind: 'list',
    run: (f) => get(f, '/api/users?role=seller_reg', f.adminToken),
  },
  { name: 'GET /api/wallet (withdrawals)', kind: 'list', run: (f) => get(f, '/api/wallet', f.adminToken) },
  { name: 'GET /api/challenges', kind: 'list', run: (f) => get(f, '/api/challenges', f.adminToken) },
  { name: 'GET /api/admin/articles', kind: 'list', run: (f) => get(f, '/api/admin/articles', f.adminToken) },
  { name: 'GET /api/quiz (admin)', kind: 'list', run: (f) => get(f, '/api/quiz', f.adminToken) },
  { name: 'GET /api/quiz (seller)', kind: 'list', run: (f) => get(f, '/api/quiz', f.sellerToken) },
  {
    name: 'POST /api/withdrawal',
    kind: 'write',
    run: (f) => ({
      url: f.api,
      ...rotating(f.withdraw, (w) => ({
        path: '/api/withdrawal',
        token: w.token,
        body: JSON.stringify({ amount: Number(w.amount) }),
      })),
    }),
  },
  {
    name: 'POST /api/quiz/{id}/submit',
    kind: 'write',
    run: (f) => {
      // Seller-major order: consecutive requests are different sellers; each pair comes once.
      const pairs = f.submit.quizzes.flatMap((q) => f.submit.tokens.map((token) => ({ token, q })));
      return {
        url: f.api,
        ...rotating(pairs, (p) => ({ path: `/api/quiz/${p.q.id}/submit`, token: p.token, body: p.q.body })),
      };
    },
  },
];

const load1 = () => Number(os.loadavg()[0]?.toFixed(2));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away PostgreSQL server in a temporary directory, run as the postgres user when we are root:
 * a new cluster, or a copy of a cached seeded one (`from`).
 */
async function startPostgres(
  from?: string,
): Promise<{ url: string; dataDir: string; stop: () => void; start: () => void; halt: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-pg-'));
  const root = process.getuid?.() === 0;
  const asPostgres = (cmd: string, args: string[]) => {
    execFileSync(root ? 'runuser' : cmd, root ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  const port = await freePort();
  if (from) {
    execFileSync('cp', ['-a', from, `${dir}/data`]);
  } else {
    asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      `${dir}/data`,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  // Durable defaults (fsync, synchronous commit): write numbers include the commit flush.
  const start = () =>
    asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      `${dir}/data`,
      '-l',
      `${dir}/server.log`,
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=100`,
      'start',
    ]);
  const halt = () => asPostgres(`${PG_BIN}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
  start();
  if (!from) {
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bench`,
    dataDir: `${dir}/data`,
    start,
    halt,
    stop: () => {
      halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The seeded large set is cached between runs (seeding takes 5–8 minutes): one copy per database
 * kind under BENCH_SEED_CACHE (default $TMPDIR/bench-api-seed-cache), keyed by a hash of the seed's
 * code (apps/api/src/seed, the PostgreSQL binaries' path). Migrations added since run on the copy at
 * start, as on any existing database. BENCH_FRESH=1 seeds anew without reading or writing the cache.
 */
const SEED_CACHE = process.env.BENCH_SEED_CACHE ?? path.join(os.tmpdir(), 'bench-api-seed-cache');
const FRESH = process.env.BENCH_FRESH === '1';
function seedCacheDir(kind: 'pglite' | 'postgres'): string {
  const seedDir = path.join(import.meta.dirname, '../apps/api/src/seed');
  const hash = createHash('sha256').update(`${kind}\n${PG_BIN}\n`);
  for (const name of readdirSync(seedDir).sort()) {
    if (name.includes('.test.')) continue;
    hash.update(`${name}\n`).update(readFileSync(path.join(seedDir, name)));
  }
  return path.join(SEED_CACHE, `${kind}-${hash.digest('hex').slice(0, 16)}`);
}

/** Runs bench/api-server.ts in seed-only mode: it seeds the empty database and exits. */
async function seedOnly(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'api-server.ts')], {
    env: { ...env, BENCH_SEED_ONLY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding exited with ${code}`);
}

/** Copies a seeded directory into the cache (through a temporary name, so a half copy is never used). */
function storeInCache(from: string, cacheDir: string): void {
  const partial = `${cacheDir}.partial-${process.pid}`;
  execFileSync('mkdir', ['-p', path.dirname(cacheDir)]);
  execFileSync('cp', ['-a', from, partial]);
  renameSync(partial, cacheDir);
}

/** Starts bench/api-server.ts and waits for its fixtures (seeding the large set takes minutes). */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; fixtures: BenchFixtures }> {
  // BENCH_CPU_PROF=dir: a V8 CPU profile of the API process, written when it stops.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', path.join(import.meta.dirname, 'api-server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const file = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      if (line.startsWith('BENCH_READY ')) resolve((JSON.parse(line.slice(12)) as { file: string }).file);
    });
  });
  const fixtures = JSON.parse(readFileSync(file, 'utf8')) as BenchFixtures;
  rmSync(file, { force: true });
  return { child, fixtures };
}

async function stopServer(child: ChildProcess): Promise<{ ledgerOk: boolean; wallets: number; ledger: number }> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const done = new Promise<{ ledgerOk: boolean; wallets: number; ledger: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) without its ledger check`)));
    lines.on('line', (line) => {
      if (line.startsWith('BENCH_DONE ')) resolve(JSON.parse(line.slice(11)));
    });
  });
  child.kill('SIGTERM');
  return done;
}

/** A hashed asset must come compressed and cached for good. */
async function checkStatic(
  f: BenchFixtures,
): Promise<{ asset: string | null; encoding: string; cache: string; ok: boolean }> {
  if (!f.staticAsset) return { asset: null, encoding: '', cache: '', ok: false };
  const res = await fetch(`${f.api}${f.staticAsset}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  const encoding = res.headers.get('content-encoding') ?? '';
  const cache = res.headers.get('cache-control') ?? '';
  return {
    asset: f.staticAsset,
    encoding,
    cache,
    ok:
      res.ok && ['br', 'gzip'].includes(encoding) && cache.includes('immutable') && cache.includes('max-age=31536000'),
  };
}

/** The API process's event-loop delay since the last call (and starts the next period). */
async function loopDelay(f: BenchFixtures): Promise<{ p99: number; max: number }> {
  const res = await fetch(`${f.ceiling}/loop-delay`);
  return (await res.json()) as { p99: number; max: number };
}

function fmt(r: Row) {
  const errs = r.errors + r.non2xx;
  const codes = r.non2xx
    ? ` (${Object.entries(r.statuses)
        .map(([c, n]) => `${c}×${n}`)
        .join(' ')})`
    : '';
  const cpu = `${r.cpu.api}/${r.cpu.db}/${r.cpu.load}`;
  const loop = `${Math.round(r.loop.p99)}/${Math.round(r.loop.max)}`;
  return `${r.name.padEnd(36)} ${String(r.rps).padStart(6)} ${`${r.p50}`.padStart(6)} ${`${r.p97_5}`.padStart(7)} ${`${r.p99}`.padStart(6)} ${String(r.requests).padStart(7)} ${String(errs).padStart(5)}${codes}  ${cpu.padStart(12)}  ${loop.padStart(9)}  ${r.load1}`;
}

const allRows: Row[] = [];
const summaries: Record<string, unknown>[] = [];
let failed = false;
const fail = (why: string) => {
  failed = true;
  console.log(`  ✗ ${why}`);
};

for (const kind of DATABASES) {
  const started = Date.now();
  const cacheDir = seedCacheDir(kind);
  const cached = !FRESH && existsSync(cacheDir);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-data-'));
  rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite' && cached) execFileSync('cp', ['-a', cacheDir, dataDir]);
  const pgServer = kind === 'postgres' ? await startPostgres(cached ? cacheDir : undefined) : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (pgServer) env.DATABASE_URL = pgServer.url;
  try {
    console.log(`\n${kind}: ${cached ? `the seeded large set from ${cacheDir}` : 'seeding the large set…'}`);
    let seededSeconds: number | null = null;
    if (!cached) {
      const t = Date.now();
      await seedOnly(env);
      seededSeconds = (Date.now() - t) / 1000;
      if (!FRESH) {
        if (pgServer) pgServer.halt();
        storeInCache(pgServer ? pgServer.dataDir : dataDir, cacheDir);
        if (pgServer) pgServer.start();
        console.log(`  cached in ${cacheDir}`);
      }
    }
    const { child, fixtures: f } = await startServer(env);
    const c = f.counts;
    console.log(
      `  ${c.sellers} sellers, ${c.reps} reps and regional managers, ${c.warehouses} warehouses, ${c.ledgerEntries} ledger entries` +
        `${seededSeconds === null ? '' : `; seeded in ${seededSeconds.toFixed(0)} s`}; ready after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(
      `  ${CONNECTIONS} connections, ${SECONDS} s per case (writes stop earlier when their accounts run out)\n`,
    );
    console.log(
      `  ${'case'.padEnd(36)} ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p97.5'.padStart(7)} ${'p99'.padStart(6)} ${'reqs'.padStart(7)} ${'err'.padStart(5)}  ${'cpu µs/req'.padStart(12)}  ${'loop ms'.padStart(9)}  load`,
    );
    const rows: Row[] = [];
    let meChecks: { before: MeCounts; after: MeCounts } | undefined;
    for (const c of CASES.filter((x) => !ONLY || ONLY.test(x.name))) {
      const opts = c.run(f);
      // Reads warm up (prepared statements on every pooled connection, JIT); writes would use up accounts.
      if (c.kind !== 'write') await autocannon({ ...opts, connections: CONNECTIONS, duration: 1 });
      await loopDelay(f);
      const meBefore = c.kind === 'me' ? await meCounts(f) : undefined;
      const m = await measureCpu(child.pid ?? 0, () =>
        autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS }),
      );
      const r: Result = m.result;
      const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, r.requests.total));
      const statuses: Record<string, number> = {};
      for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) {
        if (!code.startsWith('2')) statuses[code] = (s as { count: number }).count;
      }
      const row: Row = {
        database: kind,
        name: c.name,
        kind: c.kind,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        requests: r.requests.total,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        statuses,
        load1: load1(),
        cpu: { api: perRequest(m.api), db: perRequest(m.db), load: perRequest(m.load) },
        loop: await loopDelay(f),
      };
      rows.push(row);
      console.log(`  ${fmt(row)}`);
      if (meBefore) meChecks = { before: meBefore, after: await meCounts(f) };
    }
    const stat = await checkStatic(f);
    const end = await stopServer(child);

    console.log('');
    const select = rows.find((r) => r.name.includes('primary-key'));
    const me = rows.find((r) => r.kind === 'me');
    const share = select && me ? me.rps / select.rps : 0;
    console.log(
      `  /api/me at ${(share * 100).toFixed(0)}% of the one-SELECT ceiling (target ≥ ${TARGET.meShareOfSelect * 100}%)`,
    );
    if (share < TARGET.meShareOfSelect) fail('/api/me below 70% of the one-SELECT ceiling');
    if (meChecks) {
      const { before: b, after: a } = meChecks;
      const reused = a.reused - b.reused;
      const statements = a.statements - b.statements;
      console.log(
        `  /api/me answers: ${reused} reused, checked in ${statements} statements (${(reused / Math.max(1, statements)).toFixed(1)} a statement, decision 039); ${a.read - b.read} read afresh`,
      );
    }
    const lists = rows.filter((r) => r.kind === 'list');
    const worst = lists.length ? lists.reduce((a, b) => (b.p99 > a.p99 ? b : a)) : undefined;
    if (worst) {
      console.log(`  slowest list p99: ${worst.name} ${worst.p99} ms (target < ${TARGET.listP99} ms on PostgreSQL)`);
      if (kind === 'postgres' && worst.p99 >= TARGET.listP99) fail('a list p99 at or over 100 ms on PostgreSQL');
    }
    if (ONLY) fail(`only the cases matching ${ONLY}: the targets need a full run`);
    const bad = rows.filter((r) => r.errors + r.non2xx > 0 || r.requests === 0);
    if (bad.length) fail(`errors or non-2xx in: ${bad.map((r) => r.name).join(', ')}`);
    console.log(`  ledger check after the writes: ${end.ledgerOk ? 'OK' : 'MISMATCH'} (${end.wallets} wallets)`);
    if (!end.ledgerOk) fail('ledger check');
    console.log(
      `  static asset ${stat.asset}: content-encoding ${stat.encoding || 'none'}, cache-control "${stat.cache}" ${stat.ok ? '✓' : ''}`,
    );
    if (!stat.ok) fail('hashed asset not served compressed with immutable caching (run `npm run build` first?)');
    allRows.push(...rows);
    summaries.push({
      database: kind,
      counts: { ...f.counts, seededSeconds },
      fromCache: cached,
      meShareOfSelect: share,
      ledger: end,
      static: stat,
    });
  } finally {
    pgServer?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average now ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, summaries, rows: allRows }, null, 2)}\n`,
  );
}
if (failed) process.exitCode = 1;
