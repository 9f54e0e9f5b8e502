import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS, type DemoAccount } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { toast } from './support/ui.ts';

/*
 * Issue 10 item 13 and the role policy's page guard (packages/contracts/src/policy.ts): a route a
 * role may not use sends it home with the spec's unauthorised message before the page makes any
 * call, at a phone's and a desktop's width.
 */

const UNAUTHORISED = 'Nie posiadasz uprawnień, akcja nieautoryzowana';
const WIDTHS = [
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop 1440×900', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

const browser = useBrowser();

async function idOf(account: DemoAccount): Promise<number> {
  const token = await apiLogin(account.email);
  return (await api<{ id: number }>('GET', '/api/me', { token })).body.id;
}

/** The rep home's own calls once the seller is sent there: its article carousel, the carousel's images and the challenge box. */
const REP_HOME_CALL = /^GET \/api\/(articles|images|challenges\/active)\b/;
const notRepHome = (call: string) => !REP_HOME_CALL.test(call);

/** The API calls a page makes, with their query strings: `GET /api/warehouses?page=1&per_page=100…`. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

describe.each(WIDTHS)('page guards at $name', ({ viewport, isMobile, hasTouch }) => {
  test('a seller opening /sales-rep/{own id} is sent home with the unauthorised message: no form, no call', async () => {
    const sellerId = await idOf(ACCOUNTS.seller);
    const page = await browser.newPage({ viewport, isMobile, hasTouch });
    await signIn(page, ACCOUNTS.seller);
    const calls = recordCalls(page);
    await page.goto(`/sales-rep/${sellerId}`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await toast(page, UNAUTHORISED);
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    // No edit form, no warehouse picker, and nothing asked of the server but who is signed in.
    expect(await page.getByRole('heading', { name: /Edytuj/ }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: /Hurtownia/ }).count()).toBe(0);
    expect(calls.filter(notRepHome)).toEqual(['GET /api/me']);
    // One message: the refusal, not a failed call's error.
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([expect.stringContaining(UNAUTHORISED)]);
  });

  test('a seller opens its own profile, and another rep’s details sends it home before any call', async () => {
    const sellerId = await idOf(ACCOUNTS.seller);
    const page = await browser.newPage({ viewport, isMobile, hasTouch });
    await signIn(page, ACCOUNTS.seller);
    await page.goto(`/sales-rep/details/${sellerId}`);
    await page.getByRole('heading', { name: 'Mój profil' }).waitFor();
    const calls = recordCalls(page);
    await page.goto(`/sales-rep/details/${sellerId + 1}`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await toast(page, UNAUTHORISED);
    expect(calls.filter(notRepHome)).toEqual(['GET /api/me']);
  });

  test('back-office roles are kept out of pages their role may not use, before the page calls anything', async () => {
    const cases: { account: DemoAccount; path: string; home: RegExp; pageCall: RegExp }[] = [
      // The warehouse form's admin picker would list warehouse admins.
      {
        account: ACCOUNTS.wholesaler,
        path: '/warehouse/create',
        home: /^\/warehouse\/details\/\d+$/,
        pageCall: /^GET \/api\/users\b/,
      },
      // The edit form would load the warehouse.
      {
        account: ACCOUNTS.provider,
        path: '/warehouse/1',
        home: /^\/dashboard$/,
        pageCall: /^GET \/api\/warehouses\/1\b/,
      },
      // The regional-manager form's picker would load 100 warehouses by name.
      { account: ACCOUNTS.rks, path: '/sales-rep/create-rks', home: /^\/dashboard$/, pageCall: /per_page=100/ },
      // The article back office would load every article, drafts included.
      {
        account: ACCOUNTS.wholesaler,
        path: '/articles',
        home: /^\/warehouse\/details\/\d+$/,
        pageCall: /\/api\/admin\/articles/,
      },
      // The withdrawals page would load the wallet.
      { account: ACCOUNTS.rks, path: '/withdraw', home: /^\/dashboard$/, pageCall: /\/api\/wallet/ },
    ];
    for (const c of cases) {
      const page = await browser.newPage({ viewport, isMobile, hasTouch });
      await signIn(page, c.account);
      const calls = recordCalls(page);
      await page.goto(c.path);
      await page.waitForURL((u) => c.home.test(u.pathname));
      await toast(page, UNAUTHORISED);
      // The home page's own lists may load; none of the refused page's calls is made.
      await page.waitForLoadState('networkidle');
      expect(
        calls.filter((call) => c.pageCall.test(call)),
        `${c.account.email} ${c.path}`,
      ).toEqual([]);
      await page.context().close();
    }
  });
});
