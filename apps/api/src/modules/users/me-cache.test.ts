import { type User, userSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, insertQuiz, type QuizFixture } from '../../../test/quiz-fixtures.ts';
import { makeChallenge, repPool, type TestRep } from '../../../test/sales-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { meCacheCounts } from './me-cache.ts';
import { meStillTrue, selectMe } from './users.repo.ts';

/*
 * GET /api/me reuses a user's last answer while the database says it is still true (decision 034).
 * After every kind of change to what it shows (made through the API or straight in SQL, as another
 * process would), the next answer equals a fresh read and shows the change; with no change, the
 * kept answer is reused.
 */

let t: TestApp;
let admin: string;
let takeRep: () => Promise<TestRep>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeRep = repPool(t.db);
});
afterAll(async () => t?.close());

/** A rep signed in, with its answer read once (so it is kept). */
async function signedInRep() {
  const rep = await takeRep();
  const token = await t.login(rep.email);
  await me(token);
  return { ...rep, token };
}

/**
 * GET /api/me, checked against a fresh read of the same user (the cache bypassed) and the contract.
 * Returns the answer and whether it was the kept one.
 */
async function me(token: string): Promise<User & { reused: boolean }> {
  const before = meCacheCounts(t.db);
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const user = userSchema.parse(res.json());
  const fresh = await selectMe(t.db, user.id);
  expect(res.body).toBe(fresh?.text);
  const after = meCacheCounts(t.db);
  expect(after.reused + after.read).toBe(before.reused + before.read + 1);
  return { ...user, reused: after.reused > before.reused };
}

/** POST /api/quiz/{id}/submit through the API, answered right (or wrong); it must be accepted. */
async function submitQuiz(token: string, quiz: QuizFixture, opts: { wrong?: boolean } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/quiz/${quiz.id}/submit`,
    headers: bearer(token),
    payload: { answers: answersOf(quiz, opts) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const sqlRun = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.db, query);
const meVersion = async () => Number((await sqlRun(sql`select n from me_version where id = 1`))[0]?.n);

/** The database's own message of a refused statement (drizzle wraps it). */
async function refusal(query: ReturnType<typeof sql>): Promise<string> {
  const err = await sqlRun(query).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  return err?.cause?.message ?? err?.message ?? 'not refused';
}

describe('GET /api/me kept while still true', () => {
  it('reuses the answer while nothing changed, for each user apart', async () => {
    const a = await signedInRep();
    const b = await signedInRep();
    expect((await me(a.token)).reused).toBe(true);
    expect((await me(b.token)).reused).toBe(true);
    expect((await me(a.token)).reused).toBe(true);
  });

  it('shows money at once: a passed quiz, then a withdrawal', async () => {
    const rep = await signedInRep();
    const quiz = await insertQuiz(t.db, { reward: 1500, isOneTime: false });
    const before = await me(rep.token);
    expect(before.reused).toBe(false); // the new quiz moved me_version
    await submitQuiz(rep.token, quiz);
    const paid = await me(rep.token);
    expect(paid.reused).toBe(false);
    expect(Number(paid.wallet.money)).toBeCloseTo(Number(before.wallet.money) + 15, 2);
    expect(Number(paid.money_to_get)).toBeCloseTo(Number(before.money_to_get) - 15, 2);

    const card = `7${String(rep.id).padStart(15, '0')}`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/card',
      headers: bearer(admin),
      payload: { user_id: rep.id, number: card },
    });
    expect(added.statusCode, added.body).toBe(201);
    const carded = await me(rep.token);
    expect(carded.reused).toBe(false);
    expect(carded.card?.number.endsWith(card.slice(-4))).toBe(true);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawal',
      headers: bearer(rep.token),
      payload: { amount: Number(paid.wallet.money) },
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await me(rep.token);
    expect(after.reused).toBe(false);
    expect(after.wallet.money).toBe('0.00');
    expect(after.wallet.in_withdrawal).toBe(paid.wallet.money);
    expect((await me(rep.token)).reused).toBe(true);
  });

  it('money paths never move me_version (no shared row for reps to wait on)', async () => {
    const rep = await signedInRep();
    const quiz = await insertQuiz(t.db, { reward: 700, isOneTime: false });
    const v = await meVersion();
    await submitQuiz(rep.token, quiz);
    expect(await meVersion()).toBe(v);
  });

  it('a failed try at a one-time quiz takes its reward off money_to_get, with no money moving', async () => {
    const rep = await signedInRep();
    const quiz = await insertQuiz(t.db, { reward: 990, isOneTime: true });
    const before = await me(rep.token);
    await submitQuiz(rep.token, quiz, { wrong: true });
    const after = await me(rep.token);
    expect(after.reused).toBe(false);
    expect(after.wallet).toEqual(before.wallet);
    expect(Number(after.money_to_get)).toBeCloseTo(Number(before.money_to_get) - 9.9, 2);
  });

  it('follows quizzes written in SQL: added, edited, switched off, deleted', async () => {
    const rep = await signedInRep();
    const base = await me(rep.token);
    const quiz = await insertQuiz(t.db, { reward: 4321 });
    const added = await me(rep.token);
    expect(Number(added.money_to_get)).toBeCloseTo(Number(base.money_to_get) + 43.21, 2);
    await sqlRun(sql`update quizzes set reward = 1234 where id = ${quiz.id}`);
    expect(Number((await me(rep.token)).money_to_get)).toBeCloseTo(Number(base.money_to_get) + 12.34, 2);
    await sqlRun(sql`update quizzes set is_active = false where id = ${quiz.id}`);
    expect((await me(rep.token)).money_to_get).toBe(base.money_to_get);
    await sqlRun(sql`update quizzes set is_active = true where id = ${quiz.id}`);
    expect(Number((await me(rep.token)).money_to_get)).toBeCloseTo(Number(base.money_to_get) + 12.34, 2);
    await sqlRun(sql`update quizzes set deleted_at = now() where id = ${quiz.id}`);
    expect((await me(rep.token)).money_to_get).toBe(base.money_to_get);
  });

  it('follows the clock: a quiz that starts, then one that ends, with no write in between', async () => {
    const rep = await signedInRep();
    const base = await me(rep.token);
    const startAt = new Date(Date.now() + 1500);
    await insertQuiz(t.db, { reward: 111, startAt, endAt: new Date(Date.now() + 3000) });
    const early = await me(rep.token);
    expect(early.money_to_get).toBe(base.money_to_get);
    expect((await me(rep.token)).reused).toBe(true);
    await waitUntil(startAt.getTime() + 50);
    const started = await me(rep.token);
    expect(started.reused).toBe(false);
    expect(Number(started.money_to_get)).toBeCloseTo(Number(base.money_to_get) + 1.11, 2);
    await waitUntil(startAt.getTime() + 1500 + 50);
    const ended = await me(rep.token);
    expect(ended.reused).toBe(false);
    expect(ended.money_to_get).toBe(base.money_to_get);
  });

  it('follows warehouses and memberships, challenges and earnings, and the user row', async () => {
    const rep = await signedInRep();
    await sqlRun(sql`update warehouses set name = ${`Hurtownia ${rep.id}`} where id = ${rep.warehouseId}`);
    expect((await me(rep.token)).warehouses).toEqual([{ id: rep.warehouseId, name: `Hurtownia ${rep.id}` }]);

    const [other] = await sqlRun(
      sql`select id from warehouses where deleted_at is null and id > ${rep.warehouseId} order by id limit 1`,
    );
    await sqlRun(sql`insert into user_warehouses (user_id, warehouse_id) values (${rep.id}, ${other?.id})`);
    expect((await me(rep.token)).warehouses.map((w) => w.id)).toEqual([rep.warehouseId, other?.id]);

    // Newer than any seeded challenge, so it comes first among the rep's three newest.
    const challenge = await makeChallenge(t.db, { startOn: '2030-01-01', endOn: '2030-01-31', rewards: [100] });
    expect((await me(rep.token)).challenges.map((c) => c.id)).not.toContain(challenge.id);
    await sqlRun(
      sql`insert into challenge_earnings (challenge_id, user_id, units, amount) values (${challenge.id}, ${rep.id}, 3, 300)`,
    );
    expect((await me(rep.token)).challenges[0]).toEqual({ id: challenge.id, name: challenge.name, amount: '3.00' });
    await sqlRun(sql`update challenges set name = 'Wyzwanie zimowe' where id = ${challenge.id}`);
    expect((await me(rep.token)).challenges[0]?.name).toBe('Wyzwanie zimowe');

    await sqlRun(sql`update users set name = 'Zdzisława' where id = ${rep.id}`);
    expect((await me(rep.token)).name).toBe('Zdzisława');
    expect((await me(rep.token)).reused).toBe(true);
  });

  it('moves me_version once per transaction, at its commit, and only then', async () => {
    const v = await meVersion();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update warehouses set updated_at = now() where id in (1, 2, 3)`);
      await tx.execute(sql`update quizzes set updated_at = now()`);
      // Deferred: not moved before the commit.
      const [inside] = await queryRows<{ n: number }>(tx, sql`select n from me_version where id = 1`);
      expect(Number(inside?.n)).toBe(v);
    });
    expect(await meVersion()).toBe(v + 1);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update warehouses set updated_at = now() where id = 1`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await meVersion()).toBe(v + 1);
  });

  it('parallel back-office writes each move me_version once and none of them fails', async () => {
    const v = await meVersion();
    const quizzes = await Promise.all(Array.from({ length: 4 }, () => insertQuiz(t.db, { reward: 100 })));
    expect(await meVersion()).toBe(v + 4);
    // Each transaction touches two covered tables, in opposite orders half of the time.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const quiz = quizzes[i % quizzes.length];
          const a = sql`update quizzes set reward = reward + 1 where id = ${quiz?.id}`;
          const b = sql`update warehouses set updated_at = now() where id = ${1 + (i % 3)}`;
          for (const q of i % 2 ? [a, b] : [b, a]) await tx.execute(q);
        }),
      ),
    );
    expect(await meVersion()).toBe(v + 16);
  });

  it('keeps quiz attempts append-only', async () => {
    expect(await refusal(sql`update quiz_attempts set reward = reward where false`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from quiz_attempts where false`)).toMatch(/append-only/);
  });

  it('reads afresh for a user with no kept answer, then keeps it', async () => {
    const rep = await takeRep();
    const token = await t.login(rep.email);
    expect((await me(token)).reused).toBe(false);
    expect((await me(token)).reused).toBe(true);
  });
});

async function waitUntil(ms: number) {
  const left = ms - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

describe('GET /api/me checks of requests that arrive together', () => {
  /**
   * One request each, one after another: their sessions are known afterwards (a sign-in, like every
   * write, empties the session cache), so that requests sent together wait for no session lookup and
   * all reach their check in the same turn of the event loop.
   */
  async function knownSessions(tokens: string[]) {
    for (const token of tokens) await me(token);
  }

  /** The answers to requests sent all at once, each checked as `me` checks one. */
  async function together(tokens: string[]) {
    const before = meCacheCounts(t.db);
    const answers = await Promise.all(
      tokens.map((token) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })),
    );
    const after = meCacheCounts(t.db);
    const users = [];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const user = userSchema.parse(res.json());
      expect(res.body).toBe((await selectMe(t.db, user.id))?.text);
      users.push(user);
    }
    return {
      ids: users.map((u) => u.id),
      reused: after.reused - before.reused,
      read: after.read - before.read,
      statements: after.statements - before.statements,
    };
  }

  it('are asked in one statement, each answer its own user’s', async () => {
    const reps = [];
    for (let i = 0; i < 6; i++) reps.push(await signedInRep());
    await knownSessions(reps.map((r) => r.token));
    const got = await together(reps.map((r) => r.token));
    expect(got.ids).toEqual(reps.map((r) => r.id));
    expect(got).toMatchObject({ reused: 6, read: 0, statements: 1 });
  });

  it('tell each check apart: one user changed in SQL is read afresh, the others are reused', async () => {
    const reps = [];
    for (let i = 0; i < 5; i++) reps.push(await signedInRep());
    await knownSessions(reps.map((r) => r.token));
    const changed = reps[2] as (typeof reps)[number];
    // A new row version, as a write by another process leaves it.
    await sqlRun(sql`update users set phone = coalesce(phone, '') where id = ${changed.id}`);
    const got = await together(reps.map((r) => r.token));
    expect(got.ids).toEqual(reps.map((r) => r.id));
    expect(got).toMatchObject({ reused: 4, read: 1, statements: 1 });
    // The fresh read is kept: all five are reused next time.
    expect(await together(reps.map((r) => r.token))).toMatchObject({ reused: 5, read: 0, statements: 1 });
  });

  it('answer the same user twice in one statement, and a user gone only for that user', async () => {
    const a = await signedInRep();
    const b = await signedInRep();
    await knownSessions([a.token, b.token]);
    expect(await together([a.token, b.token, a.token])).toMatchObject({ reused: 3, statements: 1 });
    const checks = [a, b].map(async (r) => {
      const kept = await selectMe(t.db, r.id);
      if (!kept) throw new Error('no answer');
      const { text: _, ...read } = kept;
      return { ...read, id: r.id };
    });
    const [ka, kb] = await Promise.all(checks);
    if (!ka || !kb) throw new Error('no answers');
    // Straight to the statement: an unknown user and a stale version are false, in their places.
    expect(await meStillTrue(t.db, [ka, { ...kb, id: 2_000_000_000 }, { ...kb, userRow: '1' }, kb])).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(await meStillTrue(t.db, [])).toEqual([]);
  });
});
