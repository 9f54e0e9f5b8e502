import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { sessions, users, warehouses } from '../apps/api/src/db/schema.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { seedQuiz, seedSellers, sessionFor } from './bench-seed.ts';

/*
 * The fault test's world (bench/faults.ts): the people and quizzes it seeds, the money operations
 * it sends to a real API process, the record of every one that got a 2xx, and the checks that
 * prove, on the database after the crashes, that each of them is there and nothing is half-done.
 */

/** A seeded generator (mulberry32): the same seed gives the same choices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface World {
  adminId: number;
  adminToken: string;
  reps: { id: number; token: string }[];
  quizzes: { id: number; right: string; wrong: string; reward: number }[];
}

const REWARD = 1250;

/** Reps with cards, money and sessions, an admin, and quizzes that pay: everything in-process, before the API starts. */
export async function seedWorld(db: Db, opts: { reps: number; quizzes: number }): Promise<World> {
  const [wh] = await db.insert(warehouses).values({ assecoId: 'F-1', name: 'Faults', address: 'Faults 1' }).returning();
  const [admin] = await db
    .insert(users)
    .values({ email: 'faults.admin@example.pl', name: 'Faults', role: 'admin' })
    .returning({ id: users.id });
  if (!wh || !admin) throw new Error('seed failed');
  const reps = await seedSellers(db, {
    count: opts.reps,
    key: 'faults',
    assecoPrefix: 'F',
    name: 'Faults',
    surname: 'Rep',
    warehouseId: wh.id,
    cardFrom: 4_000_000_000_000_000,
    credit: { amount: 5000, kind: 'adjustment', sourceType: 'admin', sourceId: (id) => `seed-${id}` },
    sessionHours: 24,
  });
  const adminSession = sessionFor(admin.id, 24);
  await db.insert(sessions).values(adminSession.row);

  const quizzes: World['quizzes'] = [];
  for (let i = 0; i < opts.quizzes; i++) {
    const quiz = await seedQuiz(db, admin.id, {
      name: `Quiz awarii ${i + 1}`,
      lead: 'Awarie',
      closed: 3,
      answers: ['Tak', 'Nie'],
      reward: REWARD,
      oneTime: false,
    });
    quizzes.push({ ...quiz, reward: REWARD });
  }
  return { adminId: admin.id, adminToken: adminSession.token, reps, quizzes };
}

/** An operation that got a 2xx, with what the API answered: each must be in the database afterwards. */
export type Acked =
  | { op: 'withdrawal'; userId: number; id: number; amount: string }
  | { op: 'quiz'; userId: number; quizId: number; passed: boolean; reward: string }
  | { op: 'adjustment'; userId: number; key: string; amount: number }
  | { op: 'export'; batchId: number; ids: number[] }
  | { op: 'paid'; id: number }
  | { op: 'failed'; id: number };

export interface LoadStats {
  sent: number;
  ok: number;
  /** Refused by a rule (4xx): a stale amount, a settled withdrawal, a passed quiz. */
  refused: number;
  /** 5xx or no answer (connection refused or reset): the API or the database was down. */
  failed: number;
  byOp: Record<string, { sent: number; ok: number }>;
}

export function newStats(): LoadStats {
  return { sent: 0, ok: 0, refused: 0, failed: 0, byOp: {} };
}

interface Shared {
  base: () => string;
  world: World;
  acked: Acked[];
  stats: LoadStats;
  /** Withdrawals acknowledged as requested, not yet acknowledged in a batch. */
  requested: Set<number>;
  /** Acknowledged as exported, not yet acknowledged as settled. */
  exported: Set<number>;
}

type Call = { status: number; body: unknown } | { status: 0; body: string };

async function call(base: string, token: string, method: string, url: string, body?: string): Promise<Call> {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  } catch (err) {
    return {
      status: 0,
      body: err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err),
    };
  }
}

const pickFrom = <T>(r: () => number, xs: readonly T[]): T | undefined => xs[Math.floor(r() * xs.length)];

/**
 * One worker: until `stop()`, sends a random money operation (seeded), waits for the answer, and
 * records a 2xx. Between operations a short pause; after a failure a longer one (the API is down).
 */
export async function worker(s: Shared, seed: number, stop: () => boolean): Promise<void> {
  const r = rng(seed);
  while (!stop()) {
    const roll = r();
    const rep = pickFrom(r, s.world.reps);
    if (!rep) return;
    let op: Acked['op'];
    let res: Call;
    let ack: Acked | undefined;
    if (roll < 0.35) {
      op = 'quiz';
      const quiz = pickFrom(r, s.world.quizzes);
      if (!quiz) return;
      const right = r() < 0.8;
      res = await call(s.base(), rep.token, 'POST', `/api/quiz/${quiz.id}/submit`, right ? quiz.right : quiz.wrong);
      const b = res.body as { passed?: boolean; reward?: string };
      if (res.status === 200)
        ack = { op, userId: rep.id, quizId: quiz.id, passed: !!b.passed, reward: String(b.reward) };
    } else if (roll < 0.6) {
      op = 'withdrawal';
      // The amount must equal the balance: read it first, as the screen does.
      const me = await call(s.base(), rep.token, 'GET', '/api/me');
      const money = (me.body as { wallet?: { money?: string } }).wallet?.money;
      if (me.status !== 200 || !money || Number(money) < 1) {
        if (me.status !== 200) await pause(r, 200);
        continue;
      }
      res = await call(s.base(), rep.token, 'POST', '/api/withdrawal', JSON.stringify({ amount: Number(money) }));
      const b = res.body as { id?: number; amount?: string };
      if (res.status === 200 && typeof b.id === 'number') {
        ack = { op, userId: rep.id, id: b.id, amount: String(b.amount) };
        s.requested.add(b.id);
      }
    } else if (roll < 0.75) {
      op = 'adjustment';
      const amount = 100 + Math.floor(r() * 4900);
      const key = `faults-${seed}-${s.stats.sent}-${Math.floor(r() * 1e9)}`;
      res = await call(
        s.base(),
        s.world.adminToken,
        'POST',
        '/api/admin/adjustments',
        JSON.stringify({ user_id: rep.id, amount: amount / 100, reason: `Test awarii ${key}`, idempotency_key: key }),
      );
      if (res.status === 200) ack = { op, userId: rep.id, key, amount };
    } else if (roll < 0.85) {
      op = 'export';
      const ids = [...s.requested].filter(() => r() < 0.5).slice(0, 8);
      if (ids.length === 0) continue;
      res = await call(
        s.base(),
        s.world.adminToken,
        'POST',
        '/api/payout-batches',
        JSON.stringify({ withdrawal_ids: ids }),
      );
      const b = res.body as { id?: number };
      if (res.status === 200 && typeof b.id === 'number') {
        ack = { op, batchId: b.id, ids };
        for (const id of ids) {
          s.requested.delete(id);
          s.exported.add(id);
        }
      }
    } else {
      const paid = roll < 0.95;
      op = paid ? 'paid' : 'failed';
      // Failing also applies to a requested withdrawal (money back before export).
      const from = paid ? [...s.exported] : [...s.exported, ...s.requested];
      const id = pickFrom(r, from);
      if (id === undefined) continue;
      res = paid
        ? await call(s.base(), s.world.adminToken, 'POST', `/api/withdrawals/${id}/paid`)
        : await call(
            s.base(),
            s.world.adminToken,
            'POST',
            `/api/withdrawals/${id}/failed`,
            JSON.stringify({ reason: 'Karta zablokowana' }),
          );
      if (res.status === 200) {
        ack = paid ? { op: 'paid', id } : { op: 'failed', id };
        s.exported.delete(id);
        s.requested.delete(id);
      }
    }
    s.stats.sent++;
    const byOp = s.stats.byOp[op] ?? { sent: 0, ok: 0 };
    s.stats.byOp[op] = byOp;
    byOp.sent++;
    if (ack) {
      s.stats.ok++;
      byOp.ok++;
      s.acked.push(ack);
    } else if (res.status >= 400 && res.status < 500) {
      s.stats.refused++;
    } else {
      s.stats.failed++;
      await pause(r, 200);
    }
    await pause(r, 10);
  }
}

const pause = (r: () => number, ms: number) => new Promise((done) => setTimeout(done, ms * (0.5 + r())));

export function newShared(base: () => string, world: World): Shared {
  return { base, world, acked: [], stats: newStats(), requested: new Set(), exported: new Set() };
}

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

const grosze = (pln: string | number) => Math.round(Number(pln) * 100);

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return queryRows<T>(db, q);
}

/**
 * The checks on the database after the crashes: every acknowledged operation is there, every
 * withdrawal's ledger entries match its state, every reward matches a passed attempt, every batch
 * matches its withdrawals, and the ledger check (wallets = ledger sums) holds.
 */
export async function verify(db: Db, acked: Acked[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (name: string, missing: string[], total: number) =>
    results.push({
      name,
      ok: missing.length === 0,
      detail:
        missing.length === 0 ? `${total} of ${total}` : `${missing.length} bad: ${missing.slice(0, 5).join('; ')}`,
    });

  const wds = new Map(
    (
      await rows<{ id: number; user_id: number; amount: string; status: string; batch_id: number | null }>(
        db,
        sql`select id, user_id, amount::text, status, batch_id from withdrawals`,
      )
    ).map((w) => [Number(w.id), w]),
  );
  const entries = await rows<{ kind: string; source_type: string; source_id: string; user_id: number; amount: string }>(
    db,
    sql`select kind, source_type, source_id, user_id, amount::text from ledger_entries`,
  );
  const entryKey = (kind: string, sourceType: string, sourceId: string, userId: number) =>
    `${kind}|${sourceType}|${sourceId}|${userId}`;
  const entryAmount = new Map(
    entries.map((e) => [entryKey(e.kind, e.source_type, e.source_id, Number(e.user_id)), Number(e.amount)]),
  );
  const passed = new Set(
    (
      await rows<{ quiz_id: number; user_id: number }>(db, sql`select quiz_id, user_id from quiz_attempts where passed`)
    ).map((a) => `${a.quiz_id}|${a.user_id}`),
  );
  const batches = new Map(
    (
      await rows<{ id: number; withdrawals_count: number }>(db, sql`select id, withdrawals_count from payout_batches`)
    ).map((b) => [Number(b.id), Number(b.withdrawals_count)]),
  );

  // 1. Every 2xx is in the database.
  const bad: Record<Acked['op'], string[]> = {
    withdrawal: [],
    quiz: [],
    adjustment: [],
    export: [],
    paid: [],
    failed: [],
  };
  const count: Record<Acked['op'], number> = { withdrawal: 0, quiz: 0, adjustment: 0, export: 0, paid: 0, failed: 0 };
  for (const a of acked) {
    count[a.op]++;
    if (a.op === 'withdrawal') {
      const w = wds.get(a.id);
      const e = entryAmount.get(entryKey('withdrawal_requested', 'withdrawal', String(a.id), a.userId));
      if (!w || Number(w.user_id) !== a.userId || Number(w.amount) !== grosze(a.amount) || e !== grosze(a.amount)) {
        bad.withdrawal.push(`withdrawal ${a.id}: row ${w ? 'present' : 'MISSING'}, ledger ${e ?? 'MISSING'}`);
      }
    } else if (a.op === 'quiz') {
      const e = entryAmount.get(entryKey('quiz_reward', 'quiz', String(a.quizId), a.userId));
      const paid = grosze(a.reward);
      if ((a.passed && !passed.has(`${a.quizId}|${a.userId}`)) || (paid > 0 && e !== paid)) {
        bad.quiz.push(`quiz ${a.quizId} user ${a.userId}: reward ${e ?? 'MISSING'}`);
      }
    } else if (a.op === 'adjustment') {
      const e = entryAmount.get(entryKey('adjustment', 'admin', a.key, a.userId));
      if (e !== a.amount) bad.adjustment.push(`adjustment ${a.key}: ${e ?? 'MISSING'}`);
    } else if (a.op === 'export') {
      const wrong = a.ids.filter((id) => Number(wds.get(id)?.batch_id) !== a.batchId);
      if (!batches.has(a.batchId) || wrong.length > 0) bad.export.push(`batch ${a.batchId}: ${wrong.length} not in it`);
    } else {
      const w = wds.get(a.id);
      const e = entryAmount.get(entryKey(`withdrawal_${a.op}`, 'withdrawal', String(a.id), Number(w?.user_id)));
      if (w?.status !== a.op || e === undefined) bad[a.op].push(`withdrawal ${a.id}: ${w?.status ?? 'MISSING'}`);
    }
  }
  for (const op of Object.keys(bad) as Acked['op'][]) add(`every 2xx ${op} is in the database`, bad[op], count[op]);

  // 2. No half-applied transaction: each withdrawal carries exactly the ledger entries of its state.
  const halfWd: string[] = [];
  for (const [id, w] of wds) {
    const has = (kind: string) => entryAmount.get(entryKey(kind, 'withdrawal', String(id), Number(w.user_id)));
    const amount = Number(w.amount);
    const want = {
      requested: amount,
      paid: w.status === 'paid' ? amount : undefined,
      failed: w.status === 'failed' ? amount : undefined,
    };
    if (
      has('withdrawal_requested') !== want.requested ||
      has('withdrawal_paid') !== want.paid ||
      has('withdrawal_failed') !== want.failed
    ) {
      halfWd.push(`withdrawal ${id} (${w.status})`);
    }
    if ((w.status === 'exported' || w.status === 'paid') && w.batch_id == null)
      halfWd.push(`withdrawal ${id} ${w.status} without a batch`);
  }
  const orphanWd = entries.filter((e) => e.source_type === 'withdrawal' && !wds.has(Number(e.source_id)));
  halfWd.push(...orphanWd.map((e) => `ledger ${e.kind} for missing withdrawal ${e.source_id}`));
  add('withdrawals and their ledger entries agree', halfWd, wds.size);

  // Each reward has its passed attempt and the reverse (the quizzes all pay).
  const rewards = entries.filter((e) => e.kind === 'quiz_reward');
  const halfQuiz = rewards
    .filter((e) => !passed.has(`${e.source_id}|${e.user_id}`))
    .map((e) => `reward without attempt ${e.source_id}/${e.user_id}`);
  const rewarded = new Set(rewards.map((e) => `${e.source_id}|${e.user_id}`));
  halfQuiz.push(...[...passed].filter((k) => !rewarded.has(k)).map((k) => `passed attempt without reward ${k}`));
  add('passed quiz attempts and rewards agree', halfQuiz, passed.size);

  // Each batch holds as many withdrawals as it says, and its total.
  const halfBatch = await rows<{ id: number }>(
    db,
    sql`select b.id from payout_batches b left join withdrawals w on w.batch_id = b.id
        group by b.id having count(w.id) <> b.withdrawals_count or coalesce(sum(w.amount), 0) <> b.total`,
  );
  add(
    'payout batches and their withdrawals agree',
    halfBatch.map((b) => `batch ${b.id}`),
    batches.size,
  );

  // 3. The books: every wallet equals its ledger sums (apps/api/src/modules/wallet/ledger-check.ts).
  const check = await checkLedger(db);
  results.push({
    name: 'ledger check (wallets = ledger, open and paid withdrawals, conservation)',
    ok: check.ok,
    detail: check.ok
      ? `${check.users_checked} wallets; earned ${check.totals.earned}, available ${check.totals.available}, in withdrawal ${check.totals.in_withdrawal}, withdrawn ${check.totals.withdrawn} PLN`
      : check.mismatches
          .slice(0, 5)
          .map((m) => `user ${m.user_id} ${m.field}: ${m.wallet} vs ${m.ledger}`)
          .join('; '),
  });
  return results;
}
