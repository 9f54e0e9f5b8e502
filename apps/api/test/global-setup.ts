import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { databaseUrl, quoteIdent, type TestDbTemplate } from './template.ts';

/** Password hashes carry their own cost, so the demo accounts can be hashed cheaply for tests. */
export const TEST_SCRYPT_LOG_N = 12;

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDbTemplate;
  }
}

/**
 * Builds ONE migrated, demo-seeded database per test run; every test file opens its own copy.
 * - PGlite (default): an in-memory database dumped to a tarball that each file loads.
 * - PostgreSQL (DATABASE_URL set): a template database that each file clones with
 *   CREATE DATABASE … TEMPLATE …; teardown drops everything this run created.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const prefix = `incentive_test_${runId}`;
    const template = `${prefix}_tpl`;
    await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
    try {
      const database = openPostgres(databaseUrl(adminUrl, template), 4);
      try {
        await database.migrate();
        await seedDemo(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
      } finally {
        // CREATE DATABASE … TEMPLATE refuses a template that has open connections.
        await database.close();
      }
    } catch (err) {
      await dropRunDatabases(adminUrl, prefix);
      throw err;
    }
    project.provide('dbTemplate', { kind: 'postgres', adminUrl, template, prefix });
    console.log(`[api tests] PostgreSQL template ${template} ready in ${Date.now() - started} ms`);
    return async () => dropRunDatabases(adminUrl, prefix);
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'incentive-api-template-'));
  const database = await openPglite();
  try {
    await database.migrate();
    await seedDemo(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    if (!database.dumpDataDir) throw new Error('PGlite database without dumpDataDir');
    const dump = await database.dumpDataDir();
    const dumpFile = path.join(dir, 'template.tar');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('dbTemplate', { kind: 'pglite', dumpFile });
  } finally {
    await database.close();
  }
  console.log(`[api tests] PGlite template ready in ${Date.now() - started} ms`);
  return async () => rm(dir, { recursive: true, force: true });
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops the template and every per-file copy of this run (copies left behind by a crashed worker too). */
async function dropRunDatabases(adminUrl: string, prefix: string) {
  await withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1 ORDER BY datname DESC',
      [prefix],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  });
}
