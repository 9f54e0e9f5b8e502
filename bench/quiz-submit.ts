import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ledgerEntries, quizAttempts, users } from '../apps/api/src/db/schema.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { openBenchDb } from './bench-db.ts';
import { seedQuiz, seedSellers } from './bench-seed.ts';

const REPS = 200;
const SEQUENTIAL = 50;
const SAME_REP = 50;
const REWARD = 1250;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const { database, drop, label } = await openBenchDb();
try {
  await database.migrate();
  const db = database.db;
  const [author] = await db
    .insert(users)
    .values({ email: 'bench.admin@example.pl', name: 'Bench', role: 'admin' })
    .returning({ id: users.id });
  if (!author) throw new Error('no admin');
  const reps = await seedSellers(db, {
    count: REPS + SEQUENTIAL + 1,
    key: 'bench',
    assecoPrefix: 'B',
    name: 'Bench',
    surname: 'Rep',
    sessionHours: 1,
  });
  const tokens = reps.map((r) => r.token);

  // A quiz of five closed questions and one open, made through the service as the back office does.
  const quiz = await seedQuiz(db, author.id, {
    name: 'Bench quiz',
    lead: 'Bench',
    closed: 5,
    answers: ['Tak', 'Nie', 'Nie wiem'],
    open: true,
    reward: REWARD,
    oneTime: true,
  });
  const quizId = quiz.id;
  const body = quiz.right;

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-')),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const submit = async (token: string) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/quiz/${quizId}/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    await res.text();
    return { status: res.status, ms: performance.now() - started };
  };

  // 0. One at a time: what a single submit costs.
  const seq: { status: number; ms: number }[] = [];
  for (const token of tokens.slice(REPS, REPS + SEQUENTIAL)) seq.push(await submit(token));
  const seqMs = seq.map((r) => r.ms).sort((a, b) => a - b);

  // 1. A burst: 200 reps at once.
  const t0 = performance.now();
  const burst = await Promise.all(tokens.slice(0, REPS).map(submit));
  const burstSeconds = (performance.now() - t0) / 1000;
  const burstMs = burst.map((r) => r.ms).sort((a, b) => a - b);
  const burstOk = burst.filter((r) => r.status === 200).length;

  // 2. One rep, 50 identical submits at once (double clicks, retries).
  const lastToken = tokens[REPS + SEQUENTIAL] ?? '';
  const t1 = performance.now();
  const same = await Promise.all(Array.from({ length: SAME_REP }, () => submit(lastToken)));
  const sameSeconds = (performance.now() - t1) / 1000;
  const sameMs = same.map((r) => r.ms).sort((a, b) => a - b);
  const sameOk = same.filter((r) => r.status === 200).length;

  // Exactly one payout and one passed attempt per rep.
  const payouts = await db
    .select({ userId: ledgerEntries.userId, n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'quiz_reward'), eq(ledgerEntries.sourceId, String(quizId))))
    .groupBy(ledgerEntries.userId);
  const [passed] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.passed, true)));
  const everyRepOnce = payouts.length === reps.length && payouts.every((p) => p.n === 1);
  const check = await checkLedger(db);
  await app.close();

  const line = (name: string, n: number, s: number, ms: number[], ok: number) =>
    `${name.padEnd(36)} ${String(n).padStart(4)} req  ${(n / s).toFixed(0).padStart(5)} req/s  p50 ${percentile(ms, 50).toFixed(1)} ms  p99 ${percentile(ms, 99).toFixed(1)} ms  ok ${ok}`;
  console.log(`\nQuiz submit benchmark on ${label}`);
  const seqSeconds = seqMs.reduce((a, b) => a + b, 0) / 1000;
  console.log(
    line('50 reps, one after another', SEQUENTIAL, seqSeconds, seqMs, seq.filter((r) => r.status === 200).length),
  );
  console.log(line('200 reps at once, one submit each', REPS, burstSeconds, burstMs, burstOk));
  console.log(line('one rep, 50 identical submits at once', SAME_REP, sameSeconds, sameMs, sameOk));
  console.log(
    `payouts: ${payouts.length} reps paid, ${everyRepOnce ? 'each exactly once' : 'NOT exactly once each'}; passed attempts: ${passed?.n}; ledger check: ${check.ok ? 'OK' : 'MISMATCH'} (${check.users_checked} wallets)`,
  );
  if (!everyRepOnce || passed?.n !== reps.length || !check.ok || burstOk !== REPS || sameOk !== 1) {
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await drop();
}
