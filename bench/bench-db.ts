import { randomBytes } from 'node:crypto';
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
    label: `PostgreSQL (${u.host})`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
