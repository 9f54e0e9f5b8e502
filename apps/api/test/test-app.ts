import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ledgerCheckSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import type { Mailer } from '../src/plugins/mail.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { AUDITED_ROUTES } from './audit-routes.ts';
import { type ParsedMail, parseMail } from './mail.ts';
import { databaseUrl, quoteIdent } from './template.ts';

export const TEST_PUBLIC_URL = 'http://app.test';

export interface OutboxMail extends ParsedMail {
  file: string;
}

export interface TestApp {
  /** Ready Fastify instance; call it with `app.inject`. */
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  /** A fresh temporary DATA_DIR (the outbox lives in it). */
  dataDir: string;
  close(): Promise<void>;
  /** Signs in through POST /api/login and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Every message the outbox mailer wrote, oldest first. */
  outbox(): Promise<OutboxMail[]>;
  /** The newest message to `email`; throws when there is none. */
  lastMailTo(email: string): Promise<OutboxMail>;
}

/**
 * Issue 31 point 1: every successful write of this app leaves what test/audit-routes.ts says in the
 * audit trail (exactly one event of its kind, or none where the table allows it). A write that does
 * not answers 500 with the reason (so the test that made it fails there), and closing the app fails.
 */
function checkAuditTrail(app: FastifyInstance, db: Db): string[] {
  const failures: string[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    const route = `${req.method} ${req.routeOptions.url ?? ''}`;
    const expected = AUDITED_ROUTES[route];
    if (!expected || reply.statusCode >= 300 || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return payload;
    const rows = await queryRows<{ kind: string }>(
      db,
      sql`select kind from audit_events where request_id = ${String(req.id)} order by id`,
    );
    const kinds = rows.map((r) => r.kind);
    const ok = expected.exempt
      ? kinds.length === 0
      : (kinds.length === 1 && kinds[0] === expected.kind) || (kinds.length === 0 && expected.none !== undefined);
    if (ok) return payload;
    const failure = `${route} answered ${reply.statusCode} with audit events [${kinds.join(', ')}], expected ${expected.exempt ? 'none' : expected.kind}`;
    failures.push(failure);
    reply.code(500);
    return JSON.stringify({ message: failure });
  });
  return failures;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The books balance: the admin's ledger check finds no wallet whose balance differs from its
 * entries. The files whose tests move money run it after every test (`afterEach`).
 */
export async function expectBooksBalance(t: TestApp, adminToken: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: bearer(adminToken) });
  const check = ledgerCheckSchema.parse(res.json());
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
}

/** A private copy of the run's migrated, demo-seeded template database (with its URL on PostgreSQL). */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([await readFile(template.dumpFile)]) });
  }
  const name = `${template.prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: template.adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`);
  const url = databaseUrl(template.adminUrl, name);
  const database = openPostgres(url, 5);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

export interface TestAppOptions {
  /** Extra environment for loadConfig, e.g. SMTP_URL; with WEB_DIST the app also serves that built web folder. */
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Fastify logger options (e.g. `{ level: 'info', stream }` to read what the server logs). */
  logger?: object;
  /** The background-job worker's settings (a short lease, poll or stop wait). */
  jobs?: AppDeps['jobs'];
  /** Registers extra routes before the app is ready, e.g. a tiny upload route that exercises a plugin. */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}

/** The real application on its own database copy and DATA_DIR, with the real outbox mailer (or SMTP when env says so). */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-api-test-'));
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SCRYPT_LOG_N: '12',
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    // What time announces (new quizzes and challenges, yesterday's digest) is scanned only where a
    // test asks for it: a test's live quiz would otherwise mail every seeded rep (notices.test.ts).
    NOTICE_SCAN_SECONDS: '0',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    mailer: opts.mailer,
    serveWeb: opts.env?.WEB_DIST !== undefined,
    logger: opts.logger,
    jobs: opts.jobs,
  });
  const auditFailures = checkAuditTrail(app, database.db);
  await opts.routes?.(app);
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');

  const outbox = async (): Promise<OutboxMail[]> => {
    if (!existsSync(outboxDir)) return [];
    // File names start with an ISO timestamp, so name order is sending order.
    const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(
      files.map(async (f) => ({ ...parseMail(await readFile(path.join(outboxDir, f), 'utf8')), file: f })),
    );
  };

  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      if (auditFailures.length > 0) throw new Error(`audit trail: ${auditFailures.join('; ')}`);
    },
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    outbox,
    async lastMailTo(email) {
      const mails = (await outbox()).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
      const last = mails.at(-1);
      if (!last) throw new Error(`no e-mail to ${email} in ${outboxDir}`);
      return last;
    },
  };
}
