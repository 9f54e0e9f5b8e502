import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoAccount } from './accounts.ts';

/** Fills and submits the sign-in form of the current page, / (does not wait for the outcome). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
}

/**
 * Signs in through the login page and waits until the signed-in shell is up (the user menu is shown):
 * /dashboard for most roles, the first warehouse's page for a wholesaler.
 */
export async function signIn(page: Page, account: Pick<DemoAccount, 'email'>, password = DEMO_PASSWORD) {
  await page.goto('/');
  await submitLogin(page, account.email, password);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 20_000 });
  await userMenuButton(page).waitFor();
}

/** The header's user menu button (avatar, name). */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Menu użytkownika' });
}

/** The visible main menu: the header row on desktop, the burger drawer on phones. */
export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu główne' });
}

/** The session token the web app stores in localStorage, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** Signs out through the user menu's logout item. */
export async function signOutFromMenu(page: Page) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
}
