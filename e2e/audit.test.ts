import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 31 point 1 (decision 064): the audit trail. An admin finds who changed a warehouse, sees the
 * name before and after, narrows the list to that person, downloads the CSV, and reads the
 * warehouse's own history on its page; a regional manager reads its part on a phone.
 */

describe('the audit trail', () => {
  const browser = useBrowser();

  test('an admin finds a warehouse edit, its values before and after, and the warehouse’s own history', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const stamp = Date.now();
    const created = await api<{ id: number }>('POST', '/api/warehouses', {
      token: admin,
      body: {
        assecoId: `AUD-${stamp}`,
        name: `Hurtownia audytu ${stamp}`,
        address: 'ul. Próbna 1, 00-001 Warszawa',
        admins_ids: [],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const edited = await api('PUT', `/api/warehouses/${id}`, {
      token: admin,
      body: {
        assecoId: `AUD-${stamp}`,
        name: `Hurtownia po zmianie ${stamp}`,
        address: 'ul. Próbna 1, 00-001 Warszawa',
        admins_ids: [],
      },
    });
    expect(edited.status).toBe(200);

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('link', { name: 'Historia zmian' }).click();
    await page.waitForURL((u) => u.pathname === '/audit');
    await page.getByRole('heading', { name: 'Historia zmian' }).waitFor();

    // Narrowed to warehouse edits: the newest is ours.
    await page.getByTestId('audit-kind').click();
    await page.getByRole('option', { name: 'Edycja hurtowni' }).click();
    await page.waitForURL((u) => u.searchParams.get('kind') === 'warehouse.update');
    const row = page
      .getByRole('row')
      .filter({ hasText: `Hurtownia po zmianie ${stamp}` })
      .first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Anna Administratorka');

    // Its rows before and after.
    await row.getByTestId('audit-open').click();
    const dialog = page.getByTestId('audit-event');
    await dialog.getByText(`Hurtownia audytu ${stamp}`, { exact: true }).waitFor();
    await dialog.getByText(`Hurtownia po zmianie ${stamp}`, { exact: true }).waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/audit-event-1440.png' });
    await page.keyboard.press('Escape');

    // A click on the person narrows the list to their changes (kept in the address).
    await row.getByRole('button', { name: 'Anna Administratorka' }).click();
    await page.waitForURL((u) => u.searchParams.has('actor_id'));
    await page.getByText('Osoba: Anna Administratorka').waitFor();
    await page.screenshot({ path: 'test-results/screens/audit-1440.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain(`Hurtownia po zmianie ${stamp}`);
    expect(csv).toContain('warehouse.update');

    // The warehouse's page has its own history tab.
    await page.goto(`/warehouse/details/${id}?tab=history`);
    const history = page.getByTestId('object-history');
    await history.getByText('Edycja hurtowni').waitFor();
    await history.getByText('Utworzenie hurtowni').waitFor();
  });

  test('a regional manager reads its warehouses’ part on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.rks, { at: '/audit' });
    await page.getByText('Widzisz zmiany dotyczące Twoich hurtowni i ich ludzi.').waitFor();
    // Its own sign-in is there; no address is shown to it.
    await page.getByRole('row').filter({ hasText: 'Logowanie' }).first().waitFor();
    await expect.poll(() => page.getByText('127.0.0.1').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/audit-390.png' });
  });
});
