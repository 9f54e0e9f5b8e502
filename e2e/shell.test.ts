import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS, type DemoAccount } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { mainMenu, signIn, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';

/**
 * The signed-in shell of SPEC.md section 2 "Header, menu, footer" and section 4 "Session":
 * each role's landing page and menu, the user menu, the admin preview, the phone layout.
 */

interface RoleCase {
  account: DemoAccount;
  /** Menu entries the role must see (more arrive as later issues add pages). */
  menu: string[];
  /** Entries of other roles it must not see. */
  notInMenu: string[];
  /** What the landing page shows. */
  heading: string;
}

const ROLE_CASES: RoleCase[] = [
  {
    account: ACCOUNTS.root,
    menu: ['Panel', 'Artykuły', 'Podgląd przedstawiciela'],
    notInMenu: ['Moja hurtownia'],
    heading: 'Panel administratora',
  },
  {
    account: ACCOUNTS.admin,
    menu: ['Panel', 'Artykuły', 'Podgląd przedstawiciela'],
    notInMenu: ['Moja hurtownia'],
    heading: 'Panel administratora',
  },
  {
    account: ACCOUNTS.provider,
    menu: ['Panel', 'Artykuły'],
    notInMenu: ['Podgląd przedstawiciela', 'Moja hurtownia'],
    heading: 'Panel dostawcy',
  },
  {
    account: ACCOUNTS.rks,
    menu: ['Panel'],
    notInMenu: ['Podgląd przedstawiciela', 'Moja hurtownia'],
    heading: 'Panel regionalny',
  },
  {
    account: ACCOUNTS.seller,
    menu: ['Panel'],
    notInMenu: ['Podgląd przedstawiciela', 'Moja hurtownia'],
    heading: 'Portfel',
  },
  {
    account: ACCOUNTS.wholesaler,
    menu: ['Moja hurtownia'],
    notInMenu: ['Panel', 'Podgląd przedstawiciela'],
    // Its landing page (warehouse details) is built by another issue: only the address is checked.
    heading: '',
  },
];

/** Where a role lands after sign-in: its first warehouse for a wholesaler, /dashboard for the rest. */
async function expectedHome(account: DemoAccount): Promise<string> {
  if (account.role !== 'wholesaler') return '/dashboard';
  const me = await api<{ wholesaler_ids: number[] }>('GET', '/api/me', { token: await apiLogin(account.email) });
  expect(me.body.wholesaler_ids.length).toBeGreaterThan(0);
  return `/warehouse/details/${me.body.wholesaler_ids[0]}`;
}

/** Whether any part of the element lies inside the viewport (Playwright counts off-screen elements as visible). */
function onScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth;
  });
}

describe('desktop shell by role', () => {
  const browser = useBrowser();

  test.each(ROLE_CASES)('$account.email ($account.role) signs in, lands home and sees its menu', async (c) => {
    const home = await expectedHome(c.account);
    const page = await browser.newPage();
    await signIn(page, c.account);

    // Landing page: /dashboard, or a wholesaler's first warehouse (redirected from /dashboard).
    await page.waitForURL((u) => u.pathname === home);
    if (c.heading) await page.getByRole('heading', { name: c.heading }).waitFor();

    // The menu of the role.
    const menu = mainMenu(page);
    await menu.waitFor();
    const items = await menu.getByRole('link').allInnerTexts();
    expect(items).toEqual(expect.arrayContaining(c.menu));
    for (const absent of c.notInMenu) expect(items).not.toContain(absent);
    // The burger is for phones only.
    expect(await page.getByRole('button', { name: 'Otwórz menu' }).isVisible()).toBe(false);

    // The logo leads home.
    expect(await page.getByRole('link', { name: 'Program motywacyjny' }).getAttribute('href')).toBe(home);

    // The user menu: 'logged as' with name and surname, and logout.
    await userMenuButton(page).click();
    await page.getByText('Zalogowany jako').waitFor();
    expect((await page.getByTestId('logged-as').textContent())?.trim()).toBe(`${c.account.name} ${c.account.surname}`);
    await page.getByRole('menuitem', { name: 'Wyloguj' }).waitFor();
    await page.keyboard.press('Escape');

    // The footer with the organiser's contact details (decision 047: asked for when it nears the screen).
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.locator('footer').getByText('Kontakt', { exact: true }).waitFor();
  });

  test('a wholesaler opening /dashboard is redirected to its first warehouse', async () => {
    const home = await expectedHome(ACCOUNTS.wholesaler);
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.wholesaler);
    await page.goto('/rules');
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === home);
    expect(await mainMenu(page).getByRole('link', { name: 'Moja hurtownia' }).getAttribute('href')).toBe(home);
  });

  test('?admin-preview=1 shows an admin the sales-rep home', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Portfel' }).count()).toBe(0);

    await mainMenu(page).getByRole('link', { name: 'Podgląd przedstawiciela' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard' && u.searchParams.get('admin-preview') === '1');
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Panel administratora' }).count()).toBe(0);

    // Back to the panel through the menu.
    await mainMenu(page).getByRole('link', { name: 'Panel', exact: true }).click();
    await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();
  });
});

describe('phone shell (390×844)', () => {
  const browser = useBrowser();

  test.each(ROLE_CASES)('$account.role: the burger opens a drawer with the role’s menu', async (c) => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, c.account);

    // Closed, the drawer is off screen and out of the tab order (the desktop row is not rendered on a phone).
    const drawer = mainMenu(page);
    expect(await drawer.count()).toBe(1);
    expect(await onScreen(drawer)).toBe(false);
    await userMenuButton(page).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('nav[aria-label="Menu główne"]')))).toBe(
      false,
    );

    // The burger slides it in with the role's entries.
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await expect.poll(() => onScreen(drawer)).toBe(true);
    const items = await drawer.getByRole('link').allInnerTexts();
    expect(items).toEqual(expect.arrayContaining(c.menu));
    for (const absent of c.notInMenu) expect(items).not.toContain(absent);

    // No horizontal scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Following an entry closes the drawer.
    await drawer.getByRole('link', { name: c.menu[0] as string, exact: true }).click();
    await expect.poll(() => onScreen(drawer)).toBe(false);
  });
});
