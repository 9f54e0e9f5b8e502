/**
 * The API process of `npm run bench:api` (bench/api.ts starts it; not for use on its own): opens the
 * database as server.ts does (DATA_DIR or DATABASE_URL), seeds the large data set when empty,
 * prepares sessions, quizzes and wallets for the write cases, then serves the real application
 * (buildApp, with the built web app) and, on a second port of the same process, the two ceilings:
 * a bare Fastify route sending /api/me's bytes, and one doing one primary-key SELECT on the same
 * database handle (the same pool, or the same in-process PGlite). Nothing here is part of the product.
 *
 * Prints one line `BENCH_READY {json}` when listening; on SIGTERM checks the ledger, prints
 * `BENCH_DONE {json}` and exits.
 */
import '../apps/api/src/runtime-check.ts';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { ledgerEntries, sessions, users, wallets, warehouses } from '../apps/api/src/db/schema.ts';
import { type Placeholders, preparedStatement } from '../apps/api/src/lib/prepared.ts';
import { newToken } from '../apps/api/src/lib/tokens.ts';
import { meCacheCounts } from '../apps/api/src/modules/users/me-cache.ts';
import { postMany } from '../apps/api/src/modules/wallet/ledger.service.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { insertChunked } from '../apps/api/src/seed/people.ts';
import { seedQuiz } from './bench-seed.ts';

/** Quizzes made for the submit case: each seller may pass each once, so every submit is real work. */
const SUBMIT_QUIZZES = 6;
const TOP_UP = 2500;

export interface BenchFixtures {
  database: 'pglite' | 'postgres';
  counts: { sellers: number; reps: number; warehouses: number; ledgerEntries: number; seededSeconds: number | null };
  api: string;
  ceiling: string;
  adminToken: string;
  sellerToken: string;
  sellerId: number;
  /** Every submit pair: token index, quiz id and its body. */
  submit: { tokens: string[]; quizzes: { id: number; body: string }[] };
  /** Sellers with a card and money, with the exact sum each may withdraw. */
  withdraw: { token: string; amount: string }[];
  staticAsset: string | null;
}

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const database = await openDatabase(config);
const db = database.db;
await database.migrate();

const [existing] = await db.select({ n: count() }).from(users);
let seededSeconds: number | null = null;
if ((existing?.n ?? 0) === 0) {
  const started = Date.now();
  await seedDemo(db, { scryptLogN: config.SCRYPT_LOG_N, volume: 'large' });
  seededSeconds = (Date.now() - started) / 1000;
}
if (process.env.BENCH_SEED_ONLY === '1') {
  // bench/api.ts copies the freshly seeded database into its cache (BENCH_SEED_CACHE) and starts again.
  await db.execute(sql`analyze`);
  if (database.kind === 'postgres') await db.execute(sql`checkpoint`);
  await database.close();
  console.log(`BENCH_SEEDED ${JSON.stringify({ seededSeconds })}`);
  process.exit(0);
}
if (seededSeconds === null && database.kind === 'pglite') {
  // PGlite never autovacuums: fresh statistics, as server.ts refreshes them on every start.
  await db.execute(sql`analyze`);
}

const countOf = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
const active = and(isNull(users.deletedAt), isNotNull(users.activatedAt));
const counts = {
  sellers: await countOf(db.select({ n: count() }).from(users).where(eq(users.role, 'seller'))),
  reps: await countOf(
    db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.role, ['seller', 'seller_reg'])),
  ),
  warehouses: await countOf(db.select({ n: count() }).from(warehouses)),
  ledgerEntries: await countOf(db.select({ n: count() }).from(ledgerEntries)),
  seededSeconds,
};

const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
const [demoSeller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@example.com'));
if (!admin || !demoSeller) throw new Error('the large seed has no admin@example.com or seller@example.com');

// Sessions are written directly: logging 9,000 sellers in would measure scrypt, not the API.
const sellers = await db
  .select({ id: users.id, card: users.cardNumber })
  .from(users)
  .where(and(eq(users.role, 'seller'), active))
  .orderBy(users.id);
const tokenOf = new Map<number, string>();
const sessionRows = [admin.id, ...sellers.map((s) => s.id)].map((userId) => {
  const { token, hash } = newToken();
  tokenOf.set(userId, token);
  return { userId, tokenHash: hash, expiresAt: new Date(Date.now() + 24 * 3600_000) };
});
await insertChunked(sessionRows, 1000, (chunk) => db.insert(sessions).values(chunk));

// Quizzes of five closed questions and one open one, made through the service as the back office does.
const runId = Date.now().toString(36);
const quizzes: { id: number; body: string }[] = [];
for (let i = 0; i < SUBMIT_QUIZZES; i++) {
  const quiz = await seedQuiz(db, admin.id, {
    name: `Bench ${runId} ${i + 1}`,
    lead: 'Bench',
    closed: 5,
    answers: ['Tak', 'Nie', 'Nie wiem'],
    open: true,
    reward: 500,
    oneTime: false,
  });
  quizzes.push({ id: quiz.id, body: quiz.right });
}

// Money for every seller with a card, through the ledger's own bulk posting; then each may withdraw it all once.
const carded = sellers.filter((s) => s.card);
await db.transaction((tx) =>
  postMany(
    tx,
    carded.map((s) => ({
      userId: s.id,
      kind: 'adjustment' as const,
      amount: TOP_UP,
      sourceType: 'admin' as const,
      sourceId: `bench-${runId}-${s.id}`,
      reason: 'Bench',
      createdBy: admin.id,
    })),
  ),
);
const balances = await db
  .select({ userId: wallets.userId, available: wallets.available })
  .from(wallets)
  .where(
    inArray(
      wallets.userId,
      carded.map((s) => s.id),
    ),
  );
const withdraw = balances
  .filter((b) => b.available > 0)
  .map((b) => ({ token: tokenOf.get(b.userId) ?? '', amount: (b.available / 100).toFixed(2) }));

// A running PostgreSQL's autovacuum keeps up with such writes; here it would start during the
// first cases, on the CPU they measure. So vacuum now: the top-ups above and the migrations that
// ran on the cached copy (0017 rewrote every membership) leave tables with dead rows and pages not
// marked all-visible, which index-only scans would read too. PGlite has no autovacuum (above).
if (database.kind === 'postgres') await db.execute(sql`vacuum (analyze)`);

const app = await buildApp({ config, db, serveWeb: true, logger: false });
const api = await app.listen({ port: 0, host: '127.0.0.1' });

const sellerToken = tokenOf.get(demoSeller.id) ?? '';
const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${sellerToken}` } });
if (me.statusCode !== 200) throw new Error(`/api/me: ${me.statusCode} ${me.body}`);
const meBytes = me.rawPayload;

// The ceilings: a Fastify without the product's hooks, on the same database handle.
const pkSelect = preparedStatement(
  'bench.pk',
  (d: typeof db, _: Record<string, never>, p: Placeholders<{ id: number }>) =>
    d.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, p.id)),
);
const ceilingApp = Fastify({ logger: false });
// The API process's event-loop delay since the last call: bench/api.ts reads it after each case. A
// loop held for long (synchronous work back to back) delays every socket, and even new connections
// (decision 037).
// Sampled every 1 ms; a sample is the time between two samples, so the 1 ms is taken off.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const late = (ns: number) => Math.max(0, ns / 1e6 - 1);
ceilingApp.get('/loop-delay', () => {
  const ms = { p99: late(loopDelay.percentile(99)), max: late(loopDelay.max) };
  loopDelay.reset();
  return ms;
});
// How /api/me's answers were made so far (bench/api.ts prints the checks per statement).
ceilingApp.get('/me-counts', () => meCacheCounts(db));
ceilingApp.get('/me-bytes', (_req, reply) => reply.type('application/json; charset=utf-8').send(meBytes));
ceilingApp.get('/select-one', async () => {
  const [row] = await pkSelect(db, {}, { id: demoSeller.id });
  return row;
});
const ceiling = await ceilingApp.listen({ port: 0, host: '127.0.0.1' });

// A hashed asset of the build, for the compression and caching check.
const index = await app.inject({ method: 'GET', url: '/' });
const asset = /\/assets\/[\w.-]+\.js/.exec(index.body)?.[0] ?? null;

const fixtures: BenchFixtures = {
  database: database.kind,
  counts,
  api,
  ceiling,
  adminToken: tokenOf.get(admin.id) ?? '',
  sellerToken,
  sellerId: demoSeller.id,
  submit: { tokens: sellers.map((s) => tokenOf.get(s.id) ?? ''), quizzes },
  withdraw,
  staticAsset: asset,
};
const file = path.join(os.tmpdir(), `bench-api-${process.pid}.json`);
writeFileSync(file, JSON.stringify(fixtures));
console.log(`BENCH_READY ${JSON.stringify({ file })}`);

let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  try {
    await ceilingApp.close();
    await app.close();
    const check = await checkLedger(db);
    const ledger = await countOf(db.select({ n: count() }).from(ledgerEntries));
    console.log(`BENCH_DONE ${JSON.stringify({ ledgerOk: check.ok, wallets: check.users_checked, ledger })}`);
    await database.close();
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
});
