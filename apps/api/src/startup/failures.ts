import { StartupError } from '../lib/startup-error.ts';

/** "localhost:5432/incentive": where DATABASE_URL points, without the user or password. */
function whereTo(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** The driver's own error under the ORM's wrapper ("Failed query: …"). */
function rootCause(err: unknown): unknown {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e;
}

/** The first query on PostgreSQL failed: say which setting to fix, and how. */
export function databaseFailure(url: string, err: unknown): StartupError {
  const cause = rootCause(err);
  const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
  return new StartupError(
    `DATABASE_URL: cannot use PostgreSQL at ${whereTo(url)} (${reason}). Start PostgreSQL there, or correct DATABASE_URL (postgres://user:password@host:5432/database).`,
  );
}

/** listen() failed: the usual causes are the port and the host. */
export function listenFailure(err: unknown, port: number, host: string): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `PORT: ${port} is already in use on ${host}; stop the program using it or set another PORT.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`PORT: this user may not listen on port ${port}; set PORT to a number above 1023.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(
      `HOST: ${host} is not an address of this machine; set HOST=0.0.0.0 (all) or HOST=127.0.0.1.`,
    );
  }
  return err;
}
