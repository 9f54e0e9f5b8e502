import { ledgerCheckSchema, pagedSchema, userListItemSchema } from '@incentive/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { queryRows } from '../db/query-rows.ts';
import { challengeEarnings, ledgerEntries, salesImports, wallets, withdrawals } from '../db/schema.ts';

/**
 * The demo seed's money (the template every API test copies): rich enough to show every screen,
 * and nothing the product cannot explain. Challenge money comes only from the demo's sales
 * imports: the ledger's challenge entries, challenge_earnings and the wallets agree, so the money
 * history, the challenges column and the profile tell the same story (issue 10, issue 15).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

describe('demo money', () => {
  it('pays challenge rewards only through applied sales imports, one per rep and challenge', async () => {
    const imports = await t.db.select().from(salesImports).orderBy(salesImports.id);
    expect(imports.map((i) => i.status)).toEqual(['applied', 'applied']);
    for (const i of imports) {
      expect(i.rowsAccepted).toBeGreaterThan(50);
      // Every real export has a few bad rows: the report has something to show.
      expect(i.rowsRejected).toBe(3);
    }
    const entries = await t.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.kind} = 'challenge_reward' or ${ledgerEntries.sourceType} = 'challenge'`);
    const [earnings] = await t.db.select({ n: count() }).from(challengeEarnings);
    expect(entries[0]?.n).toBeGreaterThan(0);
    expect(entries[0]?.n).toBe(earnings?.n);
    const total = imports.reduce((n, i) => n + i.amount, 0);
    const [earned] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${wallets.earnedChallenge}), 0)::text` })
      .from(wallets);
    expect(Number(earned?.sum)).toBe(total);
  });

  it('every rep’s challenge money is its challenge earnings, in the ledger and in the wallet', async () => {
    const rows = await queryRows<{ user_id: number; ledger: string; earnings: string; wallet: string }>(
      t.db,
      sql`select w.user_id,
          coalesce((select sum(case when l.kind = 'challenge_reward' then l.amount else -l.amount end)
            from ledger_entries l where l.user_id = w.user_id and l.kind in ('challenge_reward', 'challenge_reversal')), 0)::text as ledger,
          coalesce((select sum(e.amount) from challenge_earnings e where e.user_id = w.user_id), 0)::text as earnings,
          w.earned_challenge::text as wallet
        from wallets w`,
    );
    expect(rows.filter((r) => Number(r.wallet) > 0).length).toBeGreaterThan(50);
    for (const r of rows) {
      expect(r.ledger, `user ${r.user_id}`).toBe(r.wallet);
      expect(r.earnings, `user ${r.user_id}`).toBe(r.wallet);
    }
  });

  it('every rep’s total is its quiz and challenge money, and its challenges are its earnings', async () => {
    const earningsRows = await queryRows<{ user_id: number; name: string; amount: string }>(
      t.db,
      sql`select e.user_id, c.name, e.amount::text as amount from challenge_earnings e join challenges c on c.id = e.challenge_id`,
    );
    const earned = new Map<number, { name: string; amount: number }[]>();
    for (const e of earningsRows)
      earned.set(e.user_id, [...(earned.get(e.user_id) ?? []), { name: e.name, amount: Number(e.amount) }]);
    const grosze = (pln: string) => Math.round(Number(pln) * 100);
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
          const mine = earned.get(u.id) ?? [];
          const fromChallenges = mine.reduce((n, e) => n + e.amount, 0);
          expect(grosze(u.total_amount), u.email).toBe(grosze(u.amount_from_quiz) + fromChallenges);
          // The column lists some of the rep's challenges (the newest): each as challenge_earnings has it.
          for (const c of u.challenges) {
            expect(mine, u.email).toContainEqual({ name: c.name, amount: grosze(c.amount) });
          }
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
