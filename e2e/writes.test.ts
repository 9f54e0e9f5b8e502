import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { searchTable, toast } from './support/ui.ts';

/*
 * Writes through react-query mutations (issue 12 item 9): a dialog spins while its write runs,
 * shows the result, and the screens behind it show fresh data without a reload; a refused write
 * leaves the dialog open with its input for another try.
 */

interface Me {
  id: number;
  email: string;
  wallet: { money: string; in_withdrawal: string };
}
interface Listed {
  id: number;
  email: string;
  is_active: boolean;
  card: { number: string } | null;
}

/** A seeded rep with a card who signs in with the demo password, not used by other tests. */
async function rep(admin: string, skip: number): Promise<Me> {
  const list = await api<{ data: Listed[] }>('GET', '/api/users?role=seller&per_page=100&sort=id&order=asc', {
    token: admin,
  });
  const reps = list.body.data.filter((u) => u.is_active && u.card && !u.email.endsWith('@example.com'));
  const chosen = reps[skip];
  if (!chosen) throw new Error('not enough active seeded reps with a card');
  return (await api<Me>('GET', '/api/me', { token: await apiLogin(chosen.email) })).body;
}

describe('writes', () => {
  const browser = useBrowser();

  test('an admin fails a withdrawal with a reason: the money returns, the table shows it at once', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const r = await rep(admin, 3);
    const credit = await api('POST', '/api/admin/adjustments', {
      token: admin,
      body: { user_id: r.id, amount: '40.00', reason: 'Premia e2e' },
    });
    expect(credit.status).toBe(200);
    const token = await apiLogin(r.email);
    const money = (await api<Me>('GET', '/api/me', { token })).body.wallet.money;
    const w = await api<{ id: number }>('POST', '/api/withdrawal', { token, body: { amount: Number(money) } });
    expect(w.status).toBe(200);

    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.admin, { at: '/withdraw' });
    await searchTable(page, r.email);
    const row = page.locator('tr').filter({ has: page.getByRole('button', { name: `Akcje ${w.body.id}` }) });
    await row.getByText('Oczekuje').waitFor();
    await row.getByRole('button', { name: `Akcje ${w.body.id}` }).click();
    await page.getByRole('menuitem', { name: 'Oznacz jako nieudaną' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wypłata nieudana' });
    const confirm = dialog.getByRole('button', { name: 'Zwróć środki do portfela' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Powód' }).fill('Karta zablokowana');
    await confirm.click();
    await toast(page, 'Wypłata oznaczona jako nieudana');
    await dialog.waitFor({ state: 'hidden' });
    // The mutation refreshed the table: no reload.
    await row.getByText('Nieudana').waitFor();
    await row.getByText('Karta zablokowana').waitFor();
    const after = (await api<Me>('GET', '/api/me', { token })).body;
    expect(after.wallet.money).toBe(money);
    expect(after.wallet.in_withdrawal).toBe(r.wallet.in_withdrawal);
  });

  test('a refused card keeps the dialog and its number; a good one closes it and lists the card', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const a = await rep(admin, 4);
    const b = await rep(admin, 5);
    const taken = (
      await api<{ data: { number: string }[] }>('GET', `/api/sales-rep/${b.id}/cards?page=1&per_page=10`, {
        token: admin,
      })
    ).body.data[0]?.number;
    expect(taken).toMatch(/^\d{16}$/);

    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.admin, { at: `/sales-rep/details/${a.id}` });
    await page.getByRole('button', { name: 'Dodaj kartę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj kartę' });
    const number = dialog.getByRole('textbox', { name: 'Numer karty' });
    await number.fill(taken as string);
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Ta karta jest przypisana do innego użytkownika');
    // Still open, the number kept, the button usable again.
    expect(await number.inputValue()).toBe(taken);
    expect(await dialog.getByRole('button', { name: 'Zapisz' }).isEnabled()).toBe(true);

    const fresh = `5${String(Date.now()).slice(-15).padStart(15, '0')}`;
    await number.fill(fresh);
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Karta została dodana');
    await dialog.waitFor({ state: 'hidden' });
    // The cards table behind it was refreshed by the mutation.
    await page.getByRole('table', { name: 'Karty' }).getByText(fresh).waitFor();
  });
});
