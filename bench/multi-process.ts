import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, tempDir as makeTempDir, sleep } from './bench-host.ts';
import { initPostgres } from './throwaway-postgres.ts';

/*
 * What a bench of several API processes on one throw-away PostgreSQL needs (bench/scale-out.ts,
 * bench/mixed-day.ts): a clean-up list that runs once on the end, a failure, Ctrl-C or a watchdog;
 * PostgreSQL, the API processes (the real server.ts) and the round-robin proxy each started with
 * their undo registered; and the CPU seconds each of them used, read from /proc.
 */

export interface BenchRun {
  /** Registers an undo; they run once, newest first. */
  onCleanUp(undo: () => void | Promise<void>): void;
  cleanUp(): Promise<void>;
  /** A temp dir removed at clean-up. */
  tempDir(prefix: string): string;
  /** Stops the watchdog (call after the clean-up at the end). */
  done(): void;
  /** Processes whose CPU time `cpuSnapshot` reads: name and how to find their pids. */
  watched: { name: string; pids: () => number[] }[];
  /** Runs the bench: a failure prints its error and the tail of PostgreSQL's log, exit code 1; clean-up always. */
  main(body: () => Promise<void>): Promise<void>;
}

/**
 * The clean-up list, with SIGINT/SIGTERM handlers and a watchdog that stops the whole bench
 * (cleaning up) after `watchdogMs` whatever it is doing.
 */
export function benchRun(watchdogMs: number): BenchRun {
  const cleanups: (() => void | Promise<void>)[] = [];
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (err) {
        console.error(`clean-up: ${(err as Error).message}`);
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`${signal}: stopping`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`watchdog: the bench ran over ${watchdogMs / 1000} s; stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, watchdogMs);
  watchdog.unref();
  const run: BenchRun = {
    onCleanUp: (undo) => cleanups.push(undo),
    cleanUp,
    tempDir: (prefix) => makeTempDir(prefix, (undo) => cleanups.push(undo)),
    done: () => clearTimeout(watchdog),
    watched: [],
    async main(body) {
      try {
        await body();
      } catch (err) {
        console.error(err);
        const pgLog = postgresLogs.get(run);
        if (pgLog && existsSync(pgLog)) console.error(`PostgreSQL's log:\n${readFileSync(pgLog, 'utf8').slice(-3000)}`);
        process.exitCode = 1;
      } finally {
        await cleanUp();
        run.done();
      }
    },
  };
  return run;
}

/** The log of the PostgreSQL a run started, shown when the run fails. */
const postgresLogs = new WeakMap<BenchRun, string>();

/** Stops a child: SIGTERM, then SIGKILL if it is still there after a few seconds. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---- PostgreSQL 15 in a temp dir ----

/** A started throw-away PostgreSQL (fsync off, as in CI), stopped at clean-up; `log` is its own log. */
export async function startPostgres(
  run: BenchRun,
  prefix: string,
  maxConnections = 100,
): Promise<{ url: string; version: string; log: string }> {
  const pg = await initPostgres(run.tempDir(prefix), { durable: false, maxConnections });
  run.onCleanUp(() => pg.stopImmediate());
  try {
    pg.start();
  } catch (err) {
    if (existsSync(pg.log)) console.error(readFileSync(pg.log, 'utf8'));
    throw err;
  }
  postgresLogs.set(run, pg.log);
  const postmaster = pg.postmasterPid();
  run.watched.push({ name: 'PostgreSQL', pids: () => postgresPids(postmaster) });
  return { url: pg.url, version: pg.version, log: pg.log };
}

// ---- The API processes ----

export interface Api {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** The last 20,000 characters the process wrote to stderr (its warnings and errors). */
  stderr(): string;
}

/**
 * The real server (apps/api/src/server.ts) in its own process on `databaseUrl`, in production mode,
 * on a free port; resolves once /api/health answers. `env` adds to or overrides the defaults.
 */
export async function startApi(
  run: BenchRun,
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Api> {
  const dataDir = run.tempDir(`bench-api-${name}-`);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // What this measures, not the one-time mail to every rep about the seeded challenge (decision 065).
      NOTICE_SCAN_SECONDS: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://app.test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  run.onCleanUp(() => stopChild(child));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // At load average 15 on 2 cores a start-up (tsx compiling the routes) once took over 60 s.
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`API ${name} exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) {
        run.watched.push({ name: `API ${name.toUpperCase()}`, pids: () => (child.pid ? [child.pid] : []) });
        return { url, dataDir, child, stderr: () => stderr };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`API ${name} did not answer /api/health within 120 s:\n${stderr}`);
}

// ---- The proxy ----

export interface Proxy {
  url: string;
  use(upstreams: string[]): Promise<void>;
}

/** `tcp`: the L4 round-robin (round-robin-proxy.ts); `http`: the HTTP-level proxy of session 7 (http-proxy.ts). */
export async function startProxy(run: BenchRun, kind: 'tcp' | 'http' = 'tcp'): Promise<Proxy> {
  const file = kind === 'http' ? 'http-proxy.ts' : 'round-robin-proxy.ts';
  const child = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  run.onCleanUp(() => stopChild(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}`)));
    child.on('message', (m: { ready?: number }) => {
      if (m.ready) resolve(m.ready);
    });
  });
  run.watched.push({ name: 'proxy', pids: () => (child.pid ? [child.pid] : []) });
  return {
    url: `http://127.0.0.1:${port}`,
    use: (upstreams) =>
      new Promise((resolve) => {
        const onMessage = (m: { upstreams?: number }) => {
          if (m.upstreams === upstreams.length) {
            child.off('message', onMessage);
            resolve();
          }
        };
        child.on('message', onMessage);
        child.send({ upstreams });
      }),
  };
}

// ---- Who used the CPU (Linux /proc; clock ticks are 1/100 s) ----

/** user + system CPU seconds of a process (with its waited-for children's when `children`). */
function cpuOf(pid: number, children = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields 14-17 of proc(5): utime, stime, cutime, cstime (f starts at field 3).
    return ((f[11] ?? 0) + (f[12] ?? 0) + (children ? (f[13] ?? 0) + (f[14] ?? 0) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** A PostgreSQL server: the postmaster and every backend it forked. */
function postgresPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** CPU seconds so far of each watched process, and of this one ('load generator'). */
export function cpuSnapshot(run: BenchRun): Map<string, number> {
  const snap = new Map<string, number>();
  for (const w of run.watched) {
    snap.set(
      w.name,
      // The postmaster's waited-for children: backends that have exited (ended connections).
      w.pids().reduce((sum, pid, i) => sum + cpuOf(pid, w.name === 'PostgreSQL' && i === 0), 0),
    );
  }
  const self = process.cpuUsage();
  snap.set('load generator', (self.user + self.system) / 1e6);
  return snap;
}

/** CPU seconds each watched process used since `before`. */
export function cpuSince(run: BenchRun, before: Map<string, number>): Map<string, number> {
  const used = new Map<string, number>();
  for (const [name, v] of cpuSnapshot(run)) used.set(name, v - (before.get(name) ?? 0));
  return used;
}

export const cpuLine = (used: Map<string, number>, seconds: number) =>
  `CPU s: ${[...used].map(([name, v]) => `${name} ${v.toFixed(1)}`).join(', ')} (of ${(seconds * os.cpus().length).toFixed(0)} core-s)`;
