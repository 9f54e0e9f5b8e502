import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { keepsSessions } from './auth.ts';

/**
 * Several API processes on one PostgreSQL: a write in one empties the session caches of all.
 * See docs/decisions/029-session-cache-across-processes.md.
 *
 * After each request that may change a session (`keepsSessions` in plugins/auth.ts says which do
 * not), this process sends NOTIFY on CHANNEL before its answer leaves; every process LISTENs on a
 * connection of its own and empties its session cache when another one wrote. The cache's few
 * seconds remain the bound while the listening connection is down (it reconnects; what it may have
 * missed empties the cache).
 */
export const CHANNEL = 'incentive_session_cache';
const RECONNECT_MS = 1000;

export interface SessionSync {
  /** True while the listening connection is up. */
  readonly listening: boolean;
  /** Notifications from other processes received so far. */
  readonly received: number;
  /** Notifications this process asked to send so far (one per write that tells, decision 041). */
  readonly sent: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present on PostgreSQL (DATABASE_URL) only: PGlite serves a single process. */
    sessionSync?: SessionSync;
  }
}

export const sessionSyncPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config?.DATABASE_URL;
  if (!url) return;
  // Tells this process's own notifications apart from the others'.
  const self = randomBytes(8).toString('hex');
  let client: pg.Client | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  const state = { listening: false, received: 0, sent: 0 };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      state.listening = false;
      // Whatever was written meanwhile went unheard: start over from the database.
      app.sessionCache.clear();
      if (closing) return;
      app.log.warn(`session cache sync: connection lost${err ? ` (${err.message})` : ''}; retrying`);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || msg.payload === self) return;
      state.received += 1;
      app.sessionCache.clear();
    });
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      state.listening = true;
      // Writes made before LISTEN took effect were not heard.
      app.sessionCache.clear();
    } catch (err) {
      lost(err as Error);
      await c.end().catch(() => {});
    }
  };
  await connect();

  // One NOTIFY at a time; a write that finishes while one is on its way waits for the next, which
  // starts after its own commit (an earlier one could reach the others before that commit).
  let inFlight: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const send = (): Promise<void> => {
    const p = app.db
      .execute(sql`select pg_notify(${CHANNEL}, ${self})`)
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, 'session cache sync: NOTIFY failed'))
      .finally(() => {
        inFlight = undefined;
      });
    inFlight = p;
    return p;
  };
  const notify = (): Promise<void> => {
    if (!inFlight) return send();
    queued ??= inFlight.then(() => {
      queued = undefined;
      return notify();
    });
    return queued;
  };

  app.decorate('sessionSync', state);
  // A read, or a write that changes no session, has nothing to tell: callback style, no promise.
  app.addHook('onSend', (req, _reply, _payload, done) => {
    if (keepsSessions(req)) return done();
    state.sent += 1;
    notify().then(() => done(), done);
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    state.listening = false;
    await c?.end().catch(() => {});
  });
});
