import './runtime-check.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded } from './seed/demo-accounts.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
// PGlite runs no autovacuum: refresh the planner's statistics at start so plans stay good as data grows.
if (database.kind === 'pglite') await database.db.execute(sql`analyze`);

const app = await buildApp({
  config,
  db: database.db,
  serveWeb: true,
  logger: { level: config.LOG_LEVEL },
});

if (config.SEED_DEMO && !(await isSeeded(database.db))) {
  app.log.info('empty database: seeding demo data');
  const started = Date.now();
  // Loaded only here: a start that does not seed never loads the generator (@faker-js/faker).
  const { seedDemo } = await import('./seed/demo.ts');
  await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N });
  app.log.info(`demo data seeded in ${Date.now() - started} ms`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error(err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${config.PORT}`;
console.log(
  [
    '',
    `  Program motywacyjny is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}`,
    `  E-mail:   ${config.SMTP_URL ? 'SMTP' : `written to ${config.DATA_DIR}/outbox`}`,
    '',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(24)} ${a.role}`),
    '',
  ].join('\n'),
);
