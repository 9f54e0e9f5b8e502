import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, signOutFromMenu, storedToken } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { baseUrl } from './support/env.ts';
import { recordErrors } from './support/page-events.ts';

/**
 * Issue 31 point 4 (decision 067): the rep's pages install on a phone's home screen, and without a
 * connection the app shows the rep's last wallet and "no connection" instead of the browser's error;
 * a new version is picked up by an open app. The other browser tests block service workers
 * (support/browser.ts); these allow them.
 */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;
const SW_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/sw.js');

/** Waits until the service worker controls the page (it claims the page it was installed from). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** The build of the worker in charge, as it answers (sw/sw.ts). */
function workerBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('build', [channel.port2]);
      }),
  );
}

/** The wallet card's figures as the app shows them (each tile: its label, then its amount on the last line). */
async function shownWallet(page: Page) {
  const amount = async (label: string) => {
    const tile = page.getByText(label, { exact: true }).first().locator('xpath=..');
    return (await tile.innerText()).trim().split('\n').at(-1)?.trim();
  };
  return { money: await amount('Dostępne środki'), withdrawn: await amount('Wypłacone') };
}

describe('the installable app', () => {
  const browser = useBrowser({ fresh: true });

  test('the pages name a web app manifest whose icons exist; Chromium finds the app installable', async () => {
    const page = await browser.newPage({ viewport: PHONE, ...WITH_WORKER });
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      lang: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Program motywacyjny',
      start_url: '/dashboard',
      display: 'standalone',
      lang: 'pl',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const body = await png.body();
      // The PNG header's width and height are the size the manifest says.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    // Every page the server sends names it: the login page, a rep page, a back-office page (index.html).
    for (const at of ['/', '/dashboard', '/quiz-ph/1', '/warehouse/create']) {
      const html = await (await page.request.get(at)).text();
      expect(html, at).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest" ?\/?>/);
      expect(html, at).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png" ?\/?>/);
    }

    await signIn(page, ACCOUNTS.seller);
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; url: string };
    expect(parsed.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // The one objection is the test's own browser profile (a Playwright context is a private one).
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    await cdp.detach();
  });

  test("offline, a rep sees their last wallet and 'no connection', and the app comes back with the connection", async () => {
    const page = await browser.newPage({ viewport: PHONE, ...WITH_WORKER });
    const errors = recordErrors(page);
    await signIn(page, ACCOUNTS.seller);
    await page.getByText('Dostępne środki').first().waitFor();
    const wallet = await shownWallet(page);
    await controlled(page);

    await page.context().setOffline(true);
    // In the open app: a line says so; the page keeps what it shows.
    const banner = page.getByRole('status').filter({ hasText: 'Brak połączenia z internetem.' });
    await banner.waitFor();
    await page.screenshot({ path: 'test-results/screens/offline-banner-390.png' });

    // A page load without a connection: the offline page at the same address, with the wallet the app showed.
    await page.reload();
    await page.getByRole('heading', { name: 'Brak połączenia z internetem' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const card = page.getByRole('region', { name: 'Twój portfel' });
    expect(await card.locator('#wallet-money').textContent()).toBe(wallet.money);
    expect(await card.locator('#wallet-withdrawn').textContent()).toBe(wallet.withdrawn);
    await card.getByText(/^Stan z \d{2}-\d{2}-\d{4} \d{2}:\d{2}, ostatnio widziany w aplikacji\./).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/offline-390.png', fullPage: true });

    // Any other address too (a rep's link, the installed app's start); a retry without a connection stays there.
    await page.goto('/quiz-ph');
    await page.getByRole('heading', { name: 'Brak połączenia z internetem' }).waitFor();
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByRole('status').getByText('Nadal brak połączenia. Spróbuj za chwilę.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/quiz-ph');

    // The connection is back: the page loads its address by itself.
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: 'Quizy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/quiz-ph');
    expect(await storedToken(page)).not.toBeNull();
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  });

  test('the offline page speaks English for an English rep, and shows no wallet once the rep has signed out', async () => {
    const page = await browser.newPage({ viewport: WIDE, ...WITH_WORKER });
    await signIn(page, ACCOUNTS.seller);
    await page.getByText('Dostępne środki').first().waitFor();
    await controlled(page);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'No internet connection' }).waitFor();
    await page.getByRole('region', { name: 'Your wallet' }).getByText('Available').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.screenshot({ path: 'test-results/screens/offline-en-1440.png' });

    await page.context().setOffline(false);
    // Back online, the offline page gives way to the app by itself.
    await page.locator('main.offline').waitFor({ state: 'detached' });
    await page.getByText('Available', { exact: true }).first().waitFor();
    await page.evaluate(() => localStorage.setItem('lang', 'pl'));
    await page.reload();
    await page.getByText('Dostępne środki').first().waitFor();
    await signOutFromMenu(page);
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    expect(await page.evaluate(() => localStorage.getItem('last_wallet'))).toBeNull();
    await page.context().setOffline(true);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Brak połączenia z internetem' }).waitFor();
    expect(await page.locator('#wallet').isHidden()).toBe(true);
    await page.context().setOffline(false);
  });

  test('a call to the server that fails on the way keeps the rep signed in, with a retry', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller);
    // The connection drops between the page and its first call: no answer at all (status 0).
    await page.route('**/api/me', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByTestId('no-connection').getByRole('heading', { name: 'Brak połączenia z internetem' }).waitFor();
    expect(await storedToken(page)).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.unroute('**/api/me');
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByText('Dostępne środki').first().waitFor();
  });

  test('an open app learns of a new version and takes it with one tap', async () => {
    const page = await browser.newPage({ viewport: PHONE, ...WITH_WORKER });
    await signIn(page, ACCOUNTS.seller);
    await controlled(page);
    const build = await workerBuild(page);
    expect(build).toMatch(/^[0-9a-f]{16}$/);
    const original = readFileSync(SW_FILE, 'utf8');
    expect(original).toContain(build);
    try {
      // A new build goes out: its worker differs by its build id (the other browser tests block workers).
      writeFileSync(SW_FILE, original.replace(build, '0e2e0next0build0'));
      // The app looks for it when it comes back to the screen; here, the same call at once.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const toast = page.getByRole('alert').filter({ hasText: 'Jest nowa wersja aplikacji.' });
      await toast.waitFor();
      await page.screenshot({ path: 'test-results/screens/new-version-390.png' });
      await toast.getByRole('button', { name: 'Odśwież' }).click();
      await page.waitForLoadState('load');
      await page.getByText('Dostępne środki').first().waitFor();
      expect(await workerBuild(page)).toBe('0e2e0next0build0');
      expect(await storedToken(page)).not.toBeNull();
    } finally {
      writeFileSync(SW_FILE, original);
    }
  });
});
