import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './bench-host.ts';

/*
 * A throw-away PostgreSQL server for a bench: initdb in a folder the caller owns (and removes), on a
 * free loopback port, its socket in that folder. PostgreSQL refuses to run as root, so when we are
 * root every tool runs as the postgres user (runuser), which then owns the folder.
 */

/** The PostgreSQL binaries: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin (Debian). */
export function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('no PostgreSQL server under /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

export interface ThrowawayPostgres {
  url: string;
  /** PostgreSQL's own log (print it when a bench fails). */
  log: string;
  version: string;
  start(): void;
  /** `pg_ctl stop -m fast`. */
  stop(): void;
  /** `pg_ctl stop -m immediate` (a crash, as far as the data is concerned); nothing if it is not running. */
  stopImmediate(): void;
  /** The postmaster's pid while it runs (its backends are its children). */
  postmasterPid(): number;
}

/**
 * initdb in `dir` (empty, the caller removes it). `durable: false` turns fsync, synchronous_commit
 * and full_page_writes off, as in CI; `true` keeps PostgreSQL's defaults (crash tests).
 * Not started: call `start()`.
 */
export async function initPostgres(
  dir: string,
  opts: { durable: boolean; maxConnections: number },
): Promise<ThrowawayPostgres> {
  const bin = pgBin();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const durability = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir}${durability} -c max_connections=${opts.maxConnections}`;
  const pidFile = path.join(data, 'postmaster.pid');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log,
    version: execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim(),
    start: () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '120', '-o', options, 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    stopImmediate: () => {
      if (existsSync(pidFile)) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    postmasterPid: () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]),
  };
}
