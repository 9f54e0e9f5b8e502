import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { useBrowser, WIDE } from './support/browser.ts';
import { toast } from './support/ui.ts';

/**
 * Issue 30 point 5 (decision 063): an admin finds a person removed from the programme, downloads
 * everything held about them as a page to read, and anonymises them.
 */

describe('personal data on request', () => {
  const browser = useBrowser();

  test('an admin exports a removed person’s data and anonymises them', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const stamp = `${Date.now()}`.slice(-7);
    const email = `usuniety.${stamp}@e2e-privacy.example.net`;
    const made = await api<{ id: number }>('POST', '/api/users', {
      token: admin,
      body: {
        name: 'Ula',
        surname: `Usunięta${stamp}`,
        email,
        assecoId: `PH-DEL-${stamp}`,
        role: 'seller',
        warehouse_ids: [1],
      },
    });
    expect(made.status).toBe(201);
    expect((await api('DELETE', `/api/users/${made.body.id}`, { token: admin })).status).toBe(200);

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/settings' });
    const box = page.getByTestId('personal-data');
    await box.getByRole('textbox', { name: 'Szukaj osoby' }).fill(email);
    await box.getByRole('button', { name: 'Szukaj' }).click();
    const row = box.getByRole('row').filter({ hasText: email });
    await row.getByText('Usunięta', { exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Pobierz dane osobowe Ula Usunięta${stamp} jako HTML` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dane-osobowe-${made.body.id}.html`);
    const html = readFileSync((await download.path()) as string, 'utf8');
    expect(html).toContain(`<h1>Dane osobowe: Ula Usunięta${stamp}</h1>`);

    await box.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/personal-data-1440.png' });

    await row.getByRole('button', { name: `Anonimizuj Ula Usunięta${stamp}` }).click();
    await page.getByRole('dialog').getByText('Tego nie da się cofnąć', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Anonimizuj' }).click();
    await toast(page, 'Dane osobowe zostały zastąpione; historia finansowa została zachowana');
    // Found by its asseco id, which stays: now anonymised, with nothing left to anonymise.
    await box.getByRole('textbox', { name: 'Szukaj osoby' }).fill(`PH-DEL-${stamp}`);
    await box.getByRole('button', { name: 'Szukaj' }).click();
    const after = box.getByRole('row').filter({ hasText: `anonimizowany-${made.body.id}@anonymised.invalid` });
    await after.getByText('Zanonimizowana', { exact: true }).waitFor();
    expect(await after.getByRole('button', { name: /^Anonimizuj/ }).count()).toBe(0);
  });
});
