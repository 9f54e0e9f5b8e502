import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 30 point 4 (decision 062): an admin reads the year-end tax report, proved against the
 * ledger, and downloads it for the accountant; a rep downloads its own yearly statement on a phone.
 */

describe('the year-end tax report', () => {
  const browser = useBrowser();

  test('an admin opens it from the payout desk, sees it agrees with the ledger, and downloads the XLSX', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/withdraw' });
    await page.getByRole('link', { name: 'Zestawienie roczne (PIT-11)' }).click();
    await page.waitForURL((u) => u.pathname === '/tax-report');
    await page.getByTestId('tax-check').getByText('Zgodne z księgą programu', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Osoby bez kompletnych danych podatkowych' }).waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/tax-report-1440.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zestawienie-podatkowe-\d{4}\.xlsx$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  test('a rep downloads its yearly statement as a PDF from its profile, on a phone', async () => {
    const token = await apiLogin(ACCOUNTS.seller.email);
    const me = await api<{ id: number }>('GET', '/api/me', { token });
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller, { at: `/sales-rep/details/${me.body.id}?tab=tax` });
    const box = page.getByTestId('year-statement');
    await box.getByRole('heading', { name: 'Zestawienie roczne' }).waitFor();
    await box.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/screens/year-statement-390.png' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      box.getByRole('button', { name: 'Pobierz PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zestawienie-\d{4}\.pdf$/);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.includes(Buffer.from('DejaVuSans'))).toBe(true);
  });
});
