import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { repPool } from '../../test/sales-fixtures.ts';
import { bearer, openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { CHANNEL } from './session-sync.ts';

/*
 * Two API instances on one PostgreSQL database, each with its own pool and a session cache that
 * would keep a token for a minute: what one of them revokes, the other refuses once the
 * notification arrives, long before its cache would lapse. (PGlite serves one process: nothing to sync.)
 */
const onPostgres = inject('dbTemplate').kind === 'postgres';

interface Instance {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
}

describe.skipIf(!onPostgres)('session cache across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let shared: Database & { url?: string };
  let a: Instance;
  let b: Instance;

  const start = async (url: string): Promise<Instance> => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-sync-test-'));
    const database = openPostgres(url, 3);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SCRYPT_LOG_N: '12',
      SESSION_CACHE_SECONDS: '60',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, db: database.db, serveWeb: false });
    await app.ready();
    return { app, database, dataDir };
  };
  const stop = async (i: Instance | undefined) => {
    await i?.app.close();
    await i?.database.close();
    if (i) await rm(i.dataDir, { recursive: true, force: true });
  };

  beforeAll(async () => {
    shared = await openTestDatabase();
    if (!shared.url) throw new Error('no database URL');
    a = await start(shared.url);
    b = await start(shared.url);
  });
  afterAll(async () => {
    await stop(a);
    await stop(b);
    await shared?.close();
  });

  const login = async (on: Instance, email: string) => {
    const res = await on.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const me = (on: Instance, token: string) => on.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  /** Resolves once `on` has heard another instance's write after `before`. */
  const heard = (on: Instance, before: number) =>
    vi.waitFor(() => expect(on.app.sessionSync?.received).toBeGreaterThan(before), { timeout: 10_000, interval: 5 });

  it('listens on each instance', () => {
    expect(a.app.sessionSync?.listening).toBe(true);
    expect(b.app.sessionSync?.listening).toBe(true);
  });

  it('does not empty its own cache twice: an instance ignores its own notifications', async () => {
    // First, while A has written nothing yet: whatever B hears could only be its own.
    const token = await login(b, 'rks@example.com');
    expect((await b.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    await heard(a, 1);
    expect(b.app.sessionSync?.received).toBe(0);
  });

  it('refuses on B a token logged out through A, although B had just cached it for a minute', async () => {
    const token = await login(a, 'provider@example.com');
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);
    const before = b.app.sessionSync?.received ?? 0;
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    await heard(b, before);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('refuses on B the sessions of a user deactivated through A', async () => {
    const admin = await login(a, 'admin@example.com');
    const token = await login(a, 'seller@example.com');
    const meOnB = await me(b, token);
    expect(meOnB.statusCode).toBe(200);
    const id = meOnB.json<{ id: number }>().id;
    const before = b.app.sessionSync?.received ?? 0;
    const res = await a.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    await heard(b, before);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('tells nothing of a write that changes no session (a card added, decision 041), and B keeps its cache', async () => {
    const signIns = b.app.sessionSync?.received ?? 0;
    const admin = await login(a, 'admin@example.com');
    const rep = await repPool(shared.db)();
    const seller = await login(a, rep.email);
    // Both sign-ins are writes that tell: B hears them first, so that nothing later is theirs.
    await vi.waitFor(() => expect(b.app.sessionSync?.received).toBe(signIns + 2), { timeout: 10_000, interval: 5 });
    expect((await me(b, seller)).statusCode).toBe(200);
    const id = rep.id;
    const epoch = b.app.sessionCache.epoch;
    const before = b.app.sessionSync?.received ?? 0;
    const sent = a.app.sessionSync?.sent ?? 0;
    const card = await a.app.inject({
      method: 'POST',
      url: '/api/card',
      headers: bearer(admin),
      payload: { user_id: id, number: `4${String(id).padStart(15, '0')}` },
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(a.app.sessionSync?.sent).toBe(sent);
    // A logout tells: B hears exactly that one, and empties its cache once.
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(admin) })).statusCode).toBe(200);
    expect(a.app.sessionSync?.sent).toBe(sent + 1);
    await heard(b, before);
    expect(b.app.sessionSync?.received).toBe(before + 1);
    expect(b.app.sessionCache.epoch).toBe(epoch + 1);
    expect((await me(b, admin)).statusCode).toBe(401);
  });

  it('reconnects when its listening connection is cut, and hears the others again', async () => {
    const admin = new pg.Client({ connectionString: shared.url });
    await admin.connect();
    try {
      const cut = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = $1',
        [`LISTEN ${CHANNEL}`],
      );
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(b.app.sessionSync?.listening).toBe(false), { timeout: 10_000, interval: 5 });
    await vi.waitFor(
      () => {
        expect(a.app.sessionSync?.listening).toBe(true);
        expect(b.app.sessionSync?.listening).toBe(true);
      },
      { timeout: 15_000, interval: 20 },
    );
    const token = await login(a, 'wholesaler@example.com');
    expect((await me(b, token)).statusCode).toBe(200);
    const before = b.app.sessionSync?.received ?? 0;
    expect((await a.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    await heard(b, before);
    expect((await me(b, token)).statusCode).toBe(401);
  });
});
