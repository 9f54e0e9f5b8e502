import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LedgerCheck } from '@incentive/contracts';
import { embeddedDatabaseHolder, openPglite } from '../db/client.ts';
import { StartupError } from '../lib/startup-error.ts';
import { hasWallets } from '../modules/wallet/ledger-check.repo.ts';
import { checkLedger } from '../modules/wallet/ledger-check.ts';

/*
 * Backups of the embedded database (issue 32 point 3, decision 070): `npm run backup` and
 * `npm run restore`. PGlite serves one process: a copy of its files taken while the server runs may
 * not open, so both refuse while a server holds DATA_DIR/db, and the copy is PGlite's own dump of a
 * database this process opened (a tarball, gzip). Every backup is opened again and its books
 * checked before it is called good; a restore checks the file the same way before it touches
 * anything, and keeps the database it replaces beside it. On PostgreSQL, pg_dump and pg_restore
 * (docs/production.md).
 */

/** Refused: one line saying why and what to do; nothing was written. */
export class BackupRefused extends StartupError {}

const dbDir = (dataDir: string) => path.join(dataDir, 'db');
const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

function refuseWhileRunning(dataDir: string, what: string) {
  const pid = embeddedDatabaseHolder(dbDir(dataDir));
  if (pid !== null) {
    throw new BackupRefused(
      `${what}: the server (process ${pid}) is using ${dbDir(dataDir)}; a copy of a running embedded database may not open. Stop it (SIGTERM or Ctrl+C), run this again, then start it.`,
    );
  }
}

/** Opens a dump in memory and checks its books: the proof that the file restores. */
async function checkDump(blob: Blob, what: string): Promise<LedgerCheck> {
  const copy = await openPglite({ loadDataDir: blob }).catch((err: unknown) => {
    throw new BackupRefused(`${what}: the file is not a backup of this product's database (${String(err)}).`);
  });
  try {
    if (!(await hasWallets(copy.db))) {
      throw new BackupRefused(`${what}: the file holds none of this product's tables (no wallets).`);
    }
    return await checkLedger(copy.db);
  } finally {
    await copy.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ledger: LedgerCheck;
}

/** Writes a dump of DATA_DIR/db to `file` (default DATA_DIR/backups/incentive-<time>.tar.gz) and checks it. */
export async function backupEmbedded(dataDir: string, file?: string): Promise<BackupResult> {
  refuseWhileRunning(dataDir, 'Backup');
  if (!existsSync(path.join(dbDir(dataDir), 'PG_VERSION'))) {
    throw new BackupRefused(`Backup: no database in ${dbDir(dataDir)}, nothing written. Set DATA_DIR to the server's.`);
  }
  const target = path.resolve(file ?? path.join(dataDir, 'backups', `incentive-${stamp()}.tar.gz`));
  if (existsSync(target)) throw new BackupRefused(`Backup: ${target} exists; name another file.`);
  const database = await openPglite({ dir: dbDir(dataDir) });
  let blob: Blob;
  try {
    // The dump of the database as this process sees it: every committed transaction, nothing half-written.
    blob = (await database.dumpDataDir?.('gzip')) as Blob;
  } finally {
    await database.close();
  }
  const ledger = await checkDump(blob, 'Backup');
  mkdirSync(path.dirname(target), { recursive: true });
  // Written under another name first: a backup interrupted half-way never has the final name.
  const partial = `${target}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()), { flush: true });
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, ledger };
}

export interface RestoreResult {
  /** Where the database that was replaced now is (null: there was none). */
  keptAside: string | null;
  ledger: LedgerCheck;
}

/** Replaces DATA_DIR/db with the backup in `file`, after checking the file; the old database is moved aside, never deleted. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<RestoreResult> {
  refuseWhileRunning(dataDir, 'Restore');
  if (!existsSync(file)) throw new BackupRefused(`Restore: no file ${path.resolve(file)}; nothing changed.`);
  const blob = new Blob([readFileSync(file)]);
  const ledger = await checkDump(blob, 'Restore');
  if (!ledger.ok) {
    throw new BackupRefused(
      `Restore: the books in ${file} do not balance (npm run ledger:check on a copy says which); nothing changed.`,
    );
  }
  const dir = dbDir(dataDir);
  let keptAside: string | null = null;
  if (existsSync(dir)) {
    keptAside = `${dir}.before-restore-${stamp()}`;
    renameSync(dir, keptAside);
  }
  const restored = await openPglite({ dir, loadDataDir: blob });
  await restored.close();
  return { keptAside, ledger };
}
