/**
 * Sales imports at full size (issue 28): `npm run bench:sales-import`.
 *
 * For each database and size: a fresh database (PGlite in a data dir on disk, or a new database on
 * the PostgreSQL server of BENCH_DATABASE_URL) seeded with 10,000 reps in 500 warehouses (each rep
 * signed in), 20 products and a running challenge; then the REAL server started as `npm start`
 * starts it (apps/api/src/server.ts in its own process); a generated CSV of valid, paying rows
 * (documents of five lines, small quantities: nothing held by the plausibility limits) uploaded over
 * HTTP as the admin, and followed to its end: today's code answers 201 when done, the job-based one
 * 202 at once (then GET /api/sales-imports/:id is polled until applied or failed). Meanwhile a
 * steady load of a few signed-in reps' GET /api/me and GET /api/challenges/active (the rep home's
 * first data calls) with latencies, and the server's RSS sampled every 50 ms (peak above the RSS
 * just before the upload). After: SIGTERM and the time the server takes to exit, then the ledger
 * check, the accepted rows and the amount read from the database.
 *
 *   npm run bench:sales-import                               # PGlite on disk and PostgreSQL, 20k/100k/200k
 *   BENCH_DB=pglite-disk BENCH_ROWS=20000 npm run bench:sales-import
 *   BENCH_DATABASE_URL=postgres://…   (default: the shared postgres://postgres@127.0.0.1:55432/postgres)
 *   BENCH_CAP_MINUTES=10        an import not finished by then is reported so and the server stopped
 *   BENCH_SIGTERM_AFTER=30      SIGTERM the server that many seconds into the import (exit timing)
 *   BENCH_LABEL=after           the section of bench/baselines/sales-import.md these runs replace
 *   BENCH_RATE=20               load requests per second
 *
 * Prints one `RESULT {json}` line per run and the table; the baseline file is rewritten after each run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { challengeProducts, challenges, products, sales, salesImports } from '../apps/api/src/db/schema.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { freshServerDatabase, type ServerDbKind } from './bench-db.ts';
import { freePort, loadAverage, sleep, tempDir } from './bench-host.ts';
import { seedWarehousesAndReps } from './bench-seed.ts';
import { SALES_CSV_HEADER, uploadSalesFile } from './sales-upload.ts';
import { cpuSecondsOf, type LatencyStats, rssSampler, steadyLoad } from './steady-load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = path.join(ROOT, 'bench', 'baselines', 'sales-import.md');

const WAREHOUSES = 500;
const REPS_PER_WAREHOUSE = 20;
const REPS = WAREHOUSES * REPS_PER_WAREHOUSE;
const PRODUCTS = 20;
const LINES_PER_DOCUMENT = 5;
/** Reps whose sessions send the steady load. */
const LOAD_REPS = 8;
const LOAD_PATHS = ['/api/me', '/api/challenges/active'] as const;
/** A load request not answered within this is aborted and counted as an error (a timeout). */
const LOAD_TIMEOUT_MS = 10_000;
/** The server runs a while under the load before the upload (PGlite's analyze after start, first plans). */
const WARM_UP_MS = 5_000;
const POLL_MS = 500;

type DbKind = ServerDbKind;

const list = (v: string | undefined, fallback: string) =>
  (v ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const opts = {
  dbs: list(process.env.BENCH_DB, 'pglite-disk,postgres') as DbKind[],
  rows: list(process.env.BENCH_ROWS, '20000,100000,200000').map(Number),
  pgUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres',
  capMs: Number(process.env.BENCH_CAP_MINUTES ?? 10) * 60_000,
  sigtermAfterMs: process.env.BENCH_SIGTERM_AFTER ? Number(process.env.BENCH_SIGTERM_AFTER) * 1000 : null,
  label: process.env.BENCH_LABEL ?? 'latest',
  rate: Number(process.env.BENCH_RATE ?? 20),
};

interface RunResult {
  db: DbKind;
  rows: number;
  fileMb: number;
  /** How the upload answered: 201 (done in the request), 202 (queued), or an error status. */
  uploadStatus: number;
  /** Seconds from the upload's first byte until the upload answered (202/201). */
  answerSeconds: number | null;
  /** applied, failed, or `not finished after N min` / `stopped by SIGTERM`. */
  outcome: string;
  seconds: number;
  rowsPerSecond: number | null;
  idleRssMb: number;
  peakRssMb: number;
  /** CPU the server process used during the import (the load's requests included; PostgreSQL's own not). */
  serverCpuSeconds: number;
  load: Record<string, LatencyStats>;
  exitSeconds: number;
  exitCode: number | null;
  accepted: number;
  amount: string;
  salesRows: number;
  ledgerOk: boolean;
  loadBefore: string;
  loadAfter: string;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** An ISO day `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The bench's world, written straight into the database: what the server then finds on start. */
async function seedWorld(db: Database['db']) {
  const { repTokens, adminToken } = await seedWarehousesAndReps(db, {
    warehouses: WAREHOUSES,
    repsPerWarehouse: REPS_PER_WAREHOUSE,
    loadReps: LOAD_REPS,
  });
  const [challenge] = await db
    .insert(challenges)
    .values({ name: 'Bench', startOn: day(-60), endOn: day(60) })
    .returning({ id: challenges.id });
  const prods = await db
    .insert(products)
    .values(Array.from({ length: PRODUCTS }, (_, p) => ({ name: `Produkt ${p}`, code: `BP-${p}` })))
    .returning({ id: products.id });
  await db
    .insert(challengeProducts)
    .values(
      prods.map((p, i) => ({ challengeId: challenge?.id ?? 0, productId: p.id, reward: 100 + 10 * i, position: i })),
    );
  await db.execute(sql`analyze`);
  return { adminToken: adminToken, repTokens };
}

/**
 * The file: documents of five lines, consecutive documents for different reps (each rep in its own
 * warehouse), dates in the last four weeks, 1 to 7 units of one of the products. At 200,000 rows a rep
 * has 20 rows of at most 7 units: far under the plausibility limits (1,000 units a row, 10,000 zł a rep).
 */
function writeCsv(file: string, rows: number) {
  const lines = [SALES_CSV_HEADER];
  const days = Array.from({ length: 28 }, (_, d) => day(-1 - d));
  for (let i = 0; i < rows; i++) {
    const doc = Math.floor(i / LINES_PER_DOCUMENT);
    const rep = doc % REPS;
    const w = Math.floor(rep / REPS_PER_WAREHOUSE);
    lines.push(
      `FV/B/${doc};${(i % LINES_PER_DOCUMENT) + 1};${days[doc % days.length]};BW-${w};BPH-${w}-${rep % REPS_PER_WAREHOUSE};BP-${i % PRODUCTS};${1 + (i % 7)}`,
    );
  }
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
}

/** The server as `npm start` runs it (without the web build: the API is what is measured). */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      // What this measures, not the one-time mail to every rep about the seeded challenge (decision 065).
      NOTICE_SCAN_SECONDS: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base, output: () => output };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health in 180 s:\n${output}`);
}

const RUNNING = new Set(['staging', 'queued', 'checking', 'applying']);

/** Polls the import until it leaves the running statuses, or `deadline` passes (then null). */
async function follow(base: string, token: string, id: number, deadline: number, signal: AbortSignal) {
  while (Date.now() < deadline && !signal.aborted) {
    const res = await fetch(`${base}/api/sales-imports/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(LOAD_TIMEOUT_MS),
    }).catch(() => null);
    if (res?.ok) {
      const body = (await res.json()) as Record<string, unknown>;
      if (!RUNNING.has(String(body.status))) return body;
    }
    await sleep(POLL_MS);
  }
  return null;
}

/** SIGTERM, then the seconds until the process exits (SIGKILL after 60 s). */
async function stopServer(child: ChildProcess) {
  const started = performance.now();
  const exited = new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(killer);
  return { exitSeconds: (performance.now() - started) / 1000, exitCode: code };
}

/** What the database holds after the run: the ledger check, the sales rows, the last import's outcome. */
async function afterwards(open: () => Promise<Database>) {
  const database = await open();
  try {
    const db = database.db;
    const check = await checkLedger(db);
    const [n] = await db.select({ n: count() }).from(sales);
    const [last] = await db
      .select({ status: salesImports.status, accepted: salesImports.rowsAccepted, amount: salesImports.amount })
      .from(salesImports)
      .orderBy(desc(salesImports.id))
      .limit(1);
    return { ledgerOk: check.ok, salesRows: Number(n?.n ?? 0), last };
  } finally {
    await database.close();
  }
}

async function runOne(kind: DbKind, rows: number): Promise<RunResult> {
  const cleanUps: (() => void | Promise<void>)[] = [];
  try {
    const dir = tempDir('bench-sales-', (undo) => cleanUps.push(undo));
    const database = await freshServerDatabase(kind, dir, opts.pgUrl, 'bench_sales');
    cleanUps.push(database.drop);
    const seeding = await database.open();
    await seeding.migrate();
    const world = await seedWorld(seeding.db);
    await seeding.close();
    const file = path.join(dir, 'sales.csv');
    writeCsv(file, rows);

    const server = await startServer(database.env);
    const pid = server.child.pid ?? 0;
    const rss = rssSampler(pid);
    cleanUps.push(() => rss.stop());
    const load = steadyLoad({
      base: server.base,
      paths: LOAD_PATHS,
      tokens: world.repTokens,
      perSecond: opts.rate,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    await sleep(WARM_UP_MS);
    const idle = rss.now();
    const cpuBefore = cpuSecondsOf(pid);
    rss.resetPeak();
    load.record();
    const loadBefore = loadAverage();

    const started = performance.now();
    const deadline = Date.now() + opts.capMs;
    const abort = new AbortController();
    const cap = setTimeout(() => abort.abort(), opts.capMs);
    const early: { stop: ReturnType<typeof stopServer> | null } = { stop: null };
    const sigtermTimer =
      opts.sigtermAfterMs === null
        ? null
        : setTimeout(() => {
            early.stop = stopServer(server.child);
            abort.abort();
          }, opts.sigtermAfterMs);
    let uploadStatus = 0;
    let answerSeconds: number | null = null;
    let final: Record<string, unknown> | null = null;
    try {
      const answer = await uploadSalesFile(server.base, world.adminToken, file, abort.signal);
      uploadStatus = answer.status;
      answerSeconds = (performance.now() - started) / 1000;
      final =
        answer.status === 202
          ? await follow(server.base, world.adminToken, Number(answer.body.id), deadline, abort.signal)
          : answer.body;
    } catch (err) {
      if (!abort.signal.aborted) throw err;
    }
    const seconds = (performance.now() - started) / 1000;
    clearTimeout(cap);
    if (sigtermTimer) clearTimeout(sigtermTimer);
    const loadAfter = loadAverage();
    const stats = await load.stop();
    const peak = rss.peak();
    const cpuSeconds = cpuSecondsOf(pid) - cpuBefore;
    rss.stop();
    const stopped = await (early.stop ?? stopServer(server.child));
    const after = await afterwards(database.open);

    // The upload answered when done (today's code), or the job was followed: the database says what
    // was applied even when the answer itself failed (a 500 from the answer's serialization).
    const status = uploadStatus === 202 ? final?.status : after.last?.status;
    const finished = answerSeconds !== null && (status === 'applied' || status === 'failed');
    const answerNote = uploadStatus >= 400 ? ` (answered ${uploadStatus})` : '';
    if (uploadStatus >= 500 && !finished) console.log(`server output:\n${server.output()}`);
    const outcome = finished
      ? `${String(status)}${answerNote}`
      : early.stop
        ? `stopped by SIGTERM after ${(opts.sigtermAfterMs ?? 0) / 1000} s (import ${after.last?.status ?? 'none'})`
        : uploadStatus >= 400
          ? `refused${answerNote}: ${JSON.stringify(final)}`
          : `not finished after ${opts.capMs / 60_000} min (import ${after.last?.status ?? 'none'})`;
    return {
      db: kind,
      rows,
      fileMb: Math.round((statSync(file).size / 1024 / 1024) * 10) / 10,
      uploadStatus,
      answerSeconds,
      outcome,
      seconds,
      rowsPerSecond: finished ? Math.round(rows / seconds) : null,
      idleRssMb: mb(idle),
      peakRssMb: mb(peak),
      serverCpuSeconds: Math.round(cpuSeconds * 10) / 10,
      load: Object.fromEntries(stats),
      exitSeconds: stopped.exitSeconds,
      exitCode: stopped.exitCode,
      accepted: after.last?.accepted ?? 0,
      amount: ((after.last?.amount ?? 0) / 100).toFixed(2),
      salesRows: after.salesRows,
      ledgerOk: after.ledgerOk,
      loadBefore,
      loadAfter,
    };
  } finally {
    for (const undo of cleanUps.reverse()) await undo();
  }
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const latency = (s: LatencyStats | undefined) =>
  s ? `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)} · ${s.errors}/${s.requests} (${s.timeouts} t/o)` : '-';

function table(results: readonly RunResult[]): string {
  return [
    '| database | rows | upload answer | outcome | seconds | rows/s | server CPU s | RSS idle → peak (MB) | above idle | /api/me p50 / p99 / max · errors (timeouts) | /api/challenges/active p50 / p99 / max · errors (timeouts) | SIGTERM → exit | accepted | paid (zł) | ledger | load avg before → after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) =>
      [
        '',
        r.db,
        r.rows.toLocaleString('en'),
        `${r.uploadStatus || '-'}${r.answerSeconds === null ? '' : ` in ${r.answerSeconds.toFixed(1)} s`}`,
        r.outcome,
        r.seconds.toFixed(1),
        r.rowsPerSecond ?? '-',
        r.serverCpuSeconds ?? '-',
        `${r.idleRssMb} → ${r.peakRssMb}`,
        r.peakRssMb - r.idleRssMb,
        latency(r.load['/api/me']),
        latency(r.load['/api/challenges/active']),
        `${r.exitSeconds.toFixed(1)} s (code ${r.exitCode})`,
        r.accepted.toLocaleString('en'),
        r.amount,
        r.ledgerOk ? 'OK' : 'MISMATCH',
        `${r.loadBefore} → ${r.loadAfter}`,
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ].join('\n');
}

/** Replaces this label's section of the baseline file (other labels' sections stay: before and after). */
function writeBaseline(results: readonly RunResult[], commit: string) {
  const intro = `# Sales imports at full size

\`npm run bench:sales-import\` (bench/sales-import.ts): the real server in its own process, ${REPS.toLocaleString('en')} signed-in reps in
${WAREHOUSES} warehouses, ${PRODUCTS} products of one running challenge; a CSV of valid paying rows (documents of
${LINES_PER_DOCUMENT} lines) uploaded over HTTP by the admin and followed to its end, while ${LOAD_REPS} reps send
${opts.rate} requests/s in turn to ${LOAD_PATHS.join(' and ')} (open loop; a request unanswered after
${LOAD_TIMEOUT_MS / 1000} s is aborted and counted as an error, "t/o"). RSS is the server process's VmRSS sampled every
50 ms: idle is just before the upload (after ${WARM_UP_MS / 1000} s under the load), peak during the import. Seconds run
from the upload's first byte until the import is applied. The machine is shared (2 cores): the load average is
printed beside each run. See docs/quality.md, "Sales imports at full size".
`;
  const heading = `## ${opts.label}`;
  const section = `${heading}\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}\n\n${table(results)}\n`;
  const old = existsSync(BASELINE) ? readFileSync(BASELINE, 'utf8') : '';
  const sections = old.startsWith('# Sales imports at full size')
    ? old
        .split(/\n(?=## )/)
        .slice(1)
        .filter((s) => !s.startsWith(`${heading}\n`))
    : [];
  writeFileSync(BASELINE, `${[intro, ...sections, section].map((s) => s.trimEnd()).join('\n\n')}\n`);
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
const results: RunResult[] = [];
let failed = false;
for (const kind of opts.dbs) {
  for (const rows of opts.rows) {
    console.log(`\n${kind}, ${rows.toLocaleString('en')} rows (load average ${loadAverage()})`);
    const r = await runOne(kind, rows).catch((err: unknown) => {
      console.error(err);
      return null;
    });
    if (!r) {
      failed = true;
      continue;
    }
    console.log(`RESULT ${JSON.stringify(r)}`);
    results.push(r);
    writeBaseline(results, commit);
    if (!r.ledgerOk || (r.outcome === 'applied' && r.accepted !== rows)) failed = true;
  }
}
console.log(`\n${table(results)}`);
if (failed) process.exitCode = 1;
