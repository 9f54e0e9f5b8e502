import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run ledger:check` on a data directory that holds no database: one line, exit code 1, and
 * nothing created (it used to create an empty database and answer 'OK (0 wallets)').
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmpDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => rm(d, { recursive: true, force: true })));
});

function ledgerCheck(dataDir: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/wallet/ledger-check.cli.ts'], {
    cwd: apiDir,
    env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run ledger:check without a database', () => {
  it('refuses an empty data directory in one line, exit 1, and leaves it empty', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'incentive-ledger-empty-'));
    tmpDirs.push(dir);
    const r = ledgerCheck(dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `Ledger check: no database in ${path.join(dir, 'db')}, nothing checked. Set DATA_DIR to the directory the server uses (or DATABASE_URL for PostgreSQL).`,
    ]);
    expect(r.stderr).not.toContain('OK');
    expect(await readdir(dir)).toEqual([]);
  }, 90_000);

  it('refuses a data directory that does not exist, and does not create it', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'incentive-ledger-missing-'));
    tmpDirs.push(parent);
    const dir = path.join(parent, 'typo');
    const r = ledgerCheck(dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(`no database in ${path.join(dir, 'db')}`);
    expect(existsSync(dir)).toBe(false);
  }, 90_000);
});
