import {
  ledgerCheckSchema,
  userSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalSchema,
} from '@incentive/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allPages, expectSorted } from '../../../test/back-office.ts';
import { userPool } from '../../../test/fixtures.ts';
import { polishSortKey } from '../../../test/polish-order.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { giveCard } from '../../../test/wallet-fixtures.ts';
import { queryRows } from '../../db/query-rows.ts';
import { users, wallets } from '../../db/schema.ts';
import { totalsQuery } from './withdrawals.repo.ts';

let t: TestApp;
let admin: string;
let takeUser: ReturnType<typeof userPool>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeUser = userPool(t.db);
});
afterAll(async () => t?.close());

/** The books must balance after every test. */
afterEach(() => expectBooksBalance(t, admin));

const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });

async function me(token: string) {
  return userSchema.parse((await inject('GET', '/api/me', token)).json());
}

async function credit(userId: number, amount: string, reason = 'Korekta testowa') {
  const res = await inject('POST', '/api/admin/adjustments', admin, { user_id: userId, amount, reason });
  expect(res.statusCode, res.body).toBe(200);
}

/** A seeded seller with a card, signed in, with `extra` PLN credited on top of what the seed gave. */
async function rep(opts: { card?: boolean; extra?: string } = {}) {
  const u = await takeUser({ role: 'seller', activated: true });
  if (opts.card === false) await t.db.update(users).set({ cardNumber: null }).where(eq(users.id, u.id));
  else await giveCard(t.db, u.id);
  if (opts.extra) await credit(u.id, opts.extra);
  const token = await t.login(u.email);
  return { ...u, token };
}

describe('the wallet in /api/me', () => {
  it('shows the balances from the ledger, earned so far = money_earned + money_withdrawed', async () => {
    const r = await rep({ extra: '12.34' });
    const m = await me(r.token);
    expect(Number(m.wallet.money)).toBeGreaterThanOrEqual(12.34);
    const earned = Math.round(Number(m.money_earned) * 100) + Math.round(Number(m.money_withdrawed) * 100);
    expect(earned).toBe(Math.round(Number(m.total_amount) * 100));
    expect(m.wallet.updated_at).not.toBeNull();
  });
});

describe('POST /api/withdrawal', () => {
  it('withdraws the whole wallet once; the money moves to in_withdrawal', async () => {
    const r = await rep({ extra: '50.00' });
    const before = await me(r.token);
    const res = await inject('POST', '/api/withdrawal', r.token, { amount: Number(before.wallet.money) });
    expect(res.statusCode, res.body).toBe(200);
    const w = withdrawalSchema.parse(res.json());
    expect(w.amount).toBe(before.wallet.money);
    expect(w.status).toBe('requested');
    const after = await me(r.token);
    expect(after.wallet.money).toBe('0.00');
    expect(after.wallet.in_withdrawal).toBe(
      (Math.round(Number(before.wallet.in_withdrawal) * 100 + Number(before.wallet.money) * 100) / 100).toFixed(2),
    );
    const again = await inject('POST', '/api/withdrawal', r.token, { amount: Number(before.wallet.money) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Brak środków do wypłaty');
  });

  it('accepts the amount as a decimal string too', async () => {
    const r = await rep({ extra: '10.10' });
    const m = await me(r.token);
    const res = await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a stale amount (not the current balance) with 409', async () => {
    const r = await rep({ extra: '20.00' });
    const m = await me(r.token);
    const res = await inject('POST', '/api/withdrawal', r.token, { amount: Number(m.wallet.money) - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Stan portfela zmienił się. Odśwież stronę i spróbuj ponownie.');
    expect((await me(r.token)).wallet.money).toBe(m.wallet.money);
  });

  it('tells a rep without a card to contact an admin', async () => {
    const r = await rep({ card: false, extra: '5.00' });
    const m = await me(r.token);
    const res = await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nie masz przypisanej karty. Skontaktuj się z administratorem, aby ją dodać.');
  });

  it.each([
    ['negative', -5],
    ['zero', 0],
    ['a fraction of a grosz', 1.005],
    ['a string that is not a number', 'abc'],
    ['huge', 1e12],
    ['missing', undefined],
    ['null', null],
    ['an object', { value: 1 }],
    ['Infinity as text', 'Infinity'],
  ])('rejects an amount that is %s with 422 and writes nothing', async (_label, amount) => {
    const r = await rep({ extra: '7.00' });
    const before = await me(r.token);
    const res = await inject('POST', '/api/withdrawal', r.token, amount === undefined ? {} : { amount });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.amount).toBeDefined();
    expect((await me(r.token)).wallet).toEqual(before.wallet);
  });

  it('answers in English when asked', async () => {
    const r = await rep({ extra: '3.00' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawal',
      headers: { ...bearer(r.token), 'accept-language': 'en' },
      payload: { amount: 0.5 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your wallet has changed. Refresh the page and try again.');
  });

  it("withdraws only the caller's own money, whatever user the body names", async () => {
    const victim = await rep({ extra: '30.00' });
    const attacker = await rep({ extra: '5.00' });
    const victimBefore = await me(victim.token);
    const mine = await me(attacker.token);
    const res = await inject('POST', '/api/withdrawal', attacker.token, {
      amount: victimBefore.wallet.money,
      user_id: victim.id,
      for_user: { id: victim.id },
    });
    expect(res.statusCode).toBe(409); // the amount is not the attacker's balance
    const ok = await inject('POST', '/api/withdrawal', attacker.token, {
      amount: mine.wallet.money,
      user_id: victim.id,
    });
    expect(ok.statusCode).toBe(200);
    expect(withdrawalSchema.parse(ok.json()).for_user.id).toBe(attacker.id);
    expect((await me(victim.token)).wallet).toEqual(victimBefore.wallet);
  });

  it('is for sellers only: admins and managers get 403', async () => {
    for (const email of ['admin@example.com', 'rks@example.com', 'wholesaler@example.com']) {
      const token = await t.login(email);
      const res = await inject('POST', '/api/withdrawal', token, { amount: 1 });
      expect(res.statusCode).toBe(403);
    }
  });

  it('200 concurrent requests give exactly one withdrawal', async () => {
    const r = await rep({ extra: '99.99' });
    const m = await me(r.token);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money })),
    );
    const codes = results.map((x) => x.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    const list = withdrawalListSchema.parse(
      (await inject('GET', `/api/wallet?status=requested&per_page=100`, r.token)).json(),
    );
    expect(list.data.filter((w) => w.amount === m.wallet.money)).toHaveLength(1);
  });
});

describe('GET /api/wallet', () => {
  it('lists all withdrawals for an admin, with the filtered total in the footer', async () => {
    const res = await inject('GET', '/api/wallet?per_page=25&sort=amount&order=desc', admin);
    expect(res.statusCode).toBe(200);
    const list = withdrawalListSchema.parse(res.json());
    expect(list.data.length).toBeGreaterThan(0);
    const amounts = list.data.map((w) => Number(w.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const requested = withdrawalListSchema.parse(
      (await inject('GET', '/api/wallet?status=requested&per_page=100', admin)).json(),
    );
    const sum = requested.data.reduce((s, w) => s + Math.round(Number(w.amount) * 100), 0);
    if (requested.total <= 100) expect(Math.round(Number(requested.total_amount) * 100)).toBe(sum);
  });

  it('searches by the rep e-mail', async () => {
    const r = await rep({ extra: '4.00' });
    const m = await me(r.token);
    await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money });
    const list = withdrawalListSchema.parse(
      (await inject('GET', `/api/wallet?search=${encodeURIComponent(r.email)}`, admin)).json(),
    );
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.data.every((w) => w.for_user.email === r.email)).toBe(true);
  });

  it('finds a withdrawal by its number', async () => {
    const r = await rep({ extra: '4.00' });
    const m = await me(r.token);
    const made = withdrawalSchema.parse(
      (await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money })).json(),
    );
    const byNumber = withdrawalListSchema.parse((await inject('GET', `/api/wallet?search=${made.id}`, admin)).json());
    expect(byNumber.data.map((w) => w.id)).toContain(made.id);
  });

  it('searches through indexes: the reps by the trigram index, their withdrawals by withdrawals_user_idx', async () => {
    for (const search of ['kowal', '12']) {
      const query = withdrawalListQuerySchema.parse({ search });
      const plan = await t.db.transaction(async (tx) => {
        // The test database is small: without this the planner may rightly read whole tables.
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain ${totalsQuery(tx, query)}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, search).toContain('users_search_text_trgm_idx');
      expect(plan, search).toContain('withdrawals_user_idx');
      expect(plan, search).not.toMatch(/Seq Scan/);
    }
  });

  it('totals the list without reading users unless the search needs them', async () => {
    const plan = await t.db.transaction(async (tx) => {
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql`explain ${totalsQuery(tx, withdrawalListQuerySchema.parse({ status: 'requested' }))}`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('withdrawals');
    expect(plan).not.toMatch(/\busers\b/);
  });

  it('sorts by e-mail in the Polish alphabet, ties by id', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const { rows, total } = await allPages(async (page) =>
        withdrawalListSchema.parse(
          (await inject('GET', `/api/wallet?per_page=100&page=${page}&sort=email&order=${order}`, admin)).json(),
        ),
      );
      expect(rows).toHaveLength(total);
      expectSorted(rows, (w) => polishSortKey(w.for_user.email), order, `email ${order}`);
    }
  });

  it('shows a seller only its own withdrawals, with the card masked', async () => {
    const r = await rep({ extra: '4.00' });
    const m = await me(r.token);
    await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money });
    const list = withdrawalListSchema.parse((await inject('GET', '/api/wallet', r.token)).json());
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((w) => w.for_user.id === r.id)).toBe(true);
    expect(list.data.every((w) => w.card_number.startsWith('••••'))).toBe(true);
  });

  it('refuses providers, managers and wholesalers, and rejects bad paging', async () => {
    for (const email of ['provider@example.com', 'rks@example.com', 'wholesaler@example.com']) {
      expect((await inject('GET', '/api/wallet', await t.login(email))).statusCode).toBe(403);
    }
    for (const q of ['page=0', 'page=1000000000', 'per_page=7', 'sort=password', 'order=up', 'status=stolen']) {
      expect((await inject('GET', `/api/wallet?${q}`, admin)).statusCode, q).toBe(422);
    }
  });
});

/** A requested withdrawal of a fresh rep, for the payout tests. */
async function requested(extra = '25.00') {
  const r = await rep({ extra });
  const m = await me(r.token);
  const res = await inject('POST', '/api/withdrawal', r.token, { amount: m.wallet.money });
  expect(res.statusCode, res.body).toBe(200);
  return { rep: r, withdrawal: withdrawalSchema.parse(res.json()) };
}

describe('the payout lifecycle', () => {
  it('exports a batch file for the card issuer and marks the withdrawals exported; a retry gives the same batch', async () => {
    const a = await requested();
    const b = await requested();
    const ids = [a.withdrawal.id, b.withdrawal.id];
    const res = await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json();
    expect(batch.withdrawals_count).toBe(2);
    const again = await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [...ids].reverse() });
    expect(again.json().id).toBe(batch.id);

    const file = await inject('GET', `/api/payout-batches/${batch.id}/file`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('withdrawal_id;rep;email;asseco_id;card_number;amount');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(a.withdrawal.amount);
    expect(lines[1]).toMatch(/;\d{16};/);
  });

  it('refuses an empty selection, unknown ids and withdrawals not waiting for export', async () => {
    expect((await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [] })).json().message).toBe(
      'Zaznacz co najmniej jedną wypłatę',
    );
    expect((await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [2_000_000_000] })).statusCode).toBe(
      404,
    );
    const a = await requested();
    const b = await requested();
    await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [a.withdrawal.id] });
    const mixed = await inject('POST', '/api/payout-batches', admin, {
      withdrawal_ids: [a.withdrawal.id, b.withdrawal.id],
    });
    expect(mixed.statusCode).toBe(409);
  });

  it('pays an exported withdrawal once: the withdrawn amount grows, paying again changes nothing, failing it is refused', async () => {
    const { rep: r, withdrawal: w } = await requested('40.00');
    expect((await inject('POST', `/api/withdrawals/${w.id}/paid`, admin)).statusCode).toBe(409); // not exported yet
    await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [w.id] });
    const before = await me(r.token);
    expect((await inject('POST', `/api/withdrawals/${w.id}/paid`, admin)).statusCode).toBe(200);
    const after = await me(r.token);
    expect(Number(after.money_withdrawed) - Number(before.money_withdrawed)).toBeCloseTo(Number(w.amount), 2);
    expect(Number(after.wallet.in_withdrawal)).toBeCloseTo(Number(before.wallet.in_withdrawal) - Number(w.amount), 2);
    expect((await inject('POST', `/api/withdrawals/${w.id}/paid`, admin)).statusCode).toBe(200);
    expect(await me(r.token)).toEqual(after);
    const fail = await inject('POST', `/api/withdrawals/${w.id}/failed`, admin, { reason: 'Odrzucone' });
    expect(fail.statusCode).toBe(409);
    expect(fail.json().message).toBe('Wypłata została już zrealizowana');
  });

  it('a failed withdrawal returns the money to the wallet, with the reason in the history', async () => {
    const { rep: r, withdrawal: w } = await requested('33.00');
    await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [w.id] });
    const noReason = await inject('POST', `/api/withdrawals/${w.id}/failed`, admin, {});
    expect(noReason.statusCode).toBe(422);
    const res = await inject('POST', `/api/withdrawals/${w.id}/failed`, admin, { reason: 'Karta zablokowana' });
    expect(res.statusCode, res.body).toBe(200);
    const m = await me(r.token);
    expect(m.wallet.money).toBe(w.amount);
    expect((await inject('POST', `/api/withdrawals/${w.id}/paid`, admin)).statusCode).toBe(409);
    const history = (await inject('GET', '/api/wallet/history', r.token)).json();
    expect(history.data[0]).toMatchObject({ kind: 'withdrawal_failed', amount: w.amount, reason: 'Karta zablokowana' });
  });

  it('parallel pay and fail of one withdrawal settle it exactly once', async () => {
    const { withdrawal: w } = await requested('61.00');
    await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [w.id] });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? inject('POST', `/api/withdrawals/${w.id}/paid`, admin)
          : inject('POST', `/api/withdrawals/${w.id}/failed`, admin, { reason: 'Równoległa próba' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().message);
    expect(new Set(ok).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
  });

  it('marks a whole batch paid, and imports the issuer result file all or nothing', async () => {
    const a = await requested();
    const b = await requested();
    const c = await requested();
    const batch = (
      await inject('POST', '/api/payout-batches', admin, {
        withdrawal_ids: [a.withdrawal.id, b.withdrawal.id, c.withdrawal.id],
      })
    ).json();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/payout-batches/${batch.id}/result`,
      headers: { ...bearer(admin), 'content-type': 'text/csv' },
      payload: `withdrawal_id;status;reason\n${a.withdrawal.id};paid;\n${b.withdrawal.id};lost;\n`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.line_3).toBeDefined();
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/payout-batches/${batch.id}/result`,
      headers: { ...bearer(admin), 'content-type': 'text/csv' },
      payload: `\uFEFFwithdrawal_id;status;reason\r\n${a.withdrawal.id};paid;\r\n${b.withdrawal.id};failed;Nieaktywna karta\r\n`,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ paid: 1, failed: 1, unchanged: 0 });
    const rest = await inject('POST', `/api/payout-batches/${batch.id}/paid`, admin);
    expect(rest.json()).toEqual({ paid: 1 });
    expect((await me(b.rep.token)).wallet.money).toBe(b.withdrawal.amount);
  });

  it('payout actions are for root and admin only', async () => {
    const { withdrawal: w } = await requested();
    for (const email of ['provider@example.com', 'rks@example.com', 'seller@example.com']) {
      const token = await t.login(email);
      expect((await inject('POST', '/api/payout-batches', token, { withdrawal_ids: [w.id] })).statusCode).toBe(403);
      expect((await inject('POST', `/api/withdrawals/${w.id}/paid`, token)).statusCode).toBe(403);
    }
    const root = await t.login('root@example.com');
    expect((await inject('POST', '/api/payout-batches', root, { withdrawal_ids: [w.id] })).statusCode).toBe(200);
  });
});

describe("the card issuer's CSV files", () => {
  /** A withdrawal of a rep in the wholesaler's warehouse, after the wholesaler renamed the rep. */
  async function requestedBy(name: string, surname: string) {
    const wholesaler = await t.login('wholesaler@example.com');
    const [warehouseId] = (await me(wholesaler)).wholesaler_ids as [number];
    const u = await takeUser({ role: 'seller', activated: true, inWarehouses: [warehouseId] });
    const d = (await inject('GET', `/api/users/${u.id}`, admin)).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile/${u.id}`,
      headers: bearer(wholesaler),
      payload: { name, surname, assecoId: d.asseco_id, email: d.email, warehouse_ids: [warehouseId], role: 'seller' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await giveCard(t.db, u.id);
    await credit(u.id, '15.00');
    const token = await t.login(u.email);
    const res = await inject('POST', '/api/withdrawal', token, { amount: (await me(token)).wallet.money });
    expect(res.statusCode, res.body).toBe(200);
    return withdrawalSchema.parse(res.json());
  }

  it('writes names that look like formulas as text, quoted where needed', async () => {
    const a = await requestedBy('=HYPERLINK("http://evil.example/","x")', 'Nowak');
    const b = await requestedBy('＝1+1', 'Łęcka; "Ż"');
    // Stored before any check could refuse it: a zero-width space in front of a formula.
    const c = await requested();
    await t.db.update(users).set({ name: '\u200B@SUM(A1)', surname: null }).where(eq(users.id, c.rep.id));
    const batch = (
      await inject('POST', '/api/payout-batches', admin, { withdrawal_ids: [a.id, b.id, c.withdrawal.id] })
    ).json();
    const file = await inject('GET', `/api/payout-batches/${batch.id}/file`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
    const body = file.rawPayload.toString('utf8');
    expect(body.startsWith('withdrawal_id;')).toBe(true); // no BOM: a program reads it
    const lines = body.split('\r\n');
    expect(lines.find((l) => l.startsWith(`${a.id};`))).toMatch(
      new RegExp(`^${a.id};"'=HYPERLINK\\(""http://evil\\.example/"",""x""\\) Nowak";`),
    );
    expect(lines.find((l) => l.startsWith(`${b.id};`))).toMatch(new RegExp(`^${b.id};"'＝1\\+1 Łęcka; ""Ż""";`));
    expect(lines.find((l) => l.startsWith(`${c.withdrawal.id};`))).toMatch(
      new RegExp(`^${c.withdrawal.id};'\u200B@SUM\\(A1\\);`),
    );
    expect(lines.find((l) => l.startsWith(`${a.id};`))).toMatch(new RegExp(`;${a.amount.replace('.', '\\.')}$`));
  });

  it('reads a result file with quoted reasons, commas or semicolons, and an unquoted reason with separators', async () => {
    const a = await requested();
    const b = await requested();
    const c = await requested();
    const batch = (
      await inject('POST', '/api/payout-batches', admin, {
        withdrawal_ids: [a.withdrawal.id, b.withdrawal.id, c.withdrawal.id],
      })
    ).json();
    const upload = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payout-batches/${batch.id}/result`,
        headers: { ...bearer(admin), 'content-type': 'text/csv' },
        payload,
      });
    const unclosed = await upload(`withdrawal_id;status;reason\n${a.withdrawal.id};failed;"Karta\n`);
    expect(unclosed.statusCode).toBe(422);
    expect(Object.keys(unclosed.json().errors)).toEqual(['line_2']); // where the open quote starts
    const res = await upload(
      `\uFEFFwithdrawal_id,status,reason\r\n${a.withdrawal.id},failed,"Karta zablokowana; klient ""X"", oddział\nŁódź"\r\n${b.withdrawal.id},paid,\r\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ paid: 1, failed: 1, unchanged: 0 });
    const history = (await inject('GET', '/api/wallet/history', a.rep.token)).json();
    expect(history.data[0]).toMatchObject({
      kind: 'withdrawal_failed',
      reason: 'Karta zablokowana; klient "X", oddział\nŁódź',
    });
    const semicolons = await upload(`${c.withdrawal.id};failed;Karta; nieaktywna, zgłoszono\n`);
    expect(semicolons.statusCode, semicolons.body).toBe(200);
    const historyC = (await inject('GET', '/api/wallet/history', c.rep.token)).json();
    expect(historyC.data[0]).toMatchObject({ kind: 'withdrawal_failed', reason: 'Karta; nieaktywna, zgłoszono' });
  });
});

describe('manual adjustments', () => {
  it('credits and debits with a reason, recorded with who did it', async () => {
    const r = await rep({ extra: '10.00' });
    const before = await me(r.token);
    await credit(r.id, '-2.50', 'Zwrot nadpłaty');
    const after = await me(r.token);
    expect(Math.round(Number(before.wallet.money) * 100) - Math.round(Number(after.wallet.money) * 100)).toBe(250);
    const history = (await inject('GET', `/api/users/${r.id}/ledger`, admin)).json();
    expect(history.data[0]).toMatchObject({
      kind: 'adjustment',
      amount: '-2.50',
      reason: 'Zwrot nadpłaty',
      source_type: 'admin',
    });
  });

  it('never takes a balance below zero', async () => {
    const r = await rep();
    const m = await me(r.token);
    const res = await inject('POST', '/api/admin/adjustments', admin, {
      user_id: r.id,
      amount: `-${(Number(m.wallet.money) + 1).toFixed(2)}`,
      reason: 'Za duży odpis',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Operacja obniżyłaby saldo poniżej zera');
    expect((await me(r.token)).wallet).toEqual(m.wallet);
  });

  it('posts once per idempotency key', async () => {
    const r = await rep();
    const before = await me(r.token);
    const body = { user_id: r.id, amount: '1.00', reason: 'Premia', idempotency_key: `test-key-${r.id}` };
    await inject('POST', '/api/admin/adjustments', admin, body);
    await inject('POST', '/api/admin/adjustments', admin, body);
    const after = await me(r.token);
    expect(Math.round(Number(after.wallet.money) * 100) - Math.round(Number(before.wallet.money) * 100)).toBe(100);
  });

  it('validates: reason required, no zero, no fractions of a grosz, reps only, admins only', async () => {
    const r = await rep();
    const bad = [
      { user_id: r.id, amount: '5.00' },
      { user_id: r.id, amount: '5.00', reason: '' },
      { user_id: r.id, amount: 0, reason: 'Zero' },
      { user_id: r.id, amount: '0.001', reason: 'Ułamek' },
      { user_id: 'x', amount: '1', reason: 'Zły id' },
    ];
    for (const b of bad)
      expect((await inject('POST', '/api/admin/adjustments', admin, b)).statusCode, JSON.stringify(b)).toBe(422);
    const provider = await t.login('provider@example.com');
    expect(
      (await inject('POST', '/api/admin/adjustments', provider, { user_id: r.id, amount: '1', reason: 'Nie wolno' }))
        .statusCode,
    ).toBe(403);
    const adminRow = await t.login('admin@example.com');
    const self = await inject('POST', '/api/admin/adjustments', adminRow, {
      user_id: 2,
      amount: '1',
      reason: 'Admin nie ma portfela',
    });
    expect(self.statusCode).toBe(422);
  });
});

describe('money overview', () => {
  it('gives totals and months that agree with the ledger check', async () => {
    const check = ledgerCheckSchema.parse((await inject('GET', '/api/admin/ledger/check', admin)).json());
    const o = (await inject('GET', '/api/admin/money-overview', admin)).json();
    expect(o.totals.available).toBe(check.totals.available);
    expect(o.totals.paid_out).toBe(check.totals.withdrawn);
    expect(o.months.length).toBeGreaterThan(0);
  });
});

describe('the books check', () => {
  it('names every balance of a wallet that differs from its ledger, and its withdrawals', async () => {
    const r = await rep({ extra: '5.00' });
    const columns = ['available', 'in_withdrawal', 'withdrawn', 'earned_quiz', 'earned_challenge', 'earned_adjustment'];
    const bump = (by: number) =>
      t.db
        .update(wallets)
        .set({
          available: sql`available + ${by}`,
          inWithdrawal: sql`in_withdrawal + ${by}`,
          withdrawn: sql`withdrawn + ${by}`,
          earnedQuiz: sql`earned_quiz + ${by}`,
          earnedChallenge: sql`earned_challenge + ${by}`,
          earnedAdjustment: sql`earned_adjustment + ${by}`,
        })
        .where(eq(wallets.userId, r.id));
    await bump(1);
    try {
      const check = ledgerCheckSchema.parse((await inject('GET', '/api/admin/ledger/check', admin)).json());
      expect(check.ok).toBe(false);
      const mine = check.mismatches.filter((m) => m.user_id === r.id);
      expect(mine.map((m) => m.field).sort()).toEqual([...columns, 'open_withdrawals', 'paid_withdrawals'].sort());
      for (const m of mine) {
        expect(Math.round(Number(m.wallet) * 100) - Math.round(Number(m.ledger) * 100), m.field).toBe(1);
      }
      // Everyone's ledger still adds up: what was earned is held somewhere.
      expect(check.mismatches.filter((m) => m.user_id !== r.id)).toEqual([]);
    } finally {
      await bump(-1);
    }
  });
});
