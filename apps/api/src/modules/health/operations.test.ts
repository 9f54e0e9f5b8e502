import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, demoTokens } from '../../../test/back-office.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openPglite } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

/*
 * Issue 32 point 2 (decision 069): readiness for a load balancer, Prometheus metrics only for the
 * operator, a request id in every log line and in the answer, and no secret in any log line.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every log line the app writes, as text. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('readiness, request ids and metrics', () => {
  let t: TestApp;
  const log = logSink();
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, logger: { level: 'trace', stream: log.stream } });
  });
  afterAll(async () => t?.close());

  it('is ready when the database answers and has every migration; not while one is missing', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready' });

    // The newest migration taken away: this build's code would run against an older schema.
    const [newest] = await queryRows<{ hash: string; created_at: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
    );
    try {
      const pending = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'not_ready', database: 'migrations_pending' });
      // Liveness is another question: the process is alive.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest?.hash}, ${newest?.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers every request with its id, the id of its log lines', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(log.lines.some((l) => (JSON.parse(l) as { reqId?: string }).reqId === id)).toBe(true);
    // A client's own id is never taken for it.
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'mine' } });
    expect(spoofed.headers['x-request-id']).toMatch(UUID);
    // An error answer carries it too.
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['x-request-id']).toMatch(UUID);
  });

  it('serves metrics to the operator only: per route pattern, statements, event loop, money and mail queues', async () => {
    const tok = await demoTokens(t);
    const ids = await demoIds(t.db);
    const cards = await t.app.inject({
      method: 'GET',
      url: `/api/sales-rep/${ids.seller}/cards`,
      headers: bearer(tok.admin),
    });
    expect(cards.statusCode).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, bearer(tok.root)]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The route's pattern, never the URL with its id.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/sales-rep\/:id\/cards",status="200"\} \d+/,
    );
    expect(text).not.toContain(`/api/sales-rep/${ids.seller}/`);
    expect(text).toMatch(/db_query_duration_seconds_count\{database="(pglite|postgres)"\} [1-9]\d*/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toContain('# TYPE import_duration_seconds histogram');
    const [owed] = await queryRows<{ available: string; requested: number; queued: number }>(
      t.db,
      sql`select (select coalesce(sum(available), 0)::bigint from wallets)::text as available,
                 (select count(*)::int from withdrawals where status = 'requested') as requested,
                 (select count(*)::int from notices where status = 'queued') as queued`,
    );
    expect(text).toContain(`programme_owed_to_reps_pln{state="available"} ${Number(owed?.available) / 100}`);
    expect(text).toContain(`withdrawals_waiting{status="requested"} ${owed?.requested}`);
    expect(text).toContain(`notice_mails{status="queued"} ${owed?.queued}`);
    expect(text).toMatch(/invitation_mails\{status="failed"\} \d+/);
  });

  it('writes no password, token or full card number into any log line, even at trace level', async () => {
    const email = 'seller@example.com';
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    const token = login.json<{ token: string }>().token;
    await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    const admin = await t.login('admin@example.com');
    const ids = await demoIds(t.db);
    const card = '7123456789012345';
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/card',
      headers: bearer(admin),
      payload: { user_id: ids.seller, number: card },
    });
    expect(added.statusCode, added.body).toBe(201);
    // A set-password link's token travels in the URL.
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.app.background.idle();
    const link = /https?:\/\/\S+token=([A-Za-z0-9_-]+)/.exec((await t.lastMailTo(email)).text);
    const resetToken = link?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(20);
    await t.app.inject({ method: 'GET', url: `/api/set-password?token=${resetToken}` });
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong-password-1!' } });
    await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    const all = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(20);
    for (const secret of [DEMO_PASSWORD, 'Wrong-password-1!', token, admin, card, resetToken, TOKEN]) {
      expect(all, `a log line holds ${secret.slice(0, 4)}…`).not.toContain(secret);
    }
    // Every line is JSON, and every line of a request names it.
    for (const line of log.lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('readiness without a database', () => {
  it('says not ready, naming the database, while it cannot be reached', async () => {
    const database = await openPglite();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-ready-'));
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JOBS: 'off',
        LOG_LEVEL: 'silent',
        NOTICE_SCAN_SECONDS: '0',
      }),
      db: database.db,
      jobs: { run: false },
    });
    await app.ready();
    await database.close();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', database: 'unreachable' });
      // Without METRICS_TOKEN there is no metrics endpoint.
      expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
