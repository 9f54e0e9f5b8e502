import './runtime-check.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { StartupError } from './lib/startup-error.ts';
import { isSeeded, workingDemoAccounts } from './seed/demo-accounts.ts';
import { banner } from './startup/banner.ts';
import { databaseFailure, listenFailure } from './startup/failures.ts';
import { checkImageStore } from './startup/image-store.ts';
import { ensureRootAccount } from './startup/root-account.ts';

let app: FastifyInstance | undefined;
let database: Database | undefined;

async function start() {
  const config = loadConfig();
  // The routes' modules load (and tsx transpiles them) while PGlite compiles its WebAssembly.
  const appModule = import('./app.ts');
  database = await openDatabase(config);
  if (database.kind === 'postgres' && config.DATABASE_URL) {
    try {
      await database.db.execute(sql`select 1`);
    } catch (err) {
      throw databaseFailure(config.DATABASE_URL, err);
    }
  }
  await database.migrate();

  const { buildApp } = await appModule;
  app = await buildApp({
    config,
    db: database.db,
    serveWeb: true,
    logger: { level: config.LOG_LEVEL },
    poolStats: database.poolStats,
  });
  await checkImageStore(config, database.db);
  if (!config.SMTP_URL && config.production) {
    app.log.warn(`SMTP_URL is not set: no e-mail leaves this machine; messages are written to ${app.mailer.target}`);
  }

  // Demo data has published passwords: only on request in production (config.ts decides SEED_DEMO).
  const empty = !(await isSeeded(database.db));
  let demo: 'seeded' | 'kept' | 'none' = 'none';
  if (config.SEED_DEMO && empty) {
    app.log.info('empty database: seeding demo data');
    const started = Date.now();
    // Loaded only here: a start that does not seed never loads the generator (@faker-js/faker).
    const { seedDemo } = await import('./seed/demo.ts');
    await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N });
    app.log.info(`demo data seeded in ${Date.now() - started} ms`);
    demo = 'seeded';
  }
  const demoAccounts = await workingDemoAccounts(database.db, config.DATA_DIR);
  if (demo === 'none' && demoAccounts.length > 0) demo = 'kept';
  const root = await ensureRootAccount(
    database.db,
    app.mailer,
    {
      sessionTtlHours: config.SESSION_TTL_HOURS,
      setPasswordTtlHours: config.SET_PASSWORD_TTL_HOURS,
      scryptLogN: config.SCRYPT_LOG_N,
      publicUrl: config.publicUrl,
    },
    config.ROOT_EMAIL,
  );

  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    throw listenFailure(err, config.PORT, config.HOST);
  }
  console.log(banner({ config, database: database.kind, mailTarget: app.mailer.target, demo, demoAccounts, root }));

  // PGlite runs no autovacuum: the planner's statistics are refreshed on every start so plans stay
  // good as data grows, after the server is up (about 2 s the start no longer waits for).
  if (database.kind === 'pglite') {
    const started = Date.now();
    database.db.execute(sql`analyze`).then(
      () => app?.log.debug(`planner statistics refreshed in ${Date.now() - started} ms`),
      (err: unknown) => app?.log.warn({ err }, 'analyze after start failed'),
    );
  }
}

let closing = false;
/**
 * SIGTERM or SIGINT (issue 32 point 4, decision 071): the listener closes at once (a new request on a
 * kept-alive connection is answered 503, so a load balancer moves on; /api/ready says not ready);
 * requests in flight finish; the background jobs stop after their current step (a mail being sent
 * is sent and marked, the rest stay queued); the mail connections and the database close. All of
 * it within SHUTDOWN_GRACE_SECONDS: past that the open connections are cut, the database closed
 * (a transaction cut short is rolled back: nothing half-written), and the exit code is 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const grace = (app?.config.SHUTDOWN_GRACE_SECONDS ?? 25) * 1000;
  app?.log.info(`${signal}: shutting down (at most ${grace / 1000} s)`);
  const overdue = setTimeout(() => {
    app?.log.error(`${signal}: requests or jobs still running after ${grace / 1000} s; closing anyway`);
    app?.server.closeAllConnections();
    void database
      ?.close()
      .catch(() => {})
      .finally(() => process.exit(1));
  }, grace);
  overdue.unref();
  try {
    await app?.close();
    await database?.close();
    clearTimeout(overdue);
    app?.log.info(`${signal}: stopped`);
    process.exit(0);
  } catch (err) {
    app?.log.error(err);
    process.exit(1);
  }
}

try {
  await start();
} catch (err) {
  // A setting to fix: one line naming it, no stack trace. Anything else is a bug and keeps its stack.
  if (!(err instanceof StartupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  process.exit(1);
}
