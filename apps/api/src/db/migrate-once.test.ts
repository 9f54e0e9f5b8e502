import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from './client.ts';

/*
 * Issue 32 point 1: several API processes starting at once after a deploy each run the migrations;
 * on PostgreSQL an advisory lock lets one apply them while the others wait and then find nothing to
 * do (db/client.ts migrateOnce).
 */
const template = inject('dbTemplate');

describe.runIf(template.kind === 'postgres')('migrations on PostgreSQL', () => {
  it('are applied once when four processes start at once on an empty database', async () => {
    const adminUrl = (template as { adminUrl: string }).adminUrl;
    const name = `migrate_once_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const processes = Array.from({ length: 4 }, () => openPostgres(url.toString(), 2));
    try {
      await Promise.all(processes.map((p) => p.migrate()));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      try {
        const applied = await check.query(
          'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0].n).toBeGreaterThan(30);
        expect(applied.rows[0].d).toBe(applied.rows[0].n);
        expect((await check.query('select count(*)::int as n from users')).rows[0].n).toBe(0);
      } finally {
        await check.end();
      }
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
