import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 31 point 3 (decision 066): how the programme is doing. An admin opens the figures from the
 * panel, changes the split, downloads a figure's CSV; a regional manager reads its part on a phone.
 */

describe('the programme’s results', () => {
  const browser = useBrowser();

  test('an admin reads the figures and charts, splits them by week, and downloads a figure as CSV', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('link', { name: 'Wyniki programu' }).click();
    await page.waitForURL((u) => u.pathname === '/programme');
    await page.getByTestId('stat-active').waitFor();
    for (const chart of ['chart-signins', 'chart-quizzes', 'chart-money', 'chart-warehouses', 'chart-regions']) {
      await page.getByTestId(chart).locator('svg.recharts-surface').first().waitFor();
    }
    await page.getByText('Tygodnie').click();
    await page.getByTestId('chart-signins').locator('svg.recharts-surface').first().waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/programme-1440.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz CSV: Nagrody i wypłaty (zł)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('program-money.csv');
  });

  test('a regional manager reads its warehouses’ figures on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.rks, { at: '/programme' });
    await page.getByText('Liczby dotyczą przedstawicieli Twoich hurtowni.').waitFor();
    await page.getByTestId('chart-money').locator('svg.recharts-surface').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/programme-390.png', fullPage: true });
  });
});
