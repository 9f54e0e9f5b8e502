import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The real `node --import tsx apps/api/src/server.ts` on a fresh embedded database, with a loader
 * hook (test/import-recorder.mjs) that writes down every module the process loads. The demo
 * generator (@faker-js/faker) is loaded only by a start that seeds.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const recorder = path.join(apiDir, 'test', 'import-recorder.mjs');
const tmpDirs: string[] = [];

afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => rm(d, { recursive: true, force: true })));
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server until it is listening, stops it with SIGTERM, and returns the modules it loaded. */
async function modulesLoadedByStart(seedDemo: boolean): Promise<string[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'incentive-server-start-'));
  tmpDirs.push(tmp);
  const log = path.join(tmp, 'imports.log');
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', recorder, 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      SEED_DEMO: String(seedDemo),
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'warn',
      IMPORT_LOG: log,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  child.kill('SIGTERM');
  expect(await exited, output).toBe(0);
  expect(existsSync(log)).toBe(true);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const isFaker = (url: string) => url.includes('/@faker-js/faker/');

describe('server start', () => {
  it('does not load the demo generator when it does not seed', async () => {
    const loaded = await modulesLoadedByStart(false);
    // The recorder saw the application itself, so an empty answer below is not an accident.
    expect(loaded.some((u) => u.endsWith('/src/app.ts'))).toBe(true);
    expect(loaded.filter(isFaker)).toEqual([]);
  }, 90_000);

  it('loads it to seed an empty database', async () => {
    const loaded = await modulesLoadedByStart(true);
    expect(loaded.some(isFaker)).toBe(true);
  }, 120_000);
});
