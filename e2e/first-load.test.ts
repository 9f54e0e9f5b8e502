import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { signInThroughForm, submitLogin, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { recordRequests } from './support/page-events.ts';

/*
 * Decisions 022 and 025: each first-visited route's HTML names its chunks (the login page's also
 * holds the page itself, pre-rendered and hydrated); a signed-in visitor's GET /api/me is made once; an early call made with a token that is no longer the
 * stored one never decides a later session; the user menu opens on a click that comes before its
 * code has arrived.
 */

// A new context for every page: these tests measure a first load, with a cold HTTP cache.
const browser = useBrowser({ fresh: true });

describe('the first load', () => {
  test("a signed-in rep opening /dashboard gets the page's chunks named in its HTML and asks who it is once", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, ACCOUNTS.seller);
    const requests = recordRequests(page);
    const response = await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();

    // The route's first chunks download with the entry (decision 025), not after it has run: the HTML's
    // app start script names them, and adds them once the shell has painted (decision 054).
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/"\/assets\/session-gate-[\w-]+\.js"/);
    expect(html).toMatch(/"\/assets\/dashboard-page-[\w-]+\.js"/);
    expect(requests.filter((r) => r === 'GET /api/me')).toHaveLength(1);
    expect(requests.some((r) => /\/assets\/session-gate-[\w-]+\.js$/.test(r))).toBe(true);
    expect(requests.some((r) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(r))).toBe(true);
    // Nothing after the first paint was fetched for it: no toast container until a toast is wanted.
    expect(requests.some((r) => /\/assets\/toasts-[\w-]+\.js$/.test(r))).toBe(false);
  });

  test("a page some roles may not open is not named in its HTML: a supplier's admin never downloads the withdrawals page", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, ACCOUNTS.provider);
    const requests = recordRequests(page);
    const response = await page.goto('/withdraw');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/\/assets\/session-gate-[\w-]+\.js/);
    // Named only by the inline script that runs for a rep's session (decision 030).
    expect(html).not.toMatch(/<link[^>]*withdrawals-page-/);
    // Turned away home, as the role policy says.
    await page.waitForURL((u) => u.pathname !== '/withdraw');
    await userMenuButton(page).waitFor();
    expect(requests.some((r) => /\/assets\/withdrawals-page-[\w-]+\.js$/.test(r))).toBe(false);
  });

  test('the login page is painted from its HTML before any script runs', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    // Styled already: the HTML names the page's stylesheets, so the button has its colour.
    const button = await page
      .getByRole('button', { name: 'Zaloguj' })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(button).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('the pre-rendered login page is hydrated in place, without errors, and signs in', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const requests = recordRequests(page);
    await page.goto('/');
    // The element painted from the HTML is the one React keeps (hydration, not a second drawing).
    await page.evaluate(() => {
      (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
    });
    await submitLogin(page, ACCOUNTS.seller.email, DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    expect(errors).toEqual([]);
    // No stylesheet the HTML named was fetched again when the signed-in pages loaded theirs.
    const css = requests.filter((r) => r.endsWith('.css'));
    expect(css).toEqual([...new Set(css)]);

    const hydrated = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await hydrated.goto('/');
    await hydrated.evaluate(() => {
      (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
    });
    // Typing reaches the form's state once React has taken the page over: the error for a bad e-mail shows.
    await hydrated.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not-an-email');
    await hydrated.getByRole('button', { name: 'Zaloguj' }).click();
    await hydrated
      .getByText(/adres e-mail/i)
      .first()
      .waitFor();
    expect(
      await hydrated.evaluate(
        () => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'),
      ),
    ).toBe(true);
  });

  test("typing and tapping 'Zaloguj' before the app's code has arrived signs in once it does", async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const app = holdEntryScript(page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).search));
    await page.goto('/', { waitUntil: 'commit' });
    await submitLogin(page, ACCOUNTS.seller.email, DEMO_PASSWORD);
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(ACCOUNTS.seller.email);
    app.release();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await userMenuButton(page).waitFor();
    // No native submit: the page never reloaded to `/?`.
    expect(visited.filter((search) => search !== '')).toEqual([]);
  });

  test('what is typed before the app has arrived stays in the form it hydrates', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const app = holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(ACCOUNTS.seller.email);
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(DEMO_PASSWORD);
    app.release();
    await page.waitForFunction(() => (window as unknown as { __earlyForm?: { taken: boolean } }).__earlyForm?.taken);
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(ACCOUNTS.seller.email);
    expect(await page.getByRole('textbox', { name: 'Hasło', exact: true }).inputValue()).toBe(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  test('a visitor who chose English gets the login page in English, not the Polish pre-render', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Zaloguj się' }).count()).toBe(0);
    expect(await page.getByRole('heading').count()).toBe(1);
  });

  test('a stale token left in the browser does not sign out the next sign-in', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    // Storage is written on a file of the origin, not on the login page: visiting / signs out, and
    // on a busy machine its script can run after the token was written and forget it.
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      localStorage.setItem('token', 'an-expired-session-token');
      localStorage.setItem('token_type', 'Bearer');
    });
    // The load sends GET /api/me with the stale token (and is refused) while the login page shows.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.status() === 401);
    await page.goto('/');
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
    await signInThroughForm(page, ACCOUNTS.seller);
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
    await signInThroughForm(page, ACCOUNTS.seller);
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

/** Holds the app's entry script back (a slow phone's download) until `release()`. */
function holdEntryScript(page: Page): { release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  void page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
