import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkParams, parseMail } from '../test/mail.ts';

/*
 * The real `node --import tsx apps/api/src/server.ts` on a fresh embedded database, with a loader
 * hook (test/import-recorder.mjs) that writes down every module the process loads. The demo
 * generator (@faker-js/faker) is loaded only by a start that seeds.
 *
 * Then the start as `npm start` runs it: a production start seeds no demo and prints no demo
 * password, says that no e-mail leaves the machine without SMTP_URL, and can create its first (root)
 * account; a bad setting is one line naming it, exit code 1.
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string;
/** Every server this file started, so none outlives it (a failed test included). */
const children = new Set<ChildProcess>();

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'incentive-start-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await rm(tmp, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|SMTP_URL|SEED_DEMO|ROOT_EMAIL|NODE_ENV|PORT)$/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...clean, WEB_DIST: path.join(tmp, 'no-web'), SCRYPT_LOG_N: '12', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(s: Started, pattern: RegExp, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(s.output())) {
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}):\n${s.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(s: Started) {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  return s.exited;
}

describe('a bad setting stops the start with one line that names it', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = path.join(tmp, 'bad');
  });

  // Every variable's message is in config.unit.test.ts; these prove the process prints it alone and exits 1.
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['SMTP_URL', { SMTP_URL: 'http://user:hunter2@mail.example.com' }],
  ])(
    '%s: %j',
    async (variable, env) => {
      const s = startServer({ DATA_DIR: dataDir, ...env });
      expect(await s.exited).toBe(1);
      const lines = s.output().trim().split('\n');
      expect(lines, s.output()).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${variable} must be `));
      expect(s.output()).not.toContain('hunter2');
      expect(s.output()).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it('DATABASE_URL of a server nobody answers at', async () => {
    const port = await freePort();
    const s = startServer({ DATA_DIR: dataDir, DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/incentive` });
    expect(await s.exited).toBe(1);
    expect(s.output().trim()).toBe(
      `DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:${port}/incentive (connect ECONNREFUSED 127.0.0.1:${port}). Start PostgreSQL there, or correct DATABASE_URL (postgres://user:password@host:5432/database).`,
    );
  }, 60_000);

  it('PORT already in use', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const s = startServer({
        DATA_DIR: path.join(tmp, 'busy'),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(await s.exited).toBe(1);
      const lines = s.output().trim().split('\n');
      // The production warning about mail may come first; the failure is the last line, alone.
      expect(lines.at(-1)).toBe(
        `PORT: ${port} is already in use on 127.0.0.1; stop the program using it or set another PORT.`,
      );
      expect(s.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  }, 180_000);

  it('an embedded database whose files are damaged: one line naming DATA_DIR and the recovery, files untouched', async () => {
    // What PGlite finds after a disk fault or a copy taken while it ran: a zeroed control file.
    const dataDir = path.join(tmp, 'damaged');
    const db = path.join(dataDir, 'db');
    await mkdir(path.join(db, 'global'), { recursive: true });
    await writeFile(path.join(db, 'PG_VERSION'), '18\n');
    await writeFile(path.join(db, 'global', 'pg_control'), Buffer.alloc(8192));
    const s = startServer({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
    });
    expect(await s.exited).toBe(1);
    const last = s.output().trim().split('\n').at(-1);
    expect(last, s.output()).toBe(
      `DATA_DIR: the embedded database in ${db} cannot be opened (PGlite: PGlite failed to initialize properly); its files look damaged. Nothing was changed. To recover, stop the server, move ${db} aside and restore it from your last backup of DATA_DIR (a copy taken while the server was stopped), then run npm run ledger:check; or set another DATA_DIR to start empty.`,
    );
    expect(s.output()).not.toMatch(/\n\s+at /);
    expect((await readFile(path.join(db, 'global', 'pg_control'))).equals(Buffer.alloc(8192))).toBe(true);
    // The lock is released: the next start fails the same way, not as "in use".
    expect(existsSync(`${db}.lock`)).toBe(false);
  }, 60_000);
});

describe('a production start', () => {
  it('seeds no demo, prints no demo password, says mail stays on the machine, and creates the first root account', async () => {
    const dataDir = path.join(tmp, 'prod');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const s = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ROOT_EMAIL: 'szef@firma.pl',
    });
    try {
      await waitFor(s, /is running at/);
      const out = s.output();
      expect(out).toContain('NOT SENT: no SMTP_URL, so no e-mail leaves this machine');
      expect(out).toContain('"msg":"SMTP_URL is not set: no e-mail leaves this machine');
      expect(out).toContain('Demo data: none (production: set SEED_DEMO=true to seed an empty database)');
      expect(out).not.toContain('Demo1234!');
      expect(out).not.toContain('root@example.com');
      expect(out).toContain('Root account created for szef@firma.pl');

      const demoLogin = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'root@example.com', password: 'Demo1234!' }),
      });
      expect(demoLogin.status).toBe(401);

      // The root's link is in the outbox (and the log says so, without the link).
      const outbox = path.join(dataDir, 'outbox');
      const [file] = await readdir(outbox);
      expect(out).toContain(`"file":"${path.join(outbox, file as string)}"`);
      const link = linkParams(parseMail(await readFile(path.join(outbox, file as string), 'utf8')).link as string);
      expect(link.email).toBe('szef@firma.pl');
      expect(s.output()).not.toContain(link.token);
      const set = await fetch(`${base}/api/set-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...link,
          password: 'Pierwsze-Haslo-1',
          password_confirmation: 'Pierwsze-Haslo-1',
          rules: true,
        }),
      });
      expect(set.status).toBe(200);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'szef@firma.pl', password: 'Pierwsze-Haslo-1' }),
      });
      expect(login.status).toBe(200);
    } finally {
      expect(await stop(s)).toBe(0);
    }

    // A second start finds its root account and creates nothing.
    const again = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      ROOT_EMAIL: 'inny@firma.pl',
    });
    try {
      await waitFor(again, /is running at/);
      expect(again.output()).not.toContain('Root account created');
      expect(again.output()).not.toContain('Demo accounts');
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 300_000);
});
