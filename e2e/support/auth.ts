import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, type DemoAccount } from './accounts.ts';
import { apiLogin, meStatus } from './api.ts';

/** Fills and submits the sign-in form of the current page, / (does not wait for the outcome). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
}

/**
 * Signs in through the login page and waits until the signed-in shell is up (the user menu is shown):
 * /dashboard for most roles, the first warehouse's page for a wholesaler. For the journeys about
 * signing in itself and the first load after it (auth, known devices, first-load, rep-first-load,
 * home-shell); the others use `signIn`.
 */
export async function signInThroughForm(page: Page, account: Pick<DemoAccount, 'email'>, password = DEMO_PASSWORD) {
  await page.goto('/');
  await submitLogin(page, account.email, password);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 20_000 });
  await userMenuButton(page).waitFor();
}

/** This file's sessions, one per account: signed in once through the API, reused while it lives. */
const sessions = new Map<string, string>();

/** A live session token for the account: the one this file already has, or a new sign-in. */
async function sessionToken(email: string, password: string): Promise<string> {
  const key = `${email.toLowerCase()}\n${password}`;
  const kept = sessions.get(key);
  // A journey may have ended the session (a password change, a sign-out): then sign in again.
  if (kept && (await meStatus(kept)) === 200) return kept;
  const token = await apiLogin(email, password);
  sessions.set(key, token);
  return token;
}

/**
 * Opens the app signed in, at `at` (/dashboard by default), and waits until the signed-in shell is up
 * (the user menu is shown): for /dashboard, the role's home (a wholesaler's is its first warehouse's
 * page). The account signs in once per file (each POST /api/login is a password hash and a session
 * row) and its token is put where the web app keeps it (localStorage `token`, `token_type`), as the
 * login page would. A journey that starts on another page names it in `at`: one page load instead
 * of home's and then its own (about 1.5 s of CPU on the 2-core machine, decision 055).
 */
export async function signIn(
  page: Page,
  account: Pick<DemoAccount, 'email'>,
  {
    at = '/dashboard',
    password = DEMO_PASSWORD,
    shell = true,
  }: {
    at?: string;
    password?: string;
    /** false: do not wait for the signed-in shell (a page shown before it, as new rules to accept). */
    shell?: boolean;
  } = {},
) {
  const token = await sessionToken(account.email, password);
  // Any document of the app's origin gives access to its localStorage; the icon is the lightest, and
  // unlike a JSON answer it makes the browser ask for no /favicon.ico (a 404 the console would log).
  await page.goto('/favicon.svg');
  await page.evaluate((t) => {
    window.localStorage.setItem('token', t);
    window.localStorage.setItem('token_type', 'Bearer');
  }, token);
  await page.goto(at);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 20_000 });
  if (shell) await userMenuButton(page).waitFor();
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
