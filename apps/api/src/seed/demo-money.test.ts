import { ledgerCheckSchema, pagedSchema, userListItemSchema } from '@incentive/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerEntries, wallets, withdrawals } from '../db/schema.ts';

/**
 * The demo seed's money (the template every API test copies): rich enough to show every screen,
 * and nothing the product cannot explain. Until challenges exist no money comes from one, so the
 * money history, the challenges column and the profile agree (issue 10).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

describe('demo money', () => {
  it('posts no challenge rewards', async () => {
    const [entries] = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.kind} = 'challenge_reward' or ${ledgerEntries.sourceType} = 'challenge'`);
    expect(entries?.n).toBe(0);
    const [earned] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${wallets.earnedChallenge}), 0)::text` })
      .from(wallets);
    expect(earned?.sum).toBe('0');
  });

  it('every rep’s total is its quiz money, and its challenges are none', async () => {
    for (const role of ['seller', 'seller_reg'] as const) {
      let page = 1;
      let lastPage = 1;
      let withMoney = 0;
      do {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/users?role=${role}&per_page=100&page=${page}`,
          headers: bearer(admin),
        });
        expect(res.statusCode, res.body).toBe(200);
        const list = pagedSchema(userListItemSchema).parse(res.json());
        for (const u of list.data) {
          expect(u.challenges, u.email).toEqual([]);
          expect(u.total_amount, u.email).toBe(u.amount_from_quiz);
          if (Number(u.total_amount) > 0) withMoney++;
        }
        lastPage = list.last_page;
        page++;
      } while (page <= lastPage);
      if (role === 'seller') expect(withMoney).toBeGreaterThan(50);
    }
  });

  it('stays rich: quiz rewards, and withdrawals in every state', async () => {
    const [rewards] = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.kind} = 'quiz_reward'`);
    expect(rewards?.n).toBeGreaterThan(500);
    const states = await t.db
      .select({ status: withdrawals.status, n: count() })
      .from(withdrawals)
      .groupBy(withdrawals.status);
    expect(states.map((s) => s.status).sort()).toEqual(['exported', 'failed', 'paid', 'requested']);
  });

  it('balances: every wallet equals its ledger', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: bearer(admin) });
    const check = ledgerCheckSchema.parse(res.json());
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
