import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { mainMenu, signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { PL_MONTHS_LONG } from './support/dates.ts';
import { zl } from './support/money.ts';
import { testPng } from './support/quizzes.ts';
import { toast } from './support/ui.ts';

/*
 * The challenge back office (issue 15 points 1, 2, 4, 6): an admin creates a product and a challenge
 * in the UI, finds it in the table and the selector; imports a sales file with bad rows (progress,
 * counts, the report), imports it again (all skipped: the seller's wallet grew once), reads the
 * ranking on a phone and wide with its CSV export, reverts; the import runs as a background job
 * (202, then its card follows it to the result; issue 28); with the units limit lowered, rows above
 * it are held: one confirmed (paid once), one rejected (in the report); a regional manager and a
 * wholesaler read the challenges within their scope and are turned away from the import page.
 */

const UNAUTHORISED = 'Nie posiadasz uprawnień, akcja nieautoryzowana';
/** Screenshots for a person to look at, when SHOTS_DIR is set. */
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** Today in Warsaw, 'YYYY-MM-DD', and its label in the date picker ('23 listopada 2026'). */
function warsawToday(): { iso: string; label: string } {
  const iso = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { iso, label: `${d} ${PL_MONTHS_LONG[m - 1]} ${y}` };
}

interface Me {
  id: number;
  wallet: { money: string };
  warehouses: { id: number; name: string }[];
  asseco_id: string | null;
}

const grosze = (pln: string) => Math.round(Number(pln) * 100);

async function sellerMoney(): Promise<number> {
  const me = await api<Me>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) });
  return grosze(me.body.wallet.money);
}

/** Shared by the steps below (vitest runs a file's tests in order). */
const made = { challengeId: 0, challengeName: '', productName: '', productCode: '', reward: '2.50' };

describe('challenge back office', () => {
  const browser = useBrowser();

  test('an admin creates a product and a challenge in the UI and finds it in the table and the selector', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await mainMenu(page).getByRole('link', { name: 'Wyzwania' }).click();
    await page.waitForURL((u) => u.pathname === '/challenges');

    // The selector with nothing chosen: the error toast, no products call.
    await page.getByRole('button', { name: 'Pokaż produkty' }).click();
    await toast(page, 'Wybierz wyzwanie, aby zobaczyć jego produkty');

    await page.getByRole('link', { name: 'Nowe wyzwanie' }).click();
    await page.waitForURL('**/challenges/create');
    const stamp = Date.now();
    made.challengeName = `Wyzwanie e2e ${stamp}`;
    made.productName = `Kawa e2e ${stamp}`;
    made.productCode = `E2E-${stamp}`;

    // Empty: the messages at their fields.
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.getByText('Pole nazwa wyzwania jest wymagane').waitFor();
    await page.getByText('Uzupełnij pole data od oraz data do (RRRR-MM-DD)').waitFor();

    await page.getByRole('textbox', { name: 'Nazwa wyzwania' }).fill(made.challengeName);
    await page.getByRole('textbox', { name: 'Wstęp' }).fill('Za każdą sprzedaną paczkę kawy 2,50 zł.');
    // One day, today in Warsaw (the sales file below is dated today).
    const today = warsawToday();
    await page.getByTestId('challenge-dates').click();
    await page.getByRole('button', { name: today.label, exact: true }).click();
    await page.getByRole('button', { name: today.label, exact: true }).click();
    await page.keyboard.press('Escape');

    // 'Nowy produkt': the dialog posts the product and the row selects it.
    await page.getByRole('button', { name: 'Nowy produkt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowy produkt' });
    await dialog.waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Dodaj produkt' }).click();
    await dialog.getByText('Pole nazwa produktu jest wymagane').waitFor();
    await dialog.getByRole('textbox', { name: 'Nazwa produktu' }).fill(made.productName);
    await dialog.getByRole('textbox', { name: 'Kod produktu' }).fill(made.productCode);
    await dialog.getByRole('textbox', { name: 'Opis' }).fill('Paczka 500 g');
    await dialog.getByLabel('Zdjęcie produktu', { exact: true }).setInputFiles({
      name: 'kawa.png',
      mimeType: 'image/png',
      buffer: await testPng(),
    });
    await dialog.getByRole('button', { name: 'Dodaj produkt' }).click();
    await toast(page, 'Produkt został dodany');
    await dialog.waitFor({ state: 'hidden' });
    const productBox = page.getByTestId('product-row').first().getByRole('combobox', { name: 'Produkt' });
    expect(await productBox.inputValue()).toBe(`${made.productName} (${made.productCode})`);

    // Reward in Polish: a decimal comma.
    await page.getByRole('textbox', { name: 'Nagroda za sztukę' }).fill('2,50');

    // An open article picker is accessible too.
    await page.getByRole('combobox', { name: 'Artykuł' }).click();
    await page.getByRole('listbox').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // No image yet: the toast, nothing created.
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Dodaj zdjęcie wyzwania');
    expect(page.url()).toContain('/challenges/create');
    await page.getByLabel('Zdjęcie', { exact: true }).setInputFiles({
      name: 'wyzwanie.png',
      mimeType: 'image/png',
      buffer: await testPng(),
    });
    await shot(page, 'editor-1440');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Wyzwanie zostało utworzone');
    await page.waitForURL((u) => u.pathname === '/challenges');

    const admin = await apiLogin(ACCOUNTS.admin.email);
    const found = await api<{ data: { id: number; name: string; status: string; products_count: number }[] }>(
      'GET',
      `/api/challenges?search=${encodeURIComponent(made.challengeName)}`,
      { token: admin },
    );
    const created = found.body.data[0];
    if (!created) throw new Error('the challenge is listed');
    made.challengeId = created.id;
    expect(created).toMatchObject({ status: 'running', products_count: 1 });

    // The table row, and a click on it shows its products in the selector.
    const row = page.locator('tr').filter({ hasText: made.challengeName });
    await row.getByText('Trwa').waitFor();
    await row.click();
    const products = page.getByRole('table', { name: `Produkty wyzwania ${made.challengeName}` });
    await products.getByText(made.productName).waitFor();
    await products.getByText(made.productCode).waitFor();
    await products.getByText(zl('2.50')).waitFor();

    // The selector by itself: search, choose, show.
    await page.reload();
    const select = page.getByRole('combobox', { name: 'Wyzwanie', exact: true });
    await select.fill(made.challengeName);
    await page.getByRole('option', { name: new RegExp(made.challengeName) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('option', { name: new RegExp(made.challengeName) }).click();
    await page.getByRole('button', { name: 'Pokaż produkty' }).click();
    await products.getByText(made.productName).waitFor();
    await shot(page, 'list-1440');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an admin imports sales with bad rows, sees the progress and the counts, gets the report; again: all skipped, paid once; reverts', async () => {
    expect(made.challengeId).toBeGreaterThan(0);
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const seller = (await api<Me>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) })).body;
    const warehouseId = seller.warehouses[0]?.id;
    if (!warehouseId || !seller.asseco_id) throw new Error('the demo seller has a warehouse and an asseco id');
    const warehouse = await api<{ asseco_id: string }>('GET', `/api/warehouses/${warehouseId}`, { token: admin });
    const today = warsawToday().iso;
    const doc = `FV/E2E/${Date.now()}`;
    const csv = [
      'dokument,pozycja,data sprzedaży,hurtownia,przedstawiciel,produkt,ilość',
      `${doc},1,${today},${warehouse.body.asseco_id},${seller.asseco_id},${made.productCode},4`,
      `${doc},2,${today},${warehouse.body.asseco_id},${seller.asseco_id},NIE-MA-TAKIEGO,1`,
      // A negative quantity is a correction (decision 044); zero units is no sale at all.
      `${doc},3,${today},${warehouse.body.asseco_id},${seller.asseco_id},${made.productCode},0`,
      `${doc},4,${today},${warehouse.body.asseco_id},PH-NIKT,${made.productCode},1`,
    ].join('\r\n');
    const file = path.join(tmpdir(), `sprzedaz-${Date.now()}.csv`);
    await writeFile(file, `${csv}\r\n`, 'utf8');
    const before = await sellerMoney();

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/challenges' });
    await page.getByRole('link', { name: 'Import sprzedaży' }).click();
    await page.waitForURL('**/challenges/imports');

    // A wrong type is refused in the browser.
    const input = page.getByTestId('sales-file-input');
    await input.setInputFiles({ name: 'notatka.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await toast(page, 'Nieprawidłowy typ pliku: dozwolone są pliki CSV i XLSX');

    // The upload answers after a pause here, so its progress shows; then 202: the import is queued
    // and its card follows the background job until the result (decision 050).
    await page.route('**/api/sales-imports', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const accepted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sales-imports',
    );
    await input.setInputFiles(file);
    await page.getByText(path.basename(file)).waitFor();
    await page.getByRole('button', { name: 'Importuj' }).click();
    // The upload's percentage, then the server finishing the file (how long each shows depends on the machine).
    await page
      .getByTestId('import-progress')
      .filter({ hasText: /Wysyłanie pliku: \d+%|Serwer kończy wczytywanie pliku…/ })
      .waitFor();
    const answer = await accepted;
    expect(answer.status()).toBe(202);
    const queued = (await answer.json()) as { id: number; status: string };
    expect(['queued', 'checking', 'applying', 'applied']).toContain(queued.status);
    const result = page.locator(`[data-testid="import-result"][data-import-id="${queued.id}"]`);
    await result.waitFor();
    await toast(page, `Import „${path.basename(file)}” zakończony`);
    expect(await result.getByTestId('result-accepted').textContent()).toBe('1');
    expect(await result.getByTestId('result-skipped').textContent()).toBe('0');
    expect(await result.getByTestId('result-rejected').textContent()).toBe('3');
    expect(await result.getByTestId('result-held').textContent()).toBe('0');
    expect(await result.getByTestId('result-amount').textContent()).toBe(zl('10.00'));
    await result.getByText('Zapisany', { exact: true }).waitFor();
    await shot(page, 'import-1440');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sellerMoney()).toBe(before + 1000);

    // The report of rejected rows names why.
    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Pobierz raport odrzuconych wierszy' }).click();
    const report = await readFile((await (await download).path()) as string, 'utf8');
    expect(report).toContain('Nieznany kod produktu');
    expect(report).toContain('Ilość musi być liczbą całkowitą różną od zera');
    expect(report).toContain('Nieznany przedstawiciel (asseco id)');

    // The same file again: everything skipped, nothing paid twice.
    const again = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sales-imports',
    );
    await input.setInputFiles(file);
    await page.getByRole('button', { name: 'Importuj' }).click();
    await page.getByTestId('import-progress').waitFor();
    const second = (await (await again).json()) as { id: number };
    const secondResult = page.locator(`[data-testid="import-result"][data-import-id="${second.id}"]`);
    await secondResult.getByTestId('result-skipped').filter({ hasText: '1' }).waitFor();
    expect(await secondResult.getByTestId('result-accepted').textContent()).toBe('0');
    expect(await sellerMoney()).toBe(before + 1000);

    // Ranking on a phone: the name column stays in view, the table scrolls sideways; CSV export.
    const phone = await browser.newPage({ viewport: PHONE });
    await signIn(phone, ACCOUNTS.admin, { at: `/challenges/${made.challengeId}/ranking` });
    await phone.getByRole('heading', { name: `Ranking: ${made.challengeName}` }).waitFor();
    const rankingRow = phone.locator('tr').filter({ hasText: 'Szymon Sprzedawca' });
    await rankingRow.getByText(zl('10.00')).waitFor();
    await phone.getByTestId('table-scroll-hint').waitFor();
    const name = await rankingRow.getByText('Szymon Sprzedawca').boundingBox();
    expect(name && name.x + name.width).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'ranking-390');
    expect(await seriousViolations(phone)).toEqual([]);
    const csvDownload = phone.waitForEvent('download');
    await phone.getByRole('button', { name: 'Eksport CSV' }).click();
    const ranking = await readFile((await (await csvDownload).path()) as string, 'utf8');
    expect(ranking).toContain('Sprzedawca');
    expect(ranking).toContain(seller.asseco_id);

    const wide = await browser.newPage({ viewport: WIDE });
    await signIn(wide, ACCOUNTS.admin, { at: `/challenges/${made.challengeId}/ranking` });
    await wide.locator('tr').filter({ hasText: 'Szymon Sprzedawca' }).getByText(zl('10.00')).waitFor();
    await shot(wide, 'ranking-1440');

    // The seller's details: the challenge earned in, its name linking to the ranking.
    await wide.goto(`/sales-rep/details/${seller.id}?tab=challenges`);
    await wide.getByRole('link', { name: made.challengeName }).click();
    await wide.waitForURL((u) => u.pathname === `/challenges/${made.challengeId}/ranking`);

    // Revert the paying import (the older row of the two): confirm, the money leaves the wallet once.
    await page.unrouteAll();
    const history = page.getByRole('table', { name: 'Historia importów' });
    const paid = history
      .locator('tr')
      .filter({ hasText: zl('10.00') })
      .filter({ hasText: path.basename(file) });
    await paid.getByRole('button', { name: 'Cofnij' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cofnąć import?' });
    await confirm.waitFor();
    // The pointer off the dialog: a hovered button mid-transition reads as low contrast.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Cofnij' }).click();
    await toast(page, 'Import został cofnięty');
    await paid.getByText('Cofnięty').waitFor();
    expect(await sellerMoney()).toBe(before);
    // Five sign-ins at the production password cost, two imports through the job: slow on a busy 2-core machine.
  }, 120_000);

  test('an admin lowers the units limit, a row above it is held: one held row confirmed, one rejected', async () => {
    expect(made.challengeId).toBeGreaterThan(0);
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const seller = (await api<Me>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) })).body;
    const warehouse = await api<{ asseco_id: string }>('GET', `/api/warehouses/${seller.warehouses[0]?.id}`, {
      token: admin,
    });
    const today = warsawToday().iso;
    const doc = `FV/E2E/HELD/${Date.now()}`;
    const row = (line: number, units: number) =>
      `${doc},${line},${today},${warehouse.body.asseco_id},${seller.asseco_id},${made.productCode},${units}`;
    const csv = ['dokument,pozycja,data sprzedaży,hurtownia,przedstawiciel,produkt,ilość', row(1, 6), row(2, 7)];
    const file = path.join(tmpdir(), `wstrzymane-${Date.now()}.csv`);
    await writeFile(file, `${csv.join('\r\n')}\r\n`, 'utf8');
    const before = await sellerMoney();

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/challenges/imports' });
    const limits = page.getByTestId('import-limits');
    const units = limits.getByRole('textbox', { name: 'Najwięcej sztuk w jednym wierszu' });
    try {
      // A value out of bounds: the server's message under the field; then 5 units per row.
      await units.fill('0');
      await limits.getByRole('button', { name: 'Zapisz limity' }).click();
      await limits.locator('.mantine-InputWrapper-error').first().waitFor();
      await units.fill('5');
      await limits.getByRole('button', { name: 'Zapisz limity' }).click();
      await limits.getByText(/^Zmieniono /).waitFor();

      const accepted = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/sales-imports',
      );
      await page.getByTestId('sales-file-input').setInputFiles(file);
      await page.getByRole('button', { name: 'Importuj' }).click();
      const queued = (await (await accepted).json()) as { id: number };
      const result = page.locator(`[data-testid="import-result"][data-import-id="${queued.id}"]`);
      await result.getByTestId('result-held').filter({ hasText: '2' }).waitFor();
      expect(await result.getByTestId('result-amount').textContent()).toBe(zl('0.00'));
      expect(await sellerMoney()).toBe(before);

      const held = page.getByTestId('held-rows');
      await held.getByRole('heading', { name: `Wstrzymane wiersze: 2 wiersze na ${zl('32.50')}` }).waitFor();
      const table = held.getByRole('table', { name: `Wstrzymane wiersze: ${path.basename(file)}` });
      const six = table.locator('tr').filter({ hasText: `${doc} / 1` });
      const seven = table.locator('tr').filter({ hasText: `${doc} / 2` });
      await six.getByText('Szymon Sprzedawca').waitFor();
      // The finished import's toast gone first (its grey text mid-fade reads as low contrast).
      await expect.poll(() => page.getByRole('alert').count(), { timeout: 10_000 }).toBe(0);
      await shot(page, 'import-held-real-1440');
      expect(await seriousViolations(page)).toEqual([]);

      // Confirm the row of 6 units: paid once (15.00 zł).
      await six.getByRole('checkbox').check();
      await held.getByRole('button', { name: 'Zatwierdź zaznaczone (1)' }).click();
      await toast(page, 'Zatwierdzono i wypłacono wstrzymane wiersze');
      await six.waitFor({ state: 'detached' });
      await result.getByTestId('result-held').filter({ hasText: '1' }).waitFor();
      await result
        .getByTestId('result-amount')
        .filter({ hasText: zl('15.00') })
        .waitFor();
      expect(await sellerMoney()).toBe(before + 1500);

      // Reject the row of 7 units: not paid, in the report of rejected rows; the panel goes.
      await seven.getByRole('checkbox').check();
      await held.getByRole('button', { name: 'Odrzuć zaznaczone (1)' }).click();
      await toast(page, 'Odrzucono wstrzymane wiersze');
      await held.waitFor({ state: 'detached' });
      await result.getByTestId('result-rejected').filter({ hasText: '1' }).waitFor();
      expect(await sellerMoney()).toBe(before + 1500);
      const download = page.waitForEvent('download');
      await result.getByRole('button', { name: 'Pobierz raport odrzuconych wierszy' }).click();
      const report = await readFile((await (await download).path()) as string, 'utf8');
      expect(report).toContain(`${doc}`);
    } finally {
      // Back to the default, for the journeys after this one.
      await api('PUT', '/api/sales-imports/settings', {
        token: admin,
        body: { max_row_quantity: 1000, max_rep_amount: '10000.00' },
      });
    }
  });

  test('a regional manager and a wholesaler read the challenges within scope and may not import', async () => {
    expect(made.challengeId).toBeGreaterThan(0);
    for (const account of [ACCOUNTS.rks, ACCOUNTS.wholesaler]) {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, account);
      await mainMenu(page).getByRole('link', { name: 'Wyzwania' }).click();
      await page.waitForURL((u) => u.pathname === '/challenges');
      await page.locator('tr').filter({ hasText: made.challengeName }).waitFor();
      expect(await page.getByRole('link', { name: 'Nowe wyzwanie' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Import sprzedaży' }).count()).toBe(0);
      await page
        .locator('tr')
        .filter({ hasText: made.challengeName })
        .getByRole('link', { name: `Ranking: ${made.challengeName}` })
        .click();
      await page.getByRole('heading', { name: `Ranking: ${made.challengeName}` }).waitFor();

      await page.goto('/challenges/imports');
      await toast(page, UNAUTHORISED);
      expect(new URL(page.url()).pathname).not.toBe('/challenges/imports');
    }
  });
});
