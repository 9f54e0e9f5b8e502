import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { cards, sessions, users, userWarehouses, warehouses } from '../apps/api/src/db/schema.ts';
import { newToken } from '../apps/api/src/lib/tokens.ts';
import { post } from '../apps/api/src/modules/wallet/ledger.service.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { insertChunked } from '../apps/api/src/seed/people.ts';
import { openBenchDb } from './bench-db.ts';

const REPS = 500;
/** Extra reps whose withdrawals run one after another: the latency without queueing. */
const SEQUENTIAL = 50;
const SAME_REP = 200;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const { database, drop, label } = await openBenchDb();
try {
  await database.migrate();
  const db = database.db;
  const [wh] = await db
    .insert(warehouses)
    .values({ assecoId: 'BENCH-1', name: 'Bench', address: 'Bench 1' })
    .returning();
  const reps = await db
    .insert(users)
    .values(
      Array.from({ length: REPS + SEQUENTIAL }, (_, i) => ({
        email: `bench.rep.${i}@example.pl`,
        name: 'Bench',
        surname: `Rep ${i}`,
        role: 'seller',
        assecoId: `B-${i}`,
        cardNumber: String(4_000_000_000_000_000 + i),
      })),
    )
    .returning({ id: users.id, card: users.cardNumber });
  await db.insert(userWarehouses).values(reps.map((r) => ({ userId: r.id, warehouseId: wh?.id ?? 0 })));
  await db.insert(cards).values(reps.map((r) => ({ userId: r.id, number: r.card ?? '' })));
  // Every rep earns 123.45 PLN through the ledger, and gets a session token.
  const tokens: string[] = [];
  for (const r of reps) {
    await db.transaction((tx) =>
      post(tx, { userId: r.id, kind: 'quiz_reward', amount: 12345, sourceType: 'quiz', sourceId: 'bench' }),
    );
  }
  const sessionRows = reps.map((r) => {
    const { token, hash } = newToken();
    tokens.push(token);
    return { userId: r.id, tokenHash: hash, expiresAt: new Date(Date.now() + 3600_000) };
  });
  await insertChunked(sessionRows, 500, (chunk) => db.insert(sessions).values(chunk));

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-')),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const withdraw = async (token: string) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/withdrawal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 123.45 }),
    });
    await res.text();
    return { status: res.status, ms: performance.now() - started };
  };

  // 0. One at a time: what a single withdrawal costs.
  const seq: { status: number; ms: number }[] = [];
  for (const token of tokens.slice(REPS)) seq.push(await withdraw(token));
  const seqMs = seq.map((r) => r.ms).sort((a, b) => a - b);

  // 1. A burst: 500 reps at once.
  const t0 = performance.now();
  const burst = await Promise.all(tokens.slice(0, REPS).map(withdraw));
  const burstSeconds = (performance.now() - t0) / 1000;
  const burstMs = burst.map((r) => r.ms).sort((a, b) => a - b);
  const burstOk = burst.filter((r) => r.status === 200).length;

  // 2. One rep, 200 concurrent requests: give it money again first.
  const one = reps[0];
  if (!one) throw new Error('no reps');
  await db.transaction((tx) =>
    post(tx, { userId: one.id, kind: 'quiz_reward', amount: 12345, sourceType: 'quiz', sourceId: 'bench-2' }),
  );
  const t1 = performance.now();
  const same = await Promise.all(Array.from({ length: SAME_REP }, () => withdraw(tokens[0] ?? '')));
  const sameSeconds = (performance.now() - t1) / 1000;
  const sameMs = same.map((r) => r.ms).sort((a, b) => a - b);
  const sameOk = same.filter((r) => r.status === 200).length;

  const check = await checkLedger(db);
  await app.close();

  const line = (name: string, n: number, s: number, ms: number[], ok: number) =>
    `${name.padEnd(34)} ${String(n).padStart(4)} req  ${(n / s).toFixed(0).padStart(5)} req/s  p50 ${percentile(ms, 50).toFixed(1)} ms  p99 ${percentile(ms, 99).toFixed(1)} ms  ok ${ok}`;
  console.log(`\nWithdrawal benchmark on ${label}`);
  const seqSeconds = seqMs.reduce((a, b) => a + b, 0) / 1000;
  console.log(
    line('50 reps, one after another', SEQUENTIAL, seqSeconds, seqMs, seq.filter((r) => r.status === 200).length),
  );
  console.log(line('500 reps, one withdrawal each', REPS, burstSeconds, burstMs, burstOk));
  console.log(line('one rep, 200 concurrent requests', SAME_REP, sameSeconds, sameMs, sameOk));
  const doubleSpends = Math.max(0, burstOk - REPS) + Math.max(0, sameOk - 1);
  console.log(
    `double spends: ${doubleSpends}; ledger check: ${check.ok ? 'OK' : 'MISMATCH'} (${check.users_checked} wallets)`,
  );
  if (doubleSpends > 0 || !check.ok || burstOk !== REPS || sameOk !== 1) process.exitCode = 1;
} finally {
  await database.close();
  await drop();
}
