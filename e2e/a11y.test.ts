import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, submitLogin } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { toast } from './support/ui.ts';

/** Accessibility (axe-core, WCAG 2.1 A/AA rules) of the pages issue 2 builds: no serious or critical violation. */

describe('accessibility', () => {
  const browser = useBrowser();

  test('login page', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // With the field messages shown too.
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Pole e-mail jest wymagane').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // And with the error toast of a failed sign-in.
    await submitLogin(page, 'nikt@example.com', 'Nieznane-haslo-1');
    await toast(page, 'Błędny email lub hasło');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sign-in page's forgotten-password dialog", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('nikt-z-a11y@example.com');
    await dialog.getByRole('button', { name: 'Wyślij link' }).click();
    await dialog.getByRole('status').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('register (set-password) page', async () => {
    const page = await browser.newPage();
    await page.goto(`/register?token=abc&email=${encodeURIComponent(ACCOUNTS.seller.email)}`);
    await page.getByRole('heading', { name: 'Ustaw hasło' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Zarejestruj' }).click();
    await page.getByText('Zaznacz wszystkie potrzebne zgody').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('admin dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('sales-rep home (seller dashboard) on a phone, menu open', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.seller);
    await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Panel' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
