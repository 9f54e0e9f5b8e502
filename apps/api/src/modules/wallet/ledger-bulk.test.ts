import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { wallets } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Posting, postMany } from './ledger.service.ts';
import { checkLedger } from './ledger-check.ts';

let t: TestApp;
let takeUser: ReturnType<typeof userPool>;

beforeAll(async () => {
  t = await createTestApp();
  takeUser = userPool(t.db);
});
afterAll(async () => t?.close());

async function balances(ids: number[]) {
  const rows = await t.db.select().from(wallets).where(inArray(wallets.userId, ids));
  return new Map(rows.map((w) => [w.userId, w]));
}

describe('postMany', () => {
  it('posts each source key once, moves the balances as MOVES says, and the books balance', async () => {
    const a = await takeUser({ role: 'seller' });
    const b = await takeUser({ role: 'seller' });
    const before = await balances([a.id, b.id]);
    const postings: Posting[] = [
      { userId: b.id, kind: 'challenge_reward', amount: 500, sourceType: 'challenge', sourceId: 'bulk:1' },
      { userId: a.id, kind: 'challenge_reward', amount: 250, sourceType: 'challenge', sourceId: 'bulk:1' },
      { userId: a.id, kind: 'challenge_reward', amount: 100, sourceType: 'challenge', sourceId: 'bulk:2' },
    ];
    expect(await t.db.transaction((tx) => postMany(tx, postings))).toBe(3);
    // The same events again: nothing new.
    expect(await t.db.transaction((tx) => postMany(tx, postings))).toBe(0);
    const after = await balances([a.id, b.id]);
    const delta = (id: number, f: 'available' | 'earnedChallenge') =>
      (after.get(id)?.[f] ?? 0) - (before.get(id)?.[f] ?? 0);
    expect([delta(a.id, 'available'), delta(a.id, 'earnedChallenge')]).toEqual([350, 350]);
    expect([delta(b.id, 'available'), delta(b.id, 'earnedChallenge')]).toEqual([500, 500]);

    await t.db.transaction((tx) =>
      postMany(tx, [
        { userId: a.id, kind: 'challenge_reversal', amount: 100, sourceType: 'challenge', sourceId: 'bulk:2' },
      ]),
    );
    const reverted = await balances([a.id]);
    expect((reverted.get(a.id)?.available ?? 0) - (before.get(a.id)?.available ?? 0)).toBe(250);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses, whole, a posting that would make a balance negative (409), and writes nothing', async () => {
    const a = await takeUser({ role: 'seller' });
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, a.id));
    const err = await t.db
      .transaction((tx) =>
        postMany(tx, [
          { userId: a.id, kind: 'challenge_reward', amount: 1, sourceType: 'challenge', sourceId: 'neg:1' },
          {
            userId: a.id,
            kind: 'challenge_reversal',
            amount: (w?.available ?? 0) + 10_000_000,
            sourceType: 'challenge',
            sourceId: 'neg:2',
          },
        ]),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    const [after] = await t.db.select().from(wallets).where(eq(wallets.userId, a.id));
    expect(after?.available).toBe(w?.available);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
