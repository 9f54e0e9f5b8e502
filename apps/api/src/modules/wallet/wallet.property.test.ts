import { ledgerCheckSchema, userSchema, withdrawalListSchema } from '@incentive/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { giveCard } from '../../../test/wallet-fixtures.ts';

/*
 * Random sequences of money operations through the real API. After every step: the ledger check
 * holds (balances = sum of entries, open withdrawals = in withdrawal, paid = withdrawn), no balance
 * is negative, and each rep's money is conserved (earned = available + in withdrawal + withdrawn).
 */

let t: TestApp;
let admin: string;
let reps: { id: number; token: string }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  const take = userPool(t.db);
  reps = [];
  for (let i = 0; i < 3; i++) {
    const u = await take({ role: 'seller', activated: true });
    await giveCard(t.db, u.id);
    reps.push({ id: u.id, token: await t.login(u.email) });
  }
});
afterAll(async () => t?.close());

type Op =
  | { op: 'credit'; rep: number; grosze: number }
  | { op: 'debit'; rep: number; grosze: number }
  | { op: 'withdraw'; rep: number; stale: boolean }
  | { op: 'export'; pick: number }
  | { op: 'pay'; pick: number }
  | { op: 'fail'; pick: number };

const repIx = fc.integer({ min: 0, max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('credit' as const), rep: repIx, grosze: fc.integer({ min: 1, max: 500_00 }) }),
  fc.record({ op: fc.constant('debit' as const), rep: repIx, grosze: fc.integer({ min: 1, max: 300_00 }) }),
  fc.record({ op: fc.constant('withdraw' as const), rep: repIx, stale: fc.boolean() }),
  fc.record({ op: fc.constant('export' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('pay' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('fail' as const), pick: fc.nat() }),
);

const pln = (g: number) =>
  `${g < 0 ? '-' : ''}${Math.floor(Math.abs(g) / 100)}.${String(Math.abs(g) % 100).padStart(2, '0')}`;
const grosze = (s: string) => Math.round(Number(s) * 100);

async function me(token: string) {
  return userSchema.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json());
}

async function withdrawalsOf(status: 'requested' | 'exported') {
  const ids = reps.map((r) => r.id);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/wallet?status=${status}&per_page=100&sort=id&order=asc`,
    headers: bearer(admin),
  });
  return withdrawalListSchema.parse(res.json()).data.filter((w) => ids.includes(w.for_user.id));
}

async function run(op: Op): Promise<number> {
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  switch (op.op) {
    case 'credit':
    case 'debit': {
      const rep = reps[op.rep] as { id: number };
      const amount = op.op === 'credit' ? pln(op.grosze) : pln(-op.grosze);
      return (await post('/api/admin/adjustments', admin, { user_id: rep.id, amount, reason: 'Test własności' }))
        .statusCode;
    }
    case 'withdraw': {
      const rep = reps[op.rep] as { token: string };
      const m = await me(rep.token);
      const amount = op.stale ? pln(grosze(m.wallet.money) + 1) : m.wallet.money;
      return (await post('/api/withdrawal', rep.token, { amount })).statusCode;
    }
    case 'export': {
      const open = await withdrawalsOf('requested');
      const chosen = open.filter((_, i) => (op.pick >> i) & 1 || i === op.pick % Math.max(1, open.length));
      return (await post('/api/payout-batches', admin, { withdrawal_ids: chosen.map((w) => w.id) })).statusCode;
    }
    case 'pay':
    case 'fail': {
      const candidates = [...(await withdrawalsOf('exported')), ...(await withdrawalsOf('requested'))];
      const w = candidates[op.pick % Math.max(1, candidates.length)];
      if (!w) return 0;
      return op.op === 'pay'
        ? (await post(`/api/withdrawals/${w.id}/paid`, admin)).statusCode
        : (await post(`/api/withdrawals/${w.id}/failed`, admin, { reason: 'Test własności' })).statusCode;
    }
  }
}

async function assertBooks() {
  const check = ledgerCheckSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: bearer(admin) })).json(),
  );
  expect(check.mismatches).toEqual([]);
  for (const rep of reps) {
    const m = await me(rep.token);
    for (const v of [m.wallet.money, m.wallet.in_withdrawal, m.money_withdrawed])
      expect(grosze(v)).toBeGreaterThanOrEqual(0);
    expect(grosze(m.total_amount)).toBe(
      grosze(m.wallet.money) + grosze(m.wallet.in_withdrawal) + grosze(m.money_withdrawed),
    );
  }
}

describe('money under random sequences of operations', () => {
  it('never goes negative, always equals the ledger, and is conserved', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        for (const op of ops) {
          const status = await run(op);
          // Every refusal is a clear client error, never a server error.
          expect([0, 200, 404, 409, 422]).toContain(status);
          await assertBooks();
        }
      }),
      { numRuns: 12, seed: 20261121, endOnFailure: true },
    );
  }, 300_000);
});
