import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { zl } from './support/money.ts';

/**
 * Money through the browser (issue 4): a rep withdraws the whole wallet from a phone; an admin
 * finds the withdrawal on /withdraw, exports it for the card issuer and marks it paid; the rep's
 * withdrawn amount grows and the books still balance.
 */

interface Me {
  id: number;
  email: string;
  wallet: { money: string; in_withdrawal: string };
  money_withdrawed: string;
}
interface ListedUser {
  id: number;
  email: string;
  is_active: boolean;
  card: { number: string } | null;
}

async function toast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

/** Amounts read the Polish way, "4 300,00 zł" (decision 018). */
const pln = (amount: string) => zl(amount);

/** A seeded rep who signs in with the demo password and has a card; credited so the wallet is not empty. */
async function repWithMoney(admin: string): Promise<Me> {
  const list = await api<{ data: ListedUser[] }>('GET', '/api/users?role=seller&per_page=100&sort=id&order=desc', {
    token: admin,
  });
  const rep = list.body.data.find((u) => u.is_active && u.card && !u.email.endsWith('@example.com'));
  if (!rep) throw new Error('no active seeded rep with a card');
  const credit = await api('POST', '/api/admin/adjustments', {
    token: admin,
    body: { user_id: rep.id, amount: '123.45', reason: 'Premia e2e' },
  });
  expect(credit.status).toBe(200);
  const me = await api<Me>('GET', '/api/me', { token: await apiLogin(rep.email) });
  return me.body;
}

describe('money', () => {
  const browser = useBrowser();

  test('a rep withdraws everything; the admin exports and pays it; the withdrawn amount grows', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const before = await repWithMoney(admin);

    // The rep, on a phone: the wallet shows the money; withdrawing asks, then empties it.
    const phone = await browser.newPage({ viewport: PHONE });
    await signIn(phone, { email: before.email });
    await phone.getByRole('heading', { name: 'Portfel' }).waitFor();
    await phone.getByText(pln(before.wallet.money)).first().waitFor();
    await phone.getByRole('button', { name: 'Wypłać', exact: true }).click();
    const dialog = phone.getByRole('dialog', { name: 'Wypłata środków' });
    await dialog.getByText(`Wszystkie środki z portfela (${pln(before.wallet.money)})`).waitFor();
    await dialog.getByRole('button', { name: 'Wypłać wszystko' }).click();
    await toast(phone, 'Zlecono wypłatę');
    await dialog.waitFor({ state: 'hidden' });
    await phone.getByText(zl('0.00'), { exact: true }).first().waitFor();
    // With nothing left, the button refuses at once.
    await phone.getByRole('button', { name: 'Wypłać', exact: true }).click();
    await toast(phone, 'Brak środków do wypłaty');

    // The admin finds it, exports it to a batch for the card issuer, and marks it paid.
    const desk = await browser.newPage({ acceptDownloads: true });
    await signIn(desk, ACCOUNTS.admin);
    await desk.getByRole('link', { name: 'Wypłaty' }).first().click();
    await desk.waitForURL((u) => u.pathname === '/withdraw');
    await desk.getByRole('heading', { name: 'Pieniądze w programie' }).waitFor();
    await desk.getByRole('searchbox').fill(before.email);
    // The rep may have older withdrawals too: the table shows exactly what the API filters, and the
    // footer sums every filtered row.
    const filtered = await api<{ total: number; total_amount: string }>(
      'GET',
      `/api/wallet?search=${encodeURIComponent(before.email)}`,
      { token: admin },
    );
    await desk
      .getByTestId('table-total')
      .filter({ hasText: new RegExp(`^Razem: ${filtered.body.total}$`) })
      .waitFor();
    await desk
      .getByTestId('withdrawals-total')
      .filter({ hasText: `Suma: ${pln(filtered.body.total_amount)}` })
      .waitFor();
    const mine = await api<{ data: { id: number }[] }>(
      'GET',
      `/api/wallet?status=requested&search=${encodeURIComponent(before.email)}`,
      { token: admin },
    );
    const withdrawalId = mine.body.data[0]?.id;
    // The row of this withdrawal, found by its own actions button, whatever its status becomes.
    const row = desk.locator('tr').filter({ has: desk.getByRole('button', { name: `Akcje ${withdrawalId}` }) });
    await row.getByText('Oczekuje').waitFor();
    await row.getByText(pln(before.wallet.money)).waitFor();

    await row.locator('input[type="checkbox"]').check();
    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Eksportuj zaznaczone (1)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wyplaty-paczka-\d+\.csv$/);
    await toast(desk, 'Wyeksportowano paczkę');
    await row.getByText('Wyeksportowana').waitFor();

    await row.getByRole('button', { name: `Akcje ${withdrawalId}` }).click();
    await desk.getByRole('menuitem', { name: 'Oznacz jako wypłaconą' }).click();
    await toast(desk, 'Wypłata oznaczona jako zrealizowana');
    await row.getByText('Wypłacona').waitFor();

    // The rep's withdrawn amount grew by the whole wallet, and the books balance.
    const after = (await api<Me>('GET', '/api/me', { token: await apiLogin(before.email) })).body;
    expect(Math.round(Number(after.money_withdrawed) * 100)).toBe(
      Math.round(Number(before.money_withdrawed) * 100) + Math.round(Number(before.wallet.money) * 100),
    );
    await phone.reload();
    await phone.getByText(pln(after.money_withdrawed)).first().waitFor();
    const check = await api<{ ok: boolean }>('GET', '/api/admin/ledger/check', { token: admin });
    expect(check.body.ok).toBe(true);
  });

  test('a seller sees its own withdrawals and money history on /withdraw', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller, { at: '/withdraw' });
    await page.getByRole('heading', { name: 'Moje wypłaty' }).waitFor();
    await page.getByRole('heading', { name: 'Historia portfela' }).waitFor();
    await page.getByText('Wypłacono na kartę').first().waitFor();
  });
});
