import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, cpSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { freePort, loadAverage, tempDir as makeTempDir, sleep } from './bench-host.ts';
import { type CheckResult, newShared, rng, seedWorld, verify, type World, worker } from './faults-world.ts';
import { initPostgres, type ThrowawayPostgres } from './throwaway-postgres.ts';

/*
 * `npm run verify:faults`: crash safety of the money operations (issue 16 point 9).
 *
 * PostgreSQL: a throw-away PostgreSQL 15 with its default durability (fsync on), the real API
 * process, and workers sending withdrawals, quiz submits, manual credits, batch exports and
 * paid/failed settlements. The API is killed with SIGKILL at seeded random moments and started
 * again; once PostgreSQL is stopped with `pg_ctl stop -m immediate` and started again. At the end
 * every operation that got a 2xx must be in the database, nothing half-applied, the ledger check OK.
 * One SIGTERM under the load among the faults (issue 32 point 4): the API must stop by itself,
 * exit 0, within its grace period, and lose nothing it acknowledged.
 *
 * PGlite: the same load on the embedded database under a DATA_DIR; SIGTERM during the load (nothing
 * acknowledged may be lost), then SIGKILL during the load: what the next start-up does is reported,
 * and it must either recover with every check holding or refuse with a message naming the recovery.
 *
 * FAULTS_SEED picks the schedule and the operations (printed; the interleaving of requests still
 * depends on timing); FAULTS_KILLS the SIGKILLs on PostgreSQL (4); FAULTS_LIMIT_SECONDS ends any run
 * (600). Exits 1 when a check fails. Processes and temporary folders are removed on every exit.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED = Number(process.env.FAULTS_SEED ?? 20261124);
/** SIGKILLs of the API on PostgreSQL; the load runs 3 to 8 s (seeded) before each fault. */
const KILLS = Number(process.env.FAULTS_KILLS ?? 4);
const WORKERS = 6;
const REPS = 30;
const QUIZZES = 6;
/** Whatever happens, the run ends by then. */
const HARD_LIMIT_MS = Number(process.env.FAULTS_LIMIT_SECONDS ?? 600) * 1000;
/** How long the load runs before the next fault: seeded, so the same seed gives the same schedule. */
const loadWindow = () => between(3000, 8000);

const random = rng(SEED);
const between = (lo: number, hi: number) => lo + random() * (hi - lo);

// ---- Clean-up: every child and folder is registered, and removed on any exit. --------------------

const cleanups: (() => void)[] = [];
function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) {
    try {
      c();
    } catch {}
  }
}
process.on('exit', cleanUp);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    cleanUp();
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`faults: hard time limit of ${HARD_LIMIT_MS / 1000} s reached`);
  cleanUp();
  process.exit(1);
}, HARD_LIMIT_MS).unref();

const tempDir = (prefix: string) => makeTempDir(prefix, (undo) => cleanups.push(undo));

// ---- The API process. --------------------------------------------------------------------------

interface Api {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `apps/api/src/server.ts` as the product runs it; resolves when /api/health answers, or with the reason it did not. */
async function startApi(
  env: Record<string, string>,
  log: string,
): Promise<{ api: Api } | { error: string; code: number | null }> {
  const port = await freePort();
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(os.tmpdir(), 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  cleanups.push(kill);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  let gone: { code: number | null } | undefined;
  void exited.then((e) => {
    gone = e;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (gone) return { error: tail(log), code: gone.code };
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { api: { child, base, exited } };
    } catch {}
    await sleep(100);
  }
  kill();
  return { error: `no answer from /api/health in 90 s\n${tail(log)}`, code: null };
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function mustStart(env: Record<string, string>, log: string): Promise<Api> {
  const started = await startApi(env, log);
  if ('error' in started) throw new Error(`the API did not start (exit ${started.code}):\n${started.error}`);
  return started.api;
}

async function stopApi(api: Api, signal: NodeJS.Signals) {
  api.child.kill(signal);
  return api.exited;
}

// ---- PostgreSQL, throw-away, with its default durability. ----------------------------------------

/** PostgreSQL's log, printed when the run cannot finish. */
let pgLog: string | undefined;

/** Default durability (fsync, synchronous_commit, full_page_writes on): durability is what is tested. */
async function startPostgres(): Promise<ThrowawayPostgres> {
  const pg = await initPostgres(tempDir('faults-pg-'), { durable: true, maxConnections: 50 });
  pgLog = pg.log;
  cleanups.push(() => {
    try {
      pg.stopImmediate();
    } catch {}
  });
  pg.start();
  return pg;
}

// ---- Reporting. -----------------------------------------------------------------------------------

const allResults: { part: string; results: CheckResult[] }[] = [];

function report(part: string, results: CheckResult[]) {
  allResults.push({ part, results });
  for (const r of results) console.log(`  ${r.ok ? 'OK  ' : 'FAIL'} ${r.name}: ${r.detail}`);
}

function summary(label: string, stats: ReturnType<typeof newShared>['stats'], extra: string) {
  const ops = Object.entries(stats.byOp)
    .map(([op, s]) => `${op} ${s.ok}/${s.sent}`)
    .join(', ');
  console.log(
    `  ${label}: ${stats.sent} operations sent, ${stats.ok} got a 2xx, ${stats.refused} refused by a rule (4xx), ${stats.failed} failed during crashes (5xx or no answer); ${extra}`,
  );
  console.log(`  2xx/sent by operation: ${ops}`);
}

async function withDb<T>(database: Database, fn: (db: Database['db']) => Promise<T>): Promise<T> {
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Migrates and seeds, in this process, before the API starts. */
async function seeded(database: Database): Promise<World> {
  await database.migrate();
  return withDb(database, (db) => seedWorld(db, { reps: REPS, quizzes: QUIZZES }));
}

// ---- Part 1: PostgreSQL. -------------------------------------------------------------------------

async function postgresPart() {
  console.log(
    `\n== PostgreSQL: SIGKILL and one SIGTERM of the API during the load, and one pg_ctl stop -m immediate ==`,
  );
  const pg = await startPostgres();
  const world: World = await seeded(openPostgres(pg.url, 2));
  const dataDir = tempDir('faults-api-');
  const log = path.join(dataDir, 'api.log');
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
  let api = await mustStart(env, log);
  const shared = newShared(() => api.base, world);
  const started = Date.now();
  let stopped = false;
  const workers = Array.from({ length: WORKERS }, (_, i) => worker(shared, SEED + i + 1, () => stopped));
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  // The schedule: KILLS SIGKILLs of the API, one immediate PostgreSQL stop among them (not first),
  // and one SIGTERM of the API under the load (not first either).
  const faults: ('kill' | 'pg' | 'term')[] = Array.from({ length: KILLS }, () => 'kill');
  faults.splice(1 + Math.floor(random() * KILLS), 0, 'pg');
  faults.splice(1 + Math.floor(random() * KILLS), 0, 'term');
  const terms: { code: number | null; signal: NodeJS.Signals | null; ms: number }[] = [];
  let kills = 0;
  let recoveries = 0;
  let pgStops = 0;
  for (const fault of faults) {
    await sleep(loadWindow());
    if (fault === 'pg') {
      console.log(`  ${at()}: pg_ctl stop -m immediate (the API keeps running)`);
      pg.stopImmediate();
      pgStops++;
      await sleep(between(1000, 3000));
      pg.start();
      console.log(`  ${at()}: PostgreSQL started again (crash recovery from its WAL)`);
      continue;
    }
    if (fault === 'term') {
      console.log(`  ${at()}: SIGTERM the API under the load (pid ${api.child.pid})`);
      const t0 = Date.now();
      const exit = await stopApi(api, 'SIGTERM');
      terms.push({ code: exit.code, signal: exit.signal, ms: Date.now() - t0 });
      console.log(`  ${at()}: the API stopped by itself in ${Date.now() - t0} ms, exit ${exit.code ?? exit.signal}`);
      api = await mustStart(env, log);
      recoveries++;
      console.log(`  ${at()}: the API answers again`);
      continue;
    }
    console.log(`  ${at()}: SIGKILL the API (pid ${api.child.pid})`);
    await stopApi(api, 'SIGKILL');
    kills++;
    api = await mustStart(env, log);
    recoveries++;
    console.log(`  ${at()}: the API answers again`);
  }
  await sleep(loadWindow());
  stopped = true;
  await Promise.all(workers);
  const afterLoad = await stopApi(api, 'SIGTERM');
  summary(
    'load',
    shared.stats,
    `${kills} SIGKILLs of the API, ${recoveries} restarts, ${pgStops} immediate PostgreSQL stop(s) and recoveries; API's last exit on SIGTERM: ${afterLoad.code}`,
  );

  // The API is stopped: the checks read what PostgreSQL made durable.
  const termResults: CheckResult[] = terms.map((t) => ({
    name: 'SIGTERM under the load: the API stops by itself, exit 0, within its grace period (25 s)',
    ok: t.code === 0 && t.ms < 25_000,
    detail: `exit ${t.code ?? t.signal} after ${t.ms} ms`,
  }));
  const results = await withDb(openPostgres(pg.url, 2), async (db) => {
    const real = await verify(db, shared.acked);
    // A control: the checks do fail on an acknowledged withdrawal that is not in the database.
    const made = await verify(db, [
      { op: 'withdrawal', userId: world.reps[0]?.id ?? 0, id: 2_000_000_000, amount: '1.00' },
    ]);
    const caught = made.some((r) => !r.ok && r.name === 'every 2xx withdrawal is in the database');
    return [
      ...termResults,
      ...real,
      {
        name: 'control: a made-up 2xx withdrawal is reported missing',
        ok: caught,
        detail: caught ? 'reported' : 'NOT reported',
      },
    ];
  });
  // And once more after another immediate stop: what was committed survives PostgreSQL's own crash.
  pg.stopImmediate();
  pg.start();
  const again = await withDb(openPostgres(pg.url, 2), (db) => verify(db, shared.acked));
  const ledger = again.at(-1);
  if (ledger) results.push({ ...ledger, name: `after another pg_ctl stop -m immediate: ${ledger.name}` });
  const stillThere = again.filter((r) => r.name.startsWith('every 2xx')).every((r) => r.ok);
  results.push({
    name: 'after another pg_ctl stop -m immediate: every 2xx still there',
    ok: stillThere,
    detail: `${shared.acked.length} operations`,
  });
  pg.stop();
  report('PostgreSQL', results);
}

// ---- Part 2: PGlite under a DATA_DIR. -----------------------------------------------------------

/** Workers on the API until `halt()`: the fault ends the load (what is in flight then gets no answer). */
function pgliteLoad(api: Api, world: World, seed: number) {
  const shared = newShared(() => api.base, world);
  let halted = false;
  const workers = Array.from({ length: WORKERS }, (_, i) => worker(shared, seed + i + 1, () => halted));
  return {
    shared,
    halt: () => {
      halted = true;
      return Promise.all(workers);
    },
  };
}

async function pglitePart() {
  console.log(`\n== PGlite (DATA_DIR): SIGTERM during the load, then SIGKILL during the load ==`);
  const dataDir = tempDir('faults-pglite-');
  const dbDir = path.join(dataDir, 'db');
  const world = await seeded(await openPglite({ dir: dbDir }));
  const log = path.join(dataDir, 'api.log');
  const env = { DATA_DIR: dataDir };

  // a) SIGTERM in the middle of the load: the server closes the database cleanly.
  let api = await mustStart(env, log);
  const a = pgliteLoad(api, world, SEED + 100);
  await sleep(loadWindow());
  const term = await stopApi(api, 'SIGTERM');
  console.log(`  SIGTERM during the load: the API exited with ${term.code ?? term.signal}`);
  await a.halt();
  summary('load before SIGTERM', a.shared.stats, `exit code ${term.code}`);
  const afterTerm = await withDb(await openPglite({ dir: dbDir }), (db) => verify(db, a.shared.acked));
  afterTerm.push({
    name: 'the API exits 0 on SIGTERM',
    ok: term.code === 0,
    detail: `exit ${term.code ?? term.signal}`,
  });
  report(
    'PGlite after SIGTERM',
    afterTerm.map((r) => ({ ...r, name: `after SIGTERM: ${r.name}` })),
  );

  // b) SIGKILL in the middle of the load, a few times: what does the next start-up do?
  const acked = [...a.shared.acked];
  const outcomes: CheckResult[] = [];
  api = await mustStart(env, log);
  let running = true;
  for (let round = 1; round <= 3; round++) {
    const b = pgliteLoad(api, world, SEED + 100 * (round + 1));
    await sleep(loadWindow());
    await stopApi(api, 'SIGKILL');
    await b.halt();
    acked.push(...b.shared.acked);
    summary(`load before SIGKILL ${round}`, b.shared.stats, 'killed with SIGKILL');
    const logFrom = statSync(log).size;
    const restart = await startApi(env, log);
    if ('error' in restart) {
      // Refusing is acceptable only with a message that names the recovery.
      const clear = /DATA_DIR/.test(restart.error) && /restore|backup/i.test(restart.error);
      console.log(
        `  start-up after SIGKILL ${round} refused (exit ${restart.code}):\n${restart.error.replace(/^/gm, '    | ')}`,
      );
      outcomes.push({
        name: `start-up after SIGKILL ${round} refuses with a message naming the recovery`,
        ok: clear,
        detail: clear ? 'clear message' : 'UNCLEAR message',
      });
      running = false;
      break;
    }
    const said = readFileSync(log, 'utf8')
      .slice(logFrom)
      .split('\n')
      .filter((l) => /recover|redo|checkpoint|corrupt|PANIC|FATAL/i.test(l))
      .slice(0, 4);
    console.log(
      `  start-up after SIGKILL ${round}: recovered, /api/health answers${said.length ? `; the log says:\n${said.map((l) => `    | ${l.slice(0, 200)}`).join('\n')}` : ''}`,
    );
    outcomes.push({ name: `start-up after SIGKILL ${round} recovers`, ok: true, detail: 'started and answers' });
    api = restart.api;
  }
  if (running) await stopApi(api, 'SIGTERM');
  const checks = await withDb(await openPglite({ dir: dbDir }), (db) => verify(db, acked));
  outcomes.push(...checks.map((r) => ({ ...r, name: `after the SIGKILLs: ${r.name}` })));

  // c) Files PGlite cannot open (a disk fault, a copy taken while it ran), on a copy of the folder:
  // the start must refuse with one line naming DATA_DIR and the recovery, and change nothing.
  const damaged = tempDir('faults-damaged-');
  cpSync(dataDir, damaged, { recursive: true });
  rmSync(path.join(damaged, 'db.lock'), { force: true });
  const control = path.join(damaged, 'db', 'global', 'pg_control');
  writeFileSync(control, Buffer.alloc(statSync(control).size));
  const refused = await startApi({ DATA_DIR: damaged }, path.join(damaged, 'api.log'));
  const message = 'error' in refused ? (refused.error.trim().split('\n').at(-1) ?? '') : '';
  const clear =
    'error' in refused &&
    /^DATA_DIR: .*restore it from your last backup/.test(message) &&
    !/\n\s+at /.test(refused.error);
  if (!('error' in refused)) await stopApi(refused.api, 'SIGKILL');
  console.log(
    `  damaged files (zeroed pg_control): ${'error' in refused ? `start refused, exit ${refused.code}: ${message}` : 'the server STARTED'}`,
  );
  outcomes.push({
    name: 'damaged files: the start refuses with one line naming the recovery',
    ok: clear,
    detail: clear ? 'clear message, exit 1' : 'UNCLEAR',
  });
  report('PGlite after SIGKILL', outcomes);
}

// ---- Run. ----------------------------------------------------------------------------------------

console.log(
  `verify:faults  seed ${SEED} (FAULTS_SEED), ${KILLS} SIGKILLs on PostgreSQL (FAULTS_KILLS), ${WORKERS} workers, ${REPS} reps, ${QUIZZES} quizzes, time limit ${HARD_LIMIT_MS / 1000} s`,
);
console.log(`  ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${loadAverage()}`);
const t0 = Date.now();
let crashed: unknown;
try {
  if (process.env.FAULTS_PART !== 'pglite') await postgresPart();
  if (process.env.FAULTS_PART !== 'postgres') await pglitePart();
} catch (err) {
  crashed = err;
}
const failed = allResults.flatMap((p) => p.results.filter((r) => !r.ok).map((r) => `${p.part}: ${r.name}`));
console.log(`\nDone in ${((Date.now() - t0) / 1000).toFixed(0)} s, load average ${loadAverage()}`);
if (crashed) {
  console.error(`verify:faults could not finish: ${crashed instanceof Error ? crashed.message : String(crashed)}`);
  if (pgLog) console.error(`PostgreSQL's log ends with:\n${tail(pgLog)}`);
  process.exitCode = 1;
} else if (failed.length > 0) {
  console.error(`verify:faults: ${failed.length} check(s) FAILED:\n  ${failed.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log(`verify:faults: every check holds (${allResults.reduce((n, p) => n + p.results.length, 0)} checks)`);
}
cleanUp();
