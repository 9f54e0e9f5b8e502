import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/api/src/db/client.ts';

/**
 * The database a benchmark runs on: an in-memory PGlite, or with BENCH_DATABASE_URL a fresh
 * database created on that server (and dropped by `drop`), so runs never share rows.
 */
export async function openBenchDb(): Promise<{ database: Database; drop: () => Promise<void>; label: string }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openPglite(), drop: async () => {}, label: 'PGlite (in memory)' };
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: openPostgres(u.toString(), 20),
    label: `PostgreSQL (${u.host}, database ${name})`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Where an import bench's server keeps its data: PGlite in a folder, or a PostgreSQL server. */
export type ServerDbKind = 'pglite-disk' | 'postgres';

/**
 * A fresh database for a server the bench starts: PGlite under `dir`, or a new database named
 * `<prefix>_…` on the PostgreSQL server at `pgUrl` (dropped by `drop`). `env` is what the server
 * needs to find it; `open` opens it from the bench's own process (to seed it).
 */
export async function freshServerDatabase(
  kind: ServerDbKind,
  dir: string,
  pgUrl: string,
  prefix: string,
): Promise<{ env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (kind === 'pglite-disk') {
    const dataDir = path.join(dir, 'data');
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite({ dir: path.join(dataDir, 'db') }),
      drop: async () => {},
    };
  }
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    env: { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url },
    open: async () => openPostgres(url, 4),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
