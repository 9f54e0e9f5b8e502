import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, signInThroughForm, storedToken } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { recordErrors } from './support/page-events.ts';
import { settled } from './support/settled.ts';

/*
 * Decision 027: /dashboard's first-load page holds a pre-rendered shell of the rep home (header,
 * greeting, the wallet and quiz boxes with bars for their figures). An inline script keeps it for a
 * signed-in rep in Polish, greeting them by the name kept from their last visit; the page replaces it
 * in its first commit. Anyone else never sees it.
 */

// A new context for every page: these tests measure a first load, with a cold HTTP cache.
const browser = useBrowser({ fresh: true });

/** Loads /dashboard with only the HTML and its inline script: what paints before the app's scripts run. */
async function htmlOnly(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/dashboard');
  const shell = page.locator('#home-shell');
  const present = (await shell.count()) === 1;
  const greeting = present ? await shell.locator('h1').textContent() : null;
  await page.unroute(/\/assets\/.*\.js$/);
  return { present, greeting };
}

describe('the rep home shell', () => {
  test('a rep who has been here is greeted from the HTML; the page replaces the shell without errors', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, ACCOUNTS.seller);
    expect(await page.evaluate(() => localStorage.getItem('greeting_name'))).toBe('Szymon');

    // Before any of the app's scripts: the shell, styled, with the greeting and the boxes' headings.
    const before = await htmlOnly(page);
    expect(before).toEqual({ present: true, greeting: 'Cześć, Szymon!' });
    const tile = await page
      .locator('#home-shell')
      .getByText('Dostępne środki')
      .evaluate((el) => getComputedStyle(el.parentElement as Element).backgroundColor);
    expect(tile).not.toBe('rgba(0, 0, 0, 0)');
    // Styled from the inline critical CSS alone: no stylesheet holds back the first paint (decision 028).
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.locator('head link[rel="preload"][as="style"]').count()).toBeGreaterThan(0);

    // With the scripts: the real page, the shell gone, no error (the CSP allowed the inline script).
    const fresh = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    // Storage is written on a file of the origin, not on the login page: visiting / signs out, and
    // on a busy machine its script can run after the token was written.
    await fresh.goto('/favicon.svg');
    await fresh.evaluate(
      (t) => {
        localStorage.setItem('token', t ?? '');
        localStorage.setItem('token_type', 'Bearer');
        localStorage.setItem('greeting_name', 'Szymon');
      },
      await storedToken(page),
    );
    const errors = recordErrors(fresh);
    const response = await fresh.goto('/dashboard');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await fresh.getByRole('heading', { name: 'Cześć, Szymon!' }).waitFor();
    await fresh.getByTestId('money-to-get').waitFor();
    expect(await fresh.locator('#home-shell').count()).toBe(0);
    expect(await fresh.getByRole('heading', { name: 'Portfel' }).count()).toBe(1);
    // The entry turned the preloaded stylesheets into stylesheets, in the head, before rendering.
    expect(await fresh.locator('head link[rel="stylesheet"]').count()).toBeGreaterThan(0);
    expect(await fresh.locator('link[data-deferred-style]').count()).toBe(0);
    expect(errors).toEqual([]);
    // Each page allows only its own inline scripts (another rep page's shell, decision 030, has its
    // own hash), and pages without any keep the strict policy.
    const dashboardCsp = response?.headers()['content-security-policy'] ?? '';
    const withdrawCsp = (await fresh.request.get('/withdraw')).headers()['content-security-policy'] ?? '';
    const hashes = (csp: string): string[] => csp.match(/'sha256-[^']+'/g) ?? [];
    expect(hashes(withdrawCsp).length).toBeGreaterThan(0);
    expect(hashes(withdrawCsp).filter((h) => hashes(dashboardCsp).includes(h))).toEqual([]);
    const other = await fresh.request.get('/rules');
    expect(other.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  });

  test('a stale token: the shell goes and the rep is signed out as before, the name forgotten', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      localStorage.setItem('token', 'an-expired-session-token');
      localStorage.setItem('token_type', 'Bearer');
      localStorage.setItem('greeting_name', 'Szymon');
    });
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Nie udało się pobrać danych użytkownika').waitFor();
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    expect(await page.locator('#home-shell').count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('greeting_name')])).toEqual([
      null,
      null,
    ]);
  });

  test('no shell for a role whose home is not the rep home, nor for a visitor who chose English', async () => {
    const admin = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(admin, ACCOUNTS.admin);
    expect(await admin.evaluate(() => localStorage.getItem('greeting_name'))).toBeNull();
    expect(await htmlOnly(admin)).toEqual({ present: false, greeting: null });

    const english = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(english, ACCOUNTS.seller);
    await english.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(await htmlOnly(english)).toEqual({ present: false, greeting: null });
    await english.goto('/dashboard');
    await english.getByRole('heading', { name: 'Hi, Szymon!' }).waitFor();
  });
  test("decision 054: the wallet's and the quiz box's figures come into the shell from the early GET /api/me, before the app's code, which starts after the first paint", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.seller);
    // Only the HTML and its inline scripts: every script file is held (a slow phone's download).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    await page.goto('/dashboard');
    const user = (await (await me).json()) as { wallet: { money: string }; money_to_get: string };
    const shell = page.locator('#home-shell');
    const figure = (slot: string) => shell.locator(`[${slot}]`);
    await expect.poll(() => figure('data-shell-money').textContent()).toMatch(/\d,\d\d\u00a0zł$/);
    const shown = {
      money: await figure('data-shell-money').textContent(),
      earned: await figure('data-shell-earned').textContent(),
      withdrawn: await figure('data-shell-withdrawn').textContent(),
      toGet: await figure('data-shell-to-get').textContent(),
    };
    expect(Number(shown.money?.replace(/[^\d,-]/g, '').replace(',', '.'))).toBe(Number(user.wallet.money));
    expect(Number(shown.toGet?.replace(/[^\d,-]/g, '').replace(',', '.'))).toBe(Number(user.money_to_get));
    // The held scripts' failures are this document's: every one of them reported before the
    // errors of the next are recorded (a late "Failed to load resource" was once counted there).
    await settled(page);
    await page.goto('about:blank');
    await page.unroute(/\/assets\/.*\.js$/);
    const errors = recordErrors(page);

    // With the scripts: the page writes the same figures in the same boxes, and its code was asked for
    // only after the shell's first frame (the entry is added by the app start script, decision 033).
    await page.goto('/dashboard');
    await page.getByTestId('money-to-get').waitFor();
    expect(await page.getByTestId('money-to-get').textContent()).toBe(shown.toGet);
    for (const text of [shown.money, shown.earned, shown.withdrawn]) {
      expect(
        await page
          .locator('main')
          .getByText(text ?? '', { exact: true })
          .count(),
      ).toBeGreaterThan(0);
    }
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      entryStart:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          /\/assets\/index-[\w-]+\.js$/.test(e.name),
        )?.startTime ?? null,
    }));
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.entryStart).toBeGreaterThanOrEqual(timing.firstPaint ?? Number.POSITIVE_INFINITY);
    expect(errors).toEqual([]);

    // The pre-rendered login page too: it paints before the entry is asked for.
    const login = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await login.goto('/');
    await login.getByRole('button', { name: 'Zaloguj' }).waitFor();
    await expect
      .poll(() =>
        login.evaluate(
          () =>
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
              /\/assets\/index-[\w-]+\.js$/.test(e.name),
            )?.startTime ?? null,
        ),
      )
      .not.toBeNull();
    const loginTiming = await login.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      entryStart:
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          /\/assets\/index-[\w-]+\.js$/.test(e.name),
        )?.startTime ?? 0,
    }));
    expect(loginTiming.firstPaint).not.toBeNull();
    expect(loginTiming.entryStart).toBeGreaterThanOrEqual(loginTiming.firstPaint ?? Number.POSITIVE_INFINITY);
  });
});
