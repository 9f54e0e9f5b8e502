import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 27 point 8: what a failed load shows. The money lists (the payout desk's table, a rep's
 * withdrawals and money history) say 'Nie udało się pobrać listy wypłat' with a retry, never an
 * empty list with a total of 0; the challenge editor names the challenge; a quiz summary that
 * cannot load goes back to the quiz's editor (SPEC.md section 8). The failures are made by
 * intercepting the page's calls.
 */

const FAILED = 'Nie udało się pobrać listy wypłat';

async function toast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

/** Fails every GET of `path` (exactly, any query) until `ok()` lets them through. */
async function failCalls(page: Page, path: string, how: 'abort' | 'status500' = 'status500') {
  let failing = true;
  let failed = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (!failing || route.request().method() !== 'GET') return route.continue();
      failed++;
      if (how === 'abort') return route.abort('failed');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Coś poszło nie tak' }),
      });
    },
  );
  return {
    ok: () => {
      failing = false;
    },
    failed: () => failed,
  };
}

describe('load failures', () => {
  const browser = useBrowser();

  test("the payout desk's table says it failed and retries; no rows, no total", async () => {
    const page = await browser.newPage();
    const list = await failCalls(page, '/api/wallet');
    await signIn(page, ACCOUNTS.admin, { at: '/withdraw' });
    const failed = page.getByTestId('withdrawals-failed');
    await failed.getByText(FAILED).waitFor();
    expect(list.failed()).toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: 'Wypłaty' }).count()).toBe(0);
    expect(await page.getByTestId('withdrawals-total').count()).toBe(0);
    expect(await page.getByTestId('table-total').isVisible()).toBe(false);

    list.ok();
    await failed.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByTestId('withdrawals-total').waitFor();
    await page
      .getByTestId('table-total')
      .filter({ hasText: /Razem: [1-9]/ })
      .waitFor();
    expect(await failed.count()).toBe(0);
  });

  test('the payout desk moves nothing after its first paint (layout shift at most 0.05), phone and desktop', async () => {
    for (const viewport of [PHONE, WIDE]) {
      const page = await browser.newPage({ viewport });
      await signIn(page, ACCOUNTS.admin);
      // Every layout shift from the page's start, as Lighthouse's CLS counts them (no input before).
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) w.__shift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/withdraw');
      await page.getByTestId('withdrawals-total').waitFor();
      await page.getByTestId('money-overview').and(page.locator(':not([aria-busy])')).waitFor();
      await page.waitForTimeout(1000);
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift, `layout shift at ${viewport.width}px`).toBeLessThanOrEqual(0.05);
      await page.screenshot({ path: `test-results/screens/payout-desk-${viewport.width}.png`, fullPage: true });
    }
  });

  test("a rep's withdrawals and money history say they failed and retry, on a phone", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const withdrawals = await failCalls(page, '/api/wallet');
    const history = await failCalls(page, '/api/wallet/history');
    await signIn(page, ACCOUNTS.seller, { at: '/withdraw' });
    const mine = page.getByTestId('my-withdrawals-failed');
    const ledger = page.getByTestId('money-history-failed');
    await mine.getByText(FAILED).waitFor();
    await ledger.getByText(FAILED).waitFor();
    // Nothing claims there is nothing: neither list's empty text shows.
    expect(await page.getByText('Nie masz jeszcze żadnych wypłat.').count()).toBe(0);
    expect(await page.getByText('Nie ma jeszcze żadnych operacji.').count()).toBe(0);
    await page.screenshot({ path: 'test-results/screens/load-failures-rep-withdrawals-390.png', fullPage: true });

    withdrawals.ok();
    history.ok();
    await mine.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await ledger.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await mine.waitFor({ state: 'detached' });
    await ledger.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Historia portfela' }).waitFor();
  });

  test('the challenge editor says the challenge could not be loaded and goes back to /challenges', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const list = await api<{ data: { id: number }[] }>('GET', '/api/challenges?per_page=10', { token: admin });
    const id = list.body.data[0]?.id;
    expect(id).toBeDefined();
    const page = await browser.newPage();
    await failCalls(page, `/api/challenges/${id}`, 'abort');
    await signIn(page, ACCOUNTS.admin, { at: `/challenges/${id}` });
    await toast(page, 'Nie udało się pobrać informacji o wyzwaniu');
    await page.waitForURL((u) => u.pathname === '/challenges');
    expect(await page.getByText('Nie udało się pobrać produktów wyzwania').count()).toBe(0);
  });

  test("a quiz summary that cannot load goes back to the quiz's editor (SPEC.md section 8)", async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const list = await api<{ data: { id: number }[] }>('GET', '/api/quiz?per_page=10', { token: admin });
    const id = list.body.data[0]?.id;
    expect(id).toBeDefined();
    const page = await browser.newPage();
    // Only the summary's load fails: the editor it returns to loads.
    await page.route(
      (url) => url.pathname === `/api/quiz/${id}`,
      (route) => (new URL(page.url()).pathname.endsWith('/summary') ? route.abort('failed') : route.continue()),
    );
    await signIn(page, ACCOUNTS.admin, { at: `/quiz/${id}/summary` });
    await toast(page, 'Nie udało się pobrać informacji o quizie');
    await page.waitForURL((u) => u.pathname === `/quiz/${id}`);
    // It stays there: the editor loaded.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/quiz/${id}`);
  });
});
