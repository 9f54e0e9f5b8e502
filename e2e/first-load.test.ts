import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { signIn, submitLogin, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';

/*
 * Decision 022: a signed-in visitor's GET /api/me leaves with the entry, before the signed-in
 * area's code has arrived, and is made once; an early call made with a token that is no longer the
 * stored one never decides a later session; the user menu opens on a click that comes before its
 * code has arrived.
 */

const browser = useBrowser();

/** Requests in the order the page makes them: `GET /api/me`, `script session-gate-….js`. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    seen.push(url.pathname.startsWith('/api/') ? `${r.method()} ${url.pathname}` : url.pathname);
  });
  return seen;
}

describe('the first load', () => {
  test('a signed-in rep opening /dashboard asks who it is once, before the signed-in area is downloaded', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.seller);
    const requests = recordRequests(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();

    const me = requests.indexOf('GET /api/me');
    const gate = requests.findIndex((r) => /\/assets\/session-gate-[\w-]+\.js$/.test(r));
    const home = requests.findIndex((r) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(r));
    expect(me).toBeGreaterThanOrEqual(0);
    expect(gate).toBeGreaterThan(me);
    expect(home).toBeGreaterThan(me);
    expect(requests.filter((r) => r === 'GET /api/me')).toHaveLength(1);
    // Nothing after the first paint was fetched for it: no toast container until a toast is wanted.
    expect(requests.some((r) => /\/assets\/toasts-[\w-]+\.js$/.test(r))).toBe(false);
  });

  test('a stale token left in the browser does not sign out the next sign-in', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'an-expired-session-token');
      localStorage.setItem('token_type', 'Bearer');
    });
    // The load sends GET /api/me with the stale token (and is refused) while the login page shows.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.status() === 401);
    await page.reload();
    await refused;
    await submitLogin(page, ACCOUNTS.seller.email, DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    await userMenuButton(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByText('Nie udało się pobrać danych użytkownika').count()).toBe(0);
  });

  test("the user menu opens on a click made before the dropdown's code has arrived", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.seller);
    // A fresh load, and a click at once: the dropdown's chunk is fetched on that click.
    const menuCode = page.waitForRequest((r) => /\/assets\/user-menu-[\w-]+\.js$/.test(r.url()));
    await page.goto('/dashboard');
    await userMenuButton(page).click();
    await menuCode;
    await page.getByText('Zalogowany jako').waitFor();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).waitFor();
  });

  test('switching to English re-renders the page at once and is kept on the next load', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.seller);
    await page.getByRole('heading', { name: 'Cześć, Szymon!' }).waitFor();
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Hi, Szymon!' }).waitFor();
    await page.getByRole('heading', { name: 'Wallet' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Hi, Szymon!' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Polski' }).click();
    await page.getByRole('heading', { name: 'Cześć, Szymon!' }).waitFor();
  });
});
