import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { E2E_ALONE_PROJECT, E2E_WORKERS } from './support/workers.ts';

/** One server of the run: where it listens and where its SMTP server stores the mail it sends. */
export interface E2eServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** Folder where this server's test SMTP server drops every received message as one JSON file. */
  mailDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: a file uses `e2eServers[VITEST_POOL_ID - 1]` (e2e/support/env.ts). */
    e2eServers: E2eServer[];
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');

/**
 * One real server per worker of the browser suite (the e2e project runs two files at once, each
 * worker against its own server, so no file sees another's data or sessions):
 * - a local SMTP server (smtp-server) that stores each message under a temp folder, so tests read mail;
 * - `node --import tsx apps/api/src/server.ts` on a free port with its own DATA_DIR (PGlite), a copy of
 *   the run's one demo-seeded folder (`seededTemplate`), hashing passwords at the API tests' scrypt
 *   cost (see `env` below),
 *   sending its mail to that SMTP server;
 * - it waits for /api/health and hands the servers to the tests (`inject('e2eServers')`).
 * The web app must already be built (`npm run test:e2e` builds it first).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (or `npm run test:e2e`, which builds).');
  }
  mkdirSync(resultsDir, { recursive: true });
  const template = await seededTemplate();
  // One server per worker: the files that run alone need one.
  const count = project.name === E2E_ALONE_PROJECT ? 1 : E2E_WORKERS;
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => startServer(project.name, i + 1, template)),
  );
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    'e2eServers',
    servers.map(({ baseUrl, mailDir }) => ({ baseUrl, mailDir })),
  );
  console.log(
    `[e2e] ${servers.length} server(s) ready in ${Date.now() - started} ms: ${servers.map((s) => s.baseUrl).join(', ')}`,
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

/**
 * One data folder seeded with the demo data for the whole run (both browser projects' servers): the
 * server seeds it on its first start and is stopped (PGlite closes its files cleanly), and every
 * server of the run starts on a copy. Seeding once instead of once a server saves about 20 s of CPU
 * a server on the 2-core machine (decision 055). Removed when the process exits.
 */
function seededTemplate(): Promise<string> {
  // On globalThis: vitest loads this file once for each browser project, in the same process.
  const run = globalThis as { e2eTemplate?: Promise<string> };
  run.e2eTemplate ??= (async () => {
    const started = Date.now();
    const server = await startServer('template', 0);
    await server.stop({ keepData: true });
    process.once('exit', () => rmSync(server.tmp, { recursive: true, force: true }));
    console.log(`[e2e] demo data seeded once in ${Date.now() - started} ms`);
    return server.dataDir;
  })();
  return run.e2eTemplate;
}

/**
 * The real server number `n` of the run with its own SMTP server, mail folder and PGlite data: a copy
 * of `fromData` (a seeded data folder), or a fresh folder the server seeds on its first start.
 */
async function startServer(
  project: string,
  n: number,
  fromData?: string,
): Promise<E2eServer & { stop: (o?: { keepData?: boolean }) => Promise<void>; tmp: string; dataDir: string }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'incentive-e2e-'));
  const dataDir = path.join(tmp, 'data');
  const mailDir = path.join(tmp, 'mail');
  mkdirSync(mailDir, { recursive: true });
  if (fromData) await cp(fromData, dataDir, { recursive: true });

  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // One log per server and run (runs may overlap); kept only when the server logged a warning or an error.
  const logFile = path.join(resultsDir, `e2e-server-${process.pid}-${project}-${n}.log`);
  const log = createWriteStream(logFile);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // scrypt at N=2^12, as the API tests do, not production's 2^17: a sign-in then costs the server
    // about 10 ms of CPU instead of 440 ms and 128 MB the kernel must zero. Nothing in the browser
    // suite is about the hash's strength (a hash carries its own cost; the API's tests cover it),
    // and the run signs in about 150 times (decision 055, point 15).
    SCRYPT_LOG_N: '12',
    // No scan for what time announces: a journey's new quiz would mail every seeded rep (the API's
    // notices.test.ts covers the scan).
    NOTICE_SCAN_SECONDS: '0',
  };
  // The browser suite always runs on a fresh embedded PGlite, never on a developer's PostgreSQL.
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async ({ keepLog = false, keepData = false } = {}) => {
    process.off('exit', killOnExit);
    await stopProcess(server);
    await new Promise<void>((resolve) => log.end(() => resolve()));
    await smtp.close();
    if (!keepData) await rm(tmp, { recursive: true, force: true });
    if (!keepLog && !/^\{/m.test(readFileSync(logFile, 'utf8'))) await rm(logFile, { force: true });
  };

  try {
    // Two servers seed at once on a shared 2-core machine: give them the time a loaded machine needs.
    await waitForHealth(baseUrl, server, 600_000);
  } catch (err) {
    await stop({ keepLog: true });
    const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`${(err as Error).message}\n--- server log (${logFile}) ---\n${tail}`);
  }
  return { baseUrl, mailDir, stop, tmp, dataDir };
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const p = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(p));
    });
  });
}

/** Plain SMTP on 127.0.0.1 without TLS or auth; every message lands in `dir` as {to, from, raw}. */
async function startSmtp(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let seq = 0;
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const message = {
          receivedAt: Date.now(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        seq += 1;
        const file = path.join(dir, `${String(Date.now())}-${String(seq).padStart(4, '0')}.json`);
        writeFile(file, JSON.stringify(message)).then(() => callback(), callback);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e server did not answer /api/health within ${timeoutMs} ms`);
}

/** SIGTERM (the server closes PGlite cleanly), then SIGKILL if it is still there after 15 s. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
