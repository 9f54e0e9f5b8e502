import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { openInApp } from './support/in-app.ts';
import { moneyOnPage, POLISH_AMOUNT, zl } from './support/money.ts';

/**
 * Money as a user reads it (issue 10, items 8–10), at 390×844 and 1440×900: one Polish format on
 * every page that shows money, the money waiting in a withdrawal on the rep home with its state,
 * and no challenge money the product cannot explain.
 */

interface Wallet {
  money: string;
  in_withdrawal: string;
}
interface Me {
  id: number;
  email: string;
  role: string;
  wallet: Wallet;
  money_withdrawed: string;
  total_amount: string;
  amount_from_quiz: string;
  challenges: { name: string; amount: string }[];
  card: { number: string } | null;
  is_active: boolean;
}
interface Paged<T> {
  total: number;
  last_page: number;
  data: T[];
}

const WIDTHS: [string, BrowserContextOptions][] = [
  ['390×844', { viewport: PHONE, isMobile: true, hasTouch: true }],
  ['1440×900', { viewport: WIDE }],
];

/** Waits until the page shows `text` (amounts carry no-break spaces: matched exactly, not normalised). */
async function shows(page: Page, text: string) {
  await page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout: 15_000 });
}

/** Every amount on the page reads the Polish way, and there is at least one. */
async function expectPolishMoney(page: Page, where: string) {
  const amounts = await moneyOnPage(page);
  expect(amounts.length, `${where}: no amounts found`).toBeGreaterThan(0);
  expect(
    amounts.filter((a) => !POLISH_AMOUNT.test(a)),
    `${where}: amounts not written as "4 300,00 zł"`,
  ).toEqual([]);
}

describe.each(WIDTHS)('money at %s', (_label, size) => {
  const browser = useBrowser();

  test('the rep home and the rep’s withdrawals show every amount as "4 300,00 zł"', async () => {
    const token = await apiLogin(ACCOUNTS.seller.email);
    const me = (await api<Me>('GET', '/api/me', { token })).body;
    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.seller);
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    await shows(page, zl(me.wallet.money));
    await shows(page, zl(me.money_withdrawed));
    await expectPolishMoney(page, '/dashboard (seller)');

    await openInApp(page, '/withdraw');
    await page.getByRole('heading', { name: 'Historia portfela' }).waitFor();
    const history = await api<Paged<{ amount: string; kind: string }>>('GET', '/api/wallet/history', { token });
    const first = history.body.data[0];
    if (!first) throw new Error('the demo seller has no money history');
    await shows(page, zl(first.amount, { signed: first.kind !== 'withdrawal_paid' && !first.amount.startsWith('-') }));
    await expectPolishMoney(page, '/withdraw (seller)');
  });

  test('the back office shows every amount as "4 300,00 zł": tables, details, withdrawals', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    // The table's first page (sorted by id), and on it an amount of four digits or more: the kind
    // Polish CLDR would leave ungrouped ("3555,00").
    const warehouses = await api<Paged<{ id: number; amount: string }>>('GET', '/api/warehouses', { token: admin });
    const rich = warehouses.body.data.find((w) => Number(w.amount) >= 1000);
    if (!rich) throw new Error('no warehouse with 1,000 PLN or more on the first page');
    const seller = (await api<Me>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) })).body;
    const overview = await api<{ totals: { in_withdrawal: string } }>('GET', '/api/admin/money-overview', {
      token: admin,
    });

    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();
    await page.getByRole('table', { name: 'Hurtownie', exact: true }).getByRole('row').nth(1).waitFor();
    await shows(page, zl(rich.amount));
    await expectPolishMoney(page, 'warehouse table');

    await openInApp(page, '/dashboard?tab=sales-reps');
    await page.getByRole('table', { name: 'Przedstawiciele handlowi', exact: true }).getByRole('row').nth(1).waitFor();
    await shows(page, zl(seller.total_amount));
    await expectPolishMoney(page, 'sales rep table');

    await openInApp(page, `/warehouse/details/${rich.id}`);
    await shows(page, zl(rich.amount));
    await expectPolishMoney(page, 'warehouse details');

    await openInApp(page, `/sales-rep/details/${seller.id}?tab=info`);
    await page.getByRole('heading', { name: 'Historia portfela' }).waitFor();
    await shows(page, zl(seller.wallet.money));
    await shows(page, zl(seller.wallet.in_withdrawal, { whole: true }));
    await expectPolishMoney(page, 'sales rep details');

    await openInApp(page, '/withdraw');
    await page.getByTestId('withdrawals-total').waitFor({ state: 'attached' });
    await shows(page, zl(overview.body.totals.in_withdrawal));
    await expectPolishMoney(page, '/withdraw (admin)');
  });
});

/** A seeded rep (not a demo account) who signs in, has a card and no withdrawal under way. */
async function idleRep(admin: string, skip: number[]): Promise<Me & { token: string }> {
  const list = await api<Paged<Me>>('GET', '/api/users?role=seller&per_page=100&sort=id&order=asc', { token: admin });
  for (const u of list.body.data) {
    if (skip.includes(u.id) || !u.is_active || !u.card || u.email.endsWith('@example.com')) continue;
    if (u.wallet.in_withdrawal !== '0.00') continue;
    const token = await apiLogin(u.email);
    return { ...u, token };
  }
  throw new Error('no idle seeded rep with a card');
}

describe('the rep home shows the money waiting in a withdrawal', () => {
  const browser = useBrowser();

  test('requested, then exported to the card issuer, then gone once paid (both widths)', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await idleRep(admin, []);
    const credit = await api('POST', '/api/admin/adjustments', {
      token: admin,
      body: { user_id: rep.id, amount: '1234.56', reason: 'Premia e2e (wypłata w toku)' },
    });
    expect(credit.status).toBe(200);
    const before = (await api<Me>('GET', '/api/me', { token: rep.token })).body;
    const withdrawn = await api<{ id: number; amount: string }>('POST', '/api/withdrawal', {
      token: rep.token,
      body: { amount: before.wallet.money },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const amount = zl(withdrawn.body.amount);

    const pages: Page[] = [];
    for (const [, size] of WIDTHS) {
      const page = await browser.newPage(size);
      await signIn(page, { email: rep.email });
      pages.push(page);
    }
    for (const page of pages) {
      const pending = page.getByTestId('pending-withdrawals');
      await pending.getByText('W trakcie wypłaty').waitFor();
      // The wallet's in_withdrawal, and this withdrawal with its state.
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="pending-withdrawals"]')?.textContent?.includes(t),
        amount,
      );
      await pending.getByText('Oczekuje').waitFor();
      await pending.getByText(/^Zlecona \d{2}-\d{2}-\d{4}: czeka na przekazanie do wystawcy karty\.$/).waitFor();
      expect(await pending.getByRole('link', { name: 'Wszystkie wypłaty' }).getAttribute('href')).toBe('/withdraw');
      await expectPolishMoney(page, 'rep home with a pending withdrawal');
    }

    // The admin exports it for the card issuer: the home says it is on its way.
    const batch = await api('POST', '/api/payout-batches', {
      token: admin,
      body: { withdrawal_ids: [withdrawn.body.id] },
    });
    expect(batch.status).toBe(200);
    for (const page of pages) {
      await page.reload();
      const pending = page.getByTestId('pending-withdrawals');
      await pending.getByText('Wyeksportowana').waitFor();
      await pending.getByText(/^Przekazana do wystawcy karty \d{2}-\d{2}-\d{4}: trafi na kartę/).waitFor();
    }

    // Paid: nothing waits any more, and the money shows as withdrawn.
    const paid = await api('POST', `/api/withdrawals/${withdrawn.body.id}/paid`, { token: admin });
    expect(paid.status).toBe(200);
    const after = (await api<Me>('GET', '/api/me', { token: rep.token })).body;
    for (const page of pages) {
      await page.reload();
      await page.getByRole('heading', { name: 'Portfel' }).waitFor();
      await shows(page, zl(after.money_withdrawed));
      expect(await page.getByTestId('pending-withdrawals').count()).toBe(0);
    }
  });

  test('a rep with nothing under way sees no pending block and asks for no withdrawals', async () => {
    const token = await apiLogin(ACCOUNTS.seller.email);
    const me = (await api<Me>('GET', '/api/me', { token })).body;
    expect(me.wallet.in_withdrawal).toBe('0.00');
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const walletCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/wallet') walletCalls.push(r.url());
    });
    await signIn(page, ACCOUNTS.seller);
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('pending-withdrawals').count()).toBe(0);
    expect(walletCalls).toEqual([]);
  });
});

describe.each(WIDTHS)('challenge money at %s', (_label, size) => {
  const browser = useBrowser();

  test('a rep’s challenge money is what its imported challenge rewards add up to, shown as such', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const seller = (await api<Me>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) })).body;
    const grosze = (pln: string) => Math.round(Number(pln) * 100);
    // Every entry of its history, all pages.
    const entries: { kind: string; amount: string; source_id: string }[] = [];
    for (let p = 1, last = 1; p <= last; p++) {
      const res = await api<Paged<{ kind: string; amount: string; source_id: string }>>(
        'GET',
        `/api/users/${seller.id}/ledger?per_page=100&page=${p}`,
        { token: admin },
      );
      entries.push(...res.body.data);
      last = res.body.last_page;
    }
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((n, e) => n + grosze(e.amount), 0);
    // The demo's two sales imports paid the demo seller (other browser tests may import more for it),
    // each import and challenge once.
    const rewards = entries.filter((e) => e.kind === 'challenge_reward');
    expect(rewards.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rewards.map((e) => e.source_id)).size).toBe(rewards.length);
    // Corrections (returned sales, decision 044) take challenge money back; a revert gives it back.
    const fromChallenges = [
      'challenge_reward',
      'challenge_reversal',
      'sale_correction',
      'sale_correction_owed',
      'sale_correction_reversal',
    ].reduce((n, kind) => n + sum(kind), 0);
    expect(fromChallenges).toBeGreaterThan(0);
    expect(grosze(seller.total_amount)).toBe(grosze(seller.amount_from_quiz) + fromChallenges + sum('adjustment'));
    // The challenges the user JSON lists add up to no more than what the ledger paid.
    expect(seller.challenges.reduce((n, c) => n + grosze(c.amount), 0)).toBeLessThanOrEqual(fromChallenges);

    const page = await browser.newPage(size);
    await signIn(page, ACCOUNTS.admin, { at: `/sales-rep/details/${seller.id}` });
    if (seller.challenges.length === 0) await page.getByText('Brak wyzwań').waitFor();
    else
      await page
        .getByText(seller.challenges[0]?.name ?? '')
        .first()
        .waitFor();
    await page.getByRole('tab', { name: 'Informacje' }).click();
    await page.getByRole('heading', { name: 'Historia portfela' }).waitFor();
    await page.getByText('Nagroda za wyzwanie').first().waitFor();
  });
});
