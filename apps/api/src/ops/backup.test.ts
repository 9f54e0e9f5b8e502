import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { openPglite, openPostgres } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { checkLedger } from '../modules/wallet/ledger-check.ts';
import { BackupRefused, backupEmbedded, restoreEmbedded } from './embedded-backup.ts';

/*
 * Issue 32 point 3 (decision 070): a backup of the embedded database restores to the same books,
 * never while a server holds it; a PostgreSQL database goes through pg_dump and pg_restore the
 * way docs/production.md says, and its books hold after.
 */

const template = inject('dbTemplate');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

const userName = async (db: pg.Pool | Parameters<typeof queryRows>[0]) => {
  const [row] = await queryRows<{ name: string }>(
    db as Parameters<typeof queryRows>[0],
    sql`select name from users order by id limit 1`,
  );
  return row?.name;
};

describe.runIf(template.kind === 'pglite')('npm run backup and npm run restore (the embedded database)', () => {
  it('round-trips the demo database with its books, refuses while a server holds it, and keeps what it replaced', async () => {
    const dataDir = await tempDir('incentive-backup-');
    // DATA_DIR/db holding the seeded demo, as a server leaves it when stopped.
    const seeded = await openPglite({
      dir: path.join(dataDir, 'db'),
      loadDataDir: new Blob([await readFile((template as { dumpFile: string }).dumpFile)]),
    });
    const before = await checkLedger(seeded.db);
    const name = await userName(seeded.db);
    await seeded.close();
    expect(before.ok).toBe(true);
    expect(before.users_checked).toBeGreaterThan(0);

    const backup = await backupEmbedded(dataDir);
    expect(path.dirname(backup.file)).toBe(path.join(dataDir, 'backups'));
    expect(backup.file).toMatch(/incentive-\d{8}-\d{6}\.tar\.gz$/);
    expect(backup.bytes).toBeGreaterThan(100_000);
    expect(backup.ledger).toMatchObject({ ok: true, users_checked: before.users_checked, totals: before.totals });
    expect(readdirSync(path.join(dataDir, 'backups')).filter((f) => f.endsWith('.partial'))).toEqual([]);
    await expect(backupEmbedded(dataDir, backup.file)).rejects.toThrow(/exists; name another file/);

    // A server holds DATA_DIR/db (its pid in the lock file, alive): neither touches it.
    const lock = path.join(dataDir, 'db.lock');
    writeFileSync(lock, String(process.ppid));
    await expect(backupEmbedded(dataDir, path.join(dataDir, 'other.tar.gz'))).rejects.toThrow(
      new RegExp(`the server \\(process ${process.ppid}\\) is using`),
    );
    await expect(restoreEmbedded(dataDir, backup.file)).rejects.toBeInstanceOf(BackupRefused);
    expect(existsSync(path.join(dataDir, 'other.tar.gz'))).toBe(false);
    await rm(lock);

    // Life goes on after the backup…
    const live = await openPglite({ dir: path.join(dataDir, 'db') });
    await live.db.execute(sql`update users set name = 'Po kopii' where id = (select min(id) from users)`);
    await live.close();

    // …a file that is not a backup changes nothing…
    const junk = path.join(dataDir, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    await expect(restoreEmbedded(dataDir, junk)).rejects.toThrow(/not a backup of this product's database/);
    const still = await openPglite({ dir: path.join(dataDir, 'db') });
    expect(await userName(still.db)).toBe('Po kopii');
    await still.close();

    // …and the restore brings back the backup's database, keeping the replaced one aside.
    const restored = await restoreEmbedded(dataDir, backup.file);
    expect(restored.keptAside).toMatch(/db\.before-restore-\d{8}-\d{6}$/);
    expect(existsSync(path.join(restored.keptAside ?? '', 'PG_VERSION'))).toBe(true);
    const back = await openPglite({ dir: path.join(dataDir, 'db') });
    try {
      expect(await userName(back.db)).toBe(name);
      const after = await checkLedger(back.db);
      expect(after).toMatchObject({ ok: true, users_checked: before.users_checked, totals: before.totals });
    } finally {
      await back.close();
    }
  });
});

/** Debian's PostgreSQL client programs (pg_dump, pg_restore), on PATH or under /usr/lib/postgresql. */
function pgTool(name: string): string {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return name;
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    for (const v of versions) if (existsSync(path.join(root, v, 'bin', name))) return path.join(root, v, 'bin', name);
    throw new Error(`${name} is not installed (apt-get install postgresql-client)`);
  }
}

describe.runIf(template.kind === 'postgres')('pg_dump and pg_restore (PostgreSQL, docs/production.md)', () => {
  it('restores a dump into a new database with the same books', async () => {
    const source = await openTestDatabase();
    const dir = await tempDir('incentive-pgdump-');
    const file = path.join(dir, 'incentive.dump');
    const adminUrl = (template as { adminUrl: string }).adminUrl;
    const target = `restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const before = await checkLedger(source.db);
      // As the guide says: the custom format, without owners (the restoring role owns what it makes).
      execFileSync(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--file', file, source.url ?? ''], {
        stdio: 'pipe',
      });
      await admin.query(`CREATE DATABASE "${target}"`);
      const targetUrl = new URL(adminUrl);
      targetUrl.pathname = `/${target}`;
      execFileSync(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', targetUrl.toString(), file], {
        stdio: 'pipe',
      });
      const restored = openPostgres(targetUrl.toString(), 2);
      try {
        const after = await checkLedger(restored.db);
        expect(after).toMatchObject({ ok: true, users_checked: before.users_checked, totals: before.totals });
        expect(await userName(restored.db)).toBe(await userName(source.db));
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
      await admin.end();
      await source.close();
    }
  });
});
