import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { dbQuerySeconds } from '../lib/metrics.ts';
import { StartupError } from '../lib/startup-error.ts';
import { takeTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: every repo is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (the metrics, plugins/metrics.ts). */
  poolStats?(): PoolStats;
  /** PGlite only: the whole data directory as a tarball (uncompressed by default), to open copies with `loadDataDir` (tests, backups). */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * A pg client whose statements are timed (db_query_duration_seconds, lib/metrics.ts). The pool
 * calls `query` with a callback, drizzle's transactions with none (a promise): both are timed.
 */
class TimedClient extends pg.Client {}
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
TimedClient.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const stop = dbQuerySeconds.startTimer({ database: 'postgres' });
  const end = () => {
    stop();
  };
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...results: unknown[]) => {
      end();
      return (last as (...r: unknown[]) => unknown)(...results);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) result.then(end, end);
  else end();
  return result;
} as typeof pg.Client.prototype.query;

/** The database handles of embedded PGlite databases (one process owns each). */
const pgliteHandles = new WeakSet<object>();

/** True for a handle opened by openPglite: the database lives in this process and serves it alone. */
export function isPglite(db: DbOrTx): boolean {
  return pgliteHandles.has(db);
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The live process other than this one that holds the embedded database in `dir`, or null. */
export function embeddedDatabaseHolder(dir: string): number | null {
  const lock = `${dir}.lock`;
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8'));
  return pid && pid !== process.pid && processAlive(pid) ? pid : null;
}

/**
 * PGlite serves one process only; a second one on the same directory would corrupt it.
 * A pid file next to the directory makes the second process stop with a clear message.
 */
function lockDir(dir: string): () => void {
  const lock = `${dir}.lock`;
  const pid = embeddedDatabaseHolder(dir);
  if (pid !== null) {
    throw new StartupError(
      `DATA_DIR: the embedded database in ${dir} is in use by process ${pid}. PGlite allows one process at a time: stop it first, choose another DATA_DIR, or use PostgreSQL (DATABASE_URL). If process ${pid} is not this server (its pid was reused after a crash), delete ${lock}.`,
    );
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

/**
 * PGlite recovers from a killed process on its own (its write-ahead log, as PostgreSQL's); files it
 * cannot open are damaged (a disk fault, a copy taken while the server ran, a power loss) and it
 * says only `Aborted()`. One line instead, naming the folder and the recovery, with nothing changed.
 */
export function damagedDataDir(dir: string, err: unknown): StartupError {
  const reason = err instanceof Error ? err.message : String(err);
  return new StartupError(
    `DATA_DIR: the embedded database in ${dir} cannot be opened (PGlite: ${reason}); its files look damaged. Nothing was changed. To recover, stop the server, move ${dir} aside and restore it from your last backup of DATA_DIR (a copy taken while the server was stopped), then run npm run ledger:check; or set another DATA_DIR to start empty.`,
  );
}

/** Opens PGlite in `dir` (or in memory when dir is undefined), optionally from a dumped data dir. */
export async function openPglite(opts: { dir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  let unlock = () => {};
  if (opts.dir) {
    mkdirSync(opts.dir, { recursive: true });
    unlock = lockDir(opts.dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: opts.dir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    if (!opts.dir) throw err;
    throw damagedDataDir(opts.dir, err);
  }
  // One line of turns that lets the event loop breathe between calls (pglite-turns.ts).
  takeTurns(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  pgliteHandles.add(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
  };
}

/** The advisory lock the migrations run under (a number the product uses for nothing else). */
const MIGRATION_LOCK = 4_711_032_026;

/**
 * Runs the migrations under a PostgreSQL advisory lock (issue 32 point 1): when several API
 * processes start at once after a deploy, one applies them and the others wait, then find nothing
 * to do. Without it two processes could each start the same migration and one would fail half-way
 * through its start.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: TimedClient,
    // An unreachable server fails a request (and the start-up check) instead of hanging it.
    connectionTimeoutMillis: 10_000,
    // The named statements of lib/prepared.ts are written for one plan per shape (placeholders,
    // index-driven). Left to choose, PostgreSQL re-plans the list queries on every call (their
    // LIMIT is a parameter), which cost twice their execution (docs/decisions/010).
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error(`PostgreSQL pool: ${err.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateOnce(pool),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** DATABASE_URL wins; otherwise the embedded database under DATA_DIR/db. */
export async function openDatabase(cfg: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  if (cfg.DATABASE_URL) return openPostgres(cfg.DATABASE_URL);
  return openPglite({ dir: path.join(cfg.DATA_DIR, 'db') });
}
