/**
 * `npm run bench:scale-out`: two API processes on one PostgreSQL behind a round-robin TCP proxy.
 * - A throw-away PostgreSQL 15 (initdb in a temp dir, run as the postgres user), migrated and seeded.
 * - Reads with autocannon through the proxy, one API process against two (req/s), with the CPU
 *   seconds each process used, to show which one is the bottleneck.
 * - The same reads while the same sellers withdraw their whole wallet and submit a quiz through
 *   both processes at the same moment: 0 double payments, the ledger check holds.
 * - A logout, a password change and a deactivation made through process A: how long process B
 *   still lets the revoked token in.
 * Everything it starts (PostgreSQL, the API processes, the proxy) and every temp dir is removed at
 * the end, on failure, on Ctrl-C, and by a watchdog if a step hangs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, openPostgres } from '../apps/api/src/db/client.ts';
import {
  ledgerEntries,
  quizAttempts,
  users,
  userWarehouses,
  warehouses,
  withdrawals,
} from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { post } from '../apps/api/src/modules/wallet/ledger.service.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo-accounts.ts';
import { linkParams, parseMail } from '../apps/api/test/mail.ts';
import { loadAverage as load, sleep } from './bench-host.ts';
import { seedQuiz, seedSellers } from './bench-seed.ts';
import {
  type Api,
  benchRun,
  cpuLine,
  cpuSince as cpuSinceOf,
  cpuSnapshot as cpuSnapshotOf,
  startApi as startApiProcess,
  startPostgres as startPg,
  startProxy,
} from './multi-process.ts';

/** Sellers that each withdraw through both processes at once (and others that submit a quiz so). */
const WITHDRAWERS = Number(process.env.SCALE_WITHDRAWERS ?? 200);
const QUIZ_TAKERS = Number(process.env.SCALE_QUIZ_TAKERS ?? 200);
/** Requests per seller at the same moment: one straight to A, one to B, two through the proxy. */
const SAME_MOMENT = 4;
const CREDIT = 12_345;
const REWARD = 1_250;
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 8);
/** Rounds of one process against two, alternated so that the machine's other work spreads over both. */
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
/** The reads that run alongside the money requests stop with them, or after this many seconds. */
const MIXED_LIMIT_S = 180;
/** Poll B this often after a revocation; give up (and call it unbounded) after this long. */
const POLL_MS = 2;
const POLL_LIMIT_MS = 30_000;
/** The whole bench stops (and cleans up) after this long, whatever it is doing. */
const WATCHDOG_MS = Number(process.env.SCALE_WATCHDOG_SECONDS ?? 900) * 1000;

const log = (line: string) => console.log(line);

// ---- Clean-up, PostgreSQL, the API processes, the proxy and the CPU watch: bench/multi-process.ts ----
const run = benchRun(WATCHDOG_MS);
/** PostgreSQL's own log, shown when the bench fails. */

async function startPostgres(): Promise<{ url: string; version: string }> {
  const pg = await startPg(run, 'scale-out-pg-');
  return pg;
}

// ---- Seed: the demo data, plus bench sellers with money, sessions and a quiz ----
interface Seeded {
  withdrawers: { id: number; token: string }[];
  quizTakers: { id: number; token: string }[];
  quizId: number;
  quizBody: string;
  /** People whose sessions get revoked: their e-mails sign in with PASSWORD. */
  revokable: { id: number; email: string }[];
}
const PASSWORD = 'Bench-scale-out-1';

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  await database.migrate();
  await seedDemo(db, { scryptLogN: 12 });
  const [wh] = await db
    .insert(warehouses)
    .values({ assecoId: 'SCALE-1', name: 'Scale-out', address: 'Bench 1' })
    .returning();
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!wh || !author) throw new Error('seed: no warehouse or admin');
  const withToken = await seedSellers(db, {
    count: WITHDRAWERS + QUIZ_TAKERS,
    key: 'scale',
    assecoPrefix: 'SC',
    name: 'Skala',
    surname: 'Handlowiec',
    warehouseId: wh.id,
    cardFrom: 4_100_000_000_000_000,
    activated: true,
    // Only the withdrawers hold money: the first WITHDRAWERS get it (below).
    sessionHours: 1,
  });
  for (const r of withToken.slice(0, WITHDRAWERS)) {
    await db.transaction((tx) =>
      post(tx, { userId: r.id, kind: 'quiz_reward', amount: CREDIT, sourceType: 'quiz', sourceId: 'scale-out' }),
    );
  }

  // A quiz of three closed questions paying once per rep, made through the service as the back office does.
  const quiz = await seedQuiz(db, author.id, {
    name: 'Quiz skalowania',
    lead: 'Bench',
    closed: 3,
    answers: ['Tak', 'Nie'],
    reward: REWARD,
    oneTime: true,
  });
  const quizId = quiz.id;
  const quizBody = quiz.right;

  const hash = await hashPassword(PASSWORD, 12);
  const revokable = await db
    .insert(users)
    .values(
      ['logout', 'password', 'deactivation'].map((what) => ({
        email: `scale.${what}@example.pl`,
        name: 'Skala',
        surname: what,
        role: 'seller',
        passwordHash: hash,
        activatedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  await db.insert(userWarehouses).values(revokable.map((r) => ({ userId: r.id, warehouseId: wh.id })));
  return {
    withdrawers: withToken.slice(0, WITHDRAWERS),
    quizTakers: withToken.slice(WITHDRAWERS),
    quizId,
    quizBody,
    revokable,
  };
}

/** The API processes, scrypt at the cost this bench hashes its passwords with (the revocation's password change). */
const startApi = (name: string, databaseUrl: string) => startApiProcess(run, name, databaseUrl, { SCRYPT_LOG_N: '12' });

/** `tcp` (default): the L4 round-robin; `http`: the HTTP-level proxy of session 7, for comparison. */
const PROXY = process.env.SCALE_PROXY === 'http' ? 'http' : 'tcp';
const cpuSnapshot = () => cpuSnapshotOf(run);
const cpuSince = (before: Map<string, number>) => cpuSinceOf(run, before);

/**
 * Where the CPU of the one-process runs went, per request, and how busy the one API process was:
 * a second process can only add throughput when the first is near a whole core (Node runs the
 * handlers on one thread) while the machine still has CPU to spare.
 */
function bottleneck(runs: ReadLoad[]): string {
  const requests = runs.reduce((s, r) => s + r.total, 0);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const sum = new Map<string, number>();
  for (const r of runs) for (const [name, v] of r.cpuUsed) sum.set(name, (sum.get(name) ?? 0) + v);
  const perRequest = [...sum]
    .filter(([name]) => name !== 'API B')
    .map(([name, v]) => `${name} ${((v / requests) * 1000).toFixed(2)}`)
    .join(', ');
  const total = [...sum.values()].reduce((s, v) => s + v, 0);
  const api = sum.get('API A') ?? 0;
  return `one process, CPU ms per request: ${perRequest} (all ${((total / requests) * 1000).toFixed(2)}); API A busy ${(api / seconds).toFixed(2)} of a core, our processes ${(total / seconds).toFixed(2)} of ${os.cpus().length} cores; with ${os.cpus().length} cores all ours, one API process would need ${((api / total) * os.cpus().length).toFixed(2)} of a core (above 1: one process is the bottleneck, a second can add throughput; below: the machine is full first)`;
}

// ---- Load ----
interface ReadLoad {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  load: string;
  /** CPU seconds each process used during the run, and the run's length. */
  cpu: string;
  cpuUsed: Map<string, number>;
  seconds: number;
}

type Read = { path: string; as: 'rep' | 'admin' };
/** The read mixes, each in the order a connection sends it. */
const MIXES: Record<string, Read[]> = {
  // A rep's app: /api/me three times out of six, and the rep's lists.
  rep: [
    { path: '/api/me', as: 'rep' },
    { path: '/api/quiz', as: 'rep' },
    { path: '/api/me', as: 'rep' },
    { path: '/api/wallet/history', as: 'rep' },
    { path: '/api/me', as: 'rep' },
    { path: '/api/articles', as: 'rep' },
  ],
  // Session 7's mix: the rep's reads and an admin's user list.
  mixed: [
    { path: '/api/me', as: 'rep' },
    { path: '/api/quiz', as: 'rep' },
    { path: '/api/me', as: 'rep' },
    { path: '/api/wallet/history', as: 'rep' },
    { path: '/api/me', as: 'rep' },
    { path: '/api/articles', as: 'rep' },
    { path: '/api/users?page=1&per_page=25', as: 'admin' },
  ],
  me: [{ path: '/api/me', as: 'rep' }],
};
/** SCALE_MIX: one mix or several, comma-separated (each measured one against two processes); the first also runs under the money load. */
const MIX_NAMES = (process.env.SCALE_MIX ?? 'rep').split(',');
for (const m of MIX_NAMES) if (!MIXES[m]) throw new Error(`SCALE_MIX: no mix ${m} (${Object.keys(MIXES).join(', ')})`);
/** SCALE_ONLY=reads: only the one-against-two reads (for exploring mixes); the money and revocation checks are skipped. */
const READS_ONLY = process.env.SCALE_ONLY === 'reads';

/** Reads through the proxy: a rep's /api/me and lists, an admin's user list; tokens rotate over many reps. */
async function reads(
  url: string,
  mix: Read[],
  repTokens: string[],
  adminToken: string,
  /** Read until this settles instead (at most MIXED_LIMIT_S). */
  until?: Promise<unknown>,
): Promise<ReadLoad> {
  let i = 0;
  const rep = () => ({ authorization: `Bearer ${repTokens[i++ % repTokens.length]}` });
  const get = (p: string, headers: () => Record<string, string>) => ({
    method: 'GET' as const,
    path: p,
    setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...headers() } }),
  });
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: until ? MIXED_LIMIT_S : SECONDS,
        requests: mix.map((r) =>
          get(r.path, r.as === 'admin' ? () => ({ authorization: `Bearer ${adminToken}` }) : rep),
        ),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
  // Bounded in time by autocannon; a hung run is stopped a little later.
  const stop = setTimeout(() => instance?.stop(), ((until ? MIXED_LIMIT_S : SECONDS) + 15) * 1000);
  const stopNow = () => instance?.stop();
  until?.then(stopNow, stopNow);
  const cpuBefore = cpuSnapshot();
  const started = performance.now();
  const r = await result;
  clearTimeout(stop);
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = cpuSince(cpuBefore);
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    load: load(),
    cpu: cpuLine(cpuUsed, seconds),
    cpuUsed,
    seconds,
  };
}

const json = { 'content-type': 'application/json' };
async function call(base: string, method: string, p: string, token?: string, body?: string) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { ...(body ? json : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, at: performance.now() };
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await call(base, 'POST', '/api/login', undefined, JSON.stringify({ email, password }));
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { token: string }).token;
}

/** Each seller's money requests at the same moment: straight to A, straight to B, and twice through the proxy. */
async function sameMoment(
  people: { token: string }[],
  targets: string[],
  method: string,
  p: string,
  body: string,
  wave = 25,
) {
  const statuses: number[][] = [];
  for (let i = 0; i < people.length; i += wave) {
    const batch = people.slice(i, i + wave);
    const answers = await Promise.all(
      batch.map((person) =>
        Promise.all(targets.map((t) => call(t, method, p, person.token, body).then((r) => r.status))),
      ),
    );
    statuses.push(...answers);
  }
  return statuses;
}

// ---- Revocation across processes ----
interface Revocation {
  what: string;
  /** ms from the revoking call's answer on A until B's first 401; null if B never refused within the limit. */
  ms: number | null;
  /** B's 200 answers to the revoked token after A had answered. */
  acceptedAfter: number;
  load: string;
}

async function timeUntilRefused(
  what: string,
  b: string,
  token: string,
  revoke: () => Promise<void>,
): Promise<Revocation> {
  // B has just looked the token up: its session cache holds it, fresh (the worst case).
  const warm = await call(b, 'GET', '/api/me', token);
  if (warm.status !== 200) throw new Error(`${what}: B refused the token before the revocation (${warm.status})`);
  await revoke();
  const answered = performance.now();
  let acceptedAfter = 0;
  while (performance.now() - answered < POLL_LIMIT_MS) {
    const r = await call(b, 'GET', '/api/me', token);
    if (r.status === 401) return { what, ms: r.at - answered, acceptedAfter, load: load() };
    if (r.status !== 200) throw new Error(`${what}: B answered ${r.status}`);
    acceptedAfter++;
    await sleep(POLL_MS);
  }
  return { what, ms: null, acceptedAfter, load: load() };
}

async function revocations(a: Api, b: Api, seeded: Seeded, adminToken: string): Promise<Revocation[]> {
  const [outUser, pwUser, deactUser] = seeded.revokable;
  if (!outUser || !pwUser || !deactUser) throw new Error('no revokable users');
  const results: Revocation[] = [];

  const t1 = await login(a.url, outUser.email, PASSWORD);
  results.push(
    await timeUntilRefused('logout', b.url, t1, async () => {
      const r = await call(a.url, 'POST', '/api/logout', t1);
      if (r.status !== 200) throw new Error(`logout: ${r.status} ${r.text}`);
    }),
  );

  // A password change: the forgotten-password e-mail (A's outbox), then its link, both through A.
  const t2 = await login(a.url, pwUser.email, PASSWORD);
  const forgot = await call(a.url, 'POST', '/api/forgot-password', undefined, JSON.stringify({ email: pwUser.email }));
  if (forgot.status !== 200) throw new Error(`forgot-password: ${forgot.status} ${forgot.text}`);
  const outbox = path.join(a.dataDir, 'outbox');
  let link: string | undefined;
  for (let i = 0; i < 200 && !link; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.includes(pwUser.email)) : [];
    const file = files.sort().at(-1);
    if (file) link = parseMail(readFileSync(path.join(outbox, file), 'utf8')).link;
    if (!link) await sleep(50);
  }
  if (!link) throw new Error('password change: no e-mail in the outbox');
  const { token: resetToken } = linkParams(link);
  results.push(
    await timeUntilRefused('password change', b.url, t2, async () => {
      const r = await call(
        a.url,
        'POST',
        '/api/set-password',
        undefined,
        JSON.stringify({
          token: resetToken,
          email: pwUser.email,
          password: `${PASSWORD}-new`,
          password_confirmation: `${PASSWORD}-new`,
          rules: true,
        }),
      );
      if (r.status !== 200) throw new Error(`set-password: ${r.status} ${r.text}`);
    }),
  );

  const t3 = await login(a.url, deactUser.email, PASSWORD);
  results.push(
    await timeUntilRefused('deactivation', b.url, t3, async () => {
      const r = await call(a.url, 'DELETE', `/api/users/${deactUser.id}`, adminToken);
      if (r.status !== 200) throw new Error(`deactivation: ${r.status} ${r.text}`);
    }),
  );
  return results;
}

// ---- The run ----
async function main() {
  const failures: string[] = [];
  log(`Scale-out bench, ${new Date().toISOString()}, ${os.cpus().length} cores, load average at start ${load()}`);
  const pgStarted = Date.now();
  const { url: databaseUrl, version } = await startPostgres();
  log(`${version} up in ${Date.now() - pgStarted} ms`);
  const database = openPostgres(databaseUrl, 10);
  run.onCleanUp(() => database.close());
  const seedStarted = Date.now();
  const seeded = await seed(database);
  log(
    `migrated and seeded (demo + ${WITHDRAWERS + QUIZ_TAKERS} bench reps) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // One after the other: on a busy 2-core machine two start-ups at once can stall the event loop
  // past the pool's 10 s connection timeout.
  const a = await startApi('a', databaseUrl);
  const b = await startApi('b', databaseUrl);
  const proxy = await startProxy(run, PROXY);
  log(`API A ${a.url}, API B ${b.url}, round-robin proxy ${proxy.url}`);

  const adminToken = await login(a.url, 'admin@example.com', DEMO_PASSWORD);
  const repTokens = [...seeded.withdrawers, ...seeded.quizTakers].map((p) => p.token);

  // Every read answers 200 before any load runs.
  for (const r of MIX_NAMES.flatMap((m) => MIXES[m] ?? [])) {
    const res = await call(a.url, 'GET', r.path, r.as === 'admin' ? adminToken : repTokens[0]);
    if (res.status !== 200) throw new Error(`GET ${r.path}: ${res.status} ${res.text.slice(0, 200)}`);
  }

  // 1. Reads: one process against two behind the same proxy, alternated, for each mix.
  const row = (label: string, r: ReadLoad) =>
    `${label.padEnd(34)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${r.total} req  non-2xx ${r.non2xx}  errors ${r.errors}  load ${r.load}\n${' '.repeat(36)}${r.cpu}`;
  const mean = (rs: ReadLoad[]) => rs.reduce((s, r) => s + r.reqPerSec, 0) / rs.length;
  for (const name of MIX_NAMES) {
    const mix = MIXES[name] ?? [];
    await proxy.use([a.url, b.url]);
    await reads(proxy.url, mix, repTokens, adminToken); // warm-up (JIT, pools, plans)
    const one: ReadLoad[] = [];
    const two: ReadLoad[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await proxy.use([a.url]);
      one.push(await reads(proxy.url, mix, repTokens, adminToken));
      await proxy.use([a.url, b.url]);
      two.push(await reads(proxy.url, mix, repTokens, adminToken));
    }
    log(
      `\nReads, mix "${name}" (${mix.map((r) => r.path.replace(/\?.*/, '')).join(' ')}), through the ${PROXY} proxy (${CONNECTIONS} connections, ${SECONDS} s each, rounds alternated)`,
    );
    for (const [i, r] of one.entries()) log(row(`one process, round ${i + 1}`, r));
    for (const [i, r] of two.entries()) log(row(`two processes, round ${i + 1}`, r));
    log(`two processes / one process: ${(mean(two) / mean(one)).toFixed(2)}x`);
    log(bottleneck(one));
    for (const r of [...one, ...two])
      if (r.non2xx + r.errors > 0) failures.push(`reads (${name}) had non-2xx answers or errors`);
  }
  if (READS_ONLY) {
    log(`\nSCALE_ONLY=reads: the money and revocation checks were skipped; load average at the end ${load()}`);
    if (failures.length > 0) {
      console.error(`\nFAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
    return;
  }
  const moneyMix = MIXES[MIX_NAMES[0] ?? 'rep'] ?? [];

  // 2. Money under load: the reads again, while every seller withdraws (and others submit a quiz)
  //    through A, B and the proxy at the same moment.
  const targets = [a.url, b.url, proxy.url, proxy.url].slice(0, SAME_MOMENT);
  const moneyStarted = performance.now();
  const money = Promise.all([
    sameMoment(seeded.withdrawers, targets, 'POST', '/api/withdrawal', JSON.stringify({ amount: CREDIT / 100 })),
    sameMoment(seeded.quizTakers, targets, 'POST', `/api/quiz/${seeded.quizId}/submit`, seeded.quizBody),
  ]);
  const [mixed, [wStatuses, qStatuses]] = await Promise.all([
    reads(proxy.url, moneyMix, repTokens, adminToken, money),
    money,
  ]);
  const moneySeconds = (performance.now() - moneyStarted) / 1000;
  const count = (ss: number[][], pred: (s: number) => boolean) => ss.flat().filter(pred).length;
  const byStatus = (ss: number[][]) =>
    Object.entries(
      ss.flat().reduce<Record<number, number>>((m, st) => {
        m[st] = (m[st] ?? 0) + 1;
        return m;
      }, {}),
    )
      .map(([st, n]) => `${n} x ${st}`)
      .join(', ');
  const serverErrors = count(wStatuses, (s) => s >= 500) + count(qStatuses, (s) => s >= 500);
  log(
    `\nMoney under load (the reads above through the proxy to both processes, for as long as the requests below ran)`,
  );
  log(row('reads meanwhile', mixed));
  log(
    `withdrawals: ${WITHDRAWERS} sellers x ${SAME_MOMENT} at once (A, B, proxy, proxy): ${count(wStatuses, (s) => s === 200)} paid (${byStatus(wStatuses)}); sellers with exactly one: ${wStatuses.filter((s) => s.filter((x) => x === 200).length === 1).length}`,
  );
  log(
    `quiz submits: ${QUIZ_TAKERS} sellers x ${SAME_MOMENT} at once: ${count(qStatuses, (s) => s === 200)} answered 200 (${byStatus(qStatuses)}); ${(((WITHDRAWERS + QUIZ_TAKERS) * SAME_MOMENT) / moneySeconds).toFixed(0)} money req/s over ${moneySeconds.toFixed(1)} s; load ${load()}`,
  );

  // 3. The books, read straight from PostgreSQL.
  const db = database.db;
  const wIds = seeded.withdrawers.map((p) => p.id);
  const qIds = seeded.quizTakers.map((p) => p.id);
  const drawn = await db
    .select({
      userId: withdrawals.userId,
      n: sql<number>`count(*)::int`,
      total: sql<number>`sum(${withdrawals.amount})::bigint`,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.userId, wIds))
    .groupBy(withdrawals.userId);
  const ledgerOut = await db
    .select({ userId: ledgerEntries.userId, total: sql<number>`sum(${ledgerEntries.amount})::bigint` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.userId, wIds), eq(ledgerEntries.kind, 'withdrawal_requested')))
    .groupBy(ledgerEntries.userId);
  const doublePayments =
    drawn.filter((d) => Number(d.total) > CREDIT || d.n > 1).length +
    ledgerOut.filter((l) => Number(l.total) > CREDIT).length;
  const rewards = await db
    .select({ userId: ledgerEntries.userId, n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.userId, qIds),
        eq(ledgerEntries.kind, 'quiz_reward'),
        eq(ledgerEntries.sourceId, String(seeded.quizId)),
      ),
    )
    .groupBy(ledgerEntries.userId);
  const [passed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, seeded.quizId), eq(quizAttempts.passed, true)));
  const doubleRewards = rewards.filter((r) => r.n > 1).length;
  const check = await checkLedger(db);
  log(
    `\ndouble payments: ${doublePayments} (withdrawals: ${drawn.length} sellers, each sum <= ${(CREDIT / 100).toFixed(2)} PLN in withdrawals and in ledger entries); quiz rewards paid twice: ${doubleRewards} (${rewards.length} sellers paid, ${passed?.n} passed attempts); ledger check: ${check.ok ? 'OK' : 'MISMATCH'} (${check.users_checked} wallets)`,
  );
  if (doublePayments > 0) failures.push(`${doublePayments} double payments`);
  if (doubleRewards > 0) failures.push(`${doubleRewards} quiz rewards paid twice`);
  if (drawn.length !== WITHDRAWERS) failures.push(`${WITHDRAWERS - drawn.length} sellers could not withdraw`);
  if (rewards.length !== QUIZ_TAKERS) failures.push(`${QUIZ_TAKERS - rewards.length} quiz takers not paid`);
  if (!check.ok) failures.push('ledger check failed');
  if (serverErrors > 0) failures.push(`${serverErrors} money requests answered 5xx`);
  if (mixed.errors > 0) failures.push('reads under money load had errors');

  // 4. Revocations made through A, seen by B (quiet machine apart from other people's work).
  const rev = await revocations(a, b, seeded, adminToken);
  const ttl = Number(process.env.SESSION_CACHE_SECONDS ?? 5);
  log(`\nRevoked through A, refused by B (B polled every ${POLL_MS} ms; B had just cached the token)`);
  for (const r of rev) {
    log(
      `${r.what.padEnd(16)} ${r.ms === null ? `not refused within ${POLL_LIMIT_MS / 1000} s` : `${r.ms.toFixed(0).padStart(5)} ms`}  (${r.acceptedAfter} answers 200 after A had answered)  load ${r.load}`,
    );
    // The cache's lifetime is the bound even when the notification is lost; a second of slack for a busy machine.
    if (r.ms === null || r.ms > ttl * 1000 + 1000) failures.push(`${r.what}: B let the token in for too long`);
  }
  log(
    `stated bound: PostgreSQL NOTIFY after every write (plugins/session-sync.ts), i.e. B's next event-loop turn after the notification; at most SESSION_CACHE_SECONDS = ${ttl} s if it is lost`,
  );
  log(`\nload average at the end ${load()}`);
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    log('\nOK');
  }
}

await run.main(main);
