import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn, submitLogin, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { openInApp } from './support/in-app.ts';
import { toast } from './support/ui.ts';

/*
 * Accessibility (axe-core, WCAG 2.1 A/AA rules): no serious or critical violation. Every page of
 * every role is checked at both widths by route-coverage.test.ts; this file opens what a page load
 * does not show: field errors and toasts, every dialog (delete confirmations, add card, withdraw),
 * the open pickers (date pickers, the challenge date range, each kind of Select list) and the menus, at
 * 390×844 and 1440×900. Its pages are reached inside the app: what it checks is their layers, not a load.
 */

const WIDTHS = [
  { label: '390', viewport: PHONE, isMobile: true, hasTouch: true },
  { label: '1440', viewport: WIDE, isMobile: false, hasTouch: false },
] as const;

/** axe on the whole page as it is now (the open layer and what lies under it), or inside `include`. */
async function noViolations(page: Page, what: string, include?: string) {
  // The pointer off any control: a hovered button mid-transition reads as low contrast.
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page, include), what).toEqual([]);
}

/*
 * An open picker is checked on its own popup (with the whole document as axe's context, so the
 * listbox is still seen as its combobox's popup): the page under it is route-coverage's, and axe on
 * the whole page costs seconds per check.
 */
const POPUP = '.mantine-Popover-dropdown';

/** Opens a confirmation dialog from `button`, checks it, and cancels (nothing is deleted or paid). */
async function checkDialog(page: Page, button: Locator, name: string) {
  await button.first().click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Anuluj' }).waitFor();
  await noViolations(page, `dialog ${name} on ${page.url()}`);
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Opens a Select/MultiSelect's list (typing `typed` first, when given), waits for `shown` (an option's
 * or the nothing-found line's text) and checks the open list with axe; Escape closes it.
 */
async function checkPicker(page: Page, name: string, shown: string | RegExp, typed?: string) {
  const input = page.getByRole('combobox', { name }).first();
  await input.click();
  if (typed) await input.fill(typed);
  const listbox = page.getByRole('listbox');
  // A real option (the 'loading' line is a disabled role=option too), or the nothing-found line.
  const option = typed
    ? listbox.getByRole('option', { name: shown })
    : listbox.locator('[data-combobox-option]').filter({ hasText: shown });
  await option.first().waitFor();
  await noViolations(page, `open list ${name}${typed ? ` after '${typed}'` : ''} on ${page.url()}`, POPUP);
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
}

interface Listed {
  id: number;
}

describe('accessibility', () => {
  const browser = useBrowser();

  test('login page', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    // With the field messages shown.
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

  test('register (set-password) page with its field messages', async () => {
    const page = await browser.newPage();
    await page.goto(`/register?token=abc&email=${encodeURIComponent(ACCOUNTS.seller.email)}`);
    await page.getByRole('heading', { name: 'Ustaw hasło' }).waitFor();
    await page.getByRole('button', { name: 'Zarejestruj' }).click();
    await page.getByText('Zaznacz wszystkie potrzebne zgody').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  describe.each(WIDTHS)('dialogs, pickers and menus at $label px', ({ label, viewport, isMobile, hasTouch }) => {
    test('back office (admin)', { timeout: 300_000 }, async () => {
      const admin = await apiLogin(ACCOUNTS.admin.email);
      const first = async (url: string) => {
        const id = (await api<{ data: Listed[] }>('GET', url, { token: admin })).body.data[0]?.id;
        if (!id) throw new Error(`${url}: empty`);
        return id;
      };
      const seller = (await api<Listed>('GET', '/api/me', { token: await apiLogin(ACCOUNTS.seller.email) })).body;
      const wholesaler = (
        await api<{ wholesaler_ids: number[] }>('GET', '/api/me', {
          token: await apiLogin(ACCOUNTS.wholesaler.email),
        })
      ).body;
      const quiz = await first('/api/quiz?per_page=10');
      const warehouse = (
        await api<{ data: { name: string }[] }>('GET', '/api/warehouses?per_page=10', { token: admin })
      ).body.data[0]?.name;
      const challenge = (
        await api<{ data: { name: string }[] }>('GET', '/api/challenges?per_page=10', { token: admin })
      ).body.data[0]?.name;
      if (!warehouse || !challenge) throw new Error('no warehouse or challenge in the demo data');

      const page = await browser.newPage({ viewport, isMobile, hasTouch });
      await signIn(page, ACCOUNTS.admin);
      await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();
      await page.waitForLoadState('networkidle');

      // The user menu, and on a phone the burger menu.
      await userMenuButton(page).click();
      await page.getByRole('menuitem', { name: 'Wyloguj' }).waitFor();
      await noViolations(page, `user menu at ${label}`);
      await page.keyboard.press('Escape');
      if (label === '390') {
        await page.getByRole('button', { name: 'Otwórz menu' }).click();
        await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Panel' }).waitFor();
        await noViolations(page, 'burger menu');
        await page.goto('/dashboard');
      }

      // Delete confirmations of the back-office tables.
      await checkDialog(page, page.getByRole('button', { name: 'Usuń hurtownię' }), 'Usunąć hurtownię?');
      await openInApp(page, '/dashboard?tab=sales-reps');
      await checkDialog(page, page.getByRole('button', { name: 'Usuń przedstawiciela' }), 'Usunąć użytkownika?');
      await openInApp(page, `/warehouse/details/${wholesaler.wholesaler_ids[0]}?tab=admins`);
      await checkDialog(page, page.getByRole('button', { name: 'Usuń administratora' }), 'Usunąć administratora?');
      // The add-card dialog.
      await openInApp(page, `/sales-rep/details/${seller.id}`);
      await checkDialog(page, page.getByRole('button', { name: 'Dodaj kartę' }), 'Dodaj kartę');
      // Open lists, one of each kind: a plain Select (a table's page size), a server-searched Select
      // (the warehouse picker, long enough to scroll, and its nothing-found line), a MultiSelect.
      await checkPicker(page, 'Wierszy na stronie', '50');
      await openInApp(page, '/sales-rep/create');
      await checkPicker(page, 'Hurtownia', warehouse);
      await checkPicker(page, 'Hurtownia', 'Nie znaleziono hurtowni', 'brak-takiej-hurtowni');
      await openInApp(page, '/warehouse/create');
      await checkPicker(page, 'Administratorzy hurtowni', '@example.pl');

      if (label === '390') {
        // The withdrawals page's month table scrolls sideways in its own box, with the tables' hint.
        await openInApp(page, '/withdraw');
        const months = page.locator('.mantine-Card-root', {
          has: page.getByRole('table', { name: 'Według miesięcy' }),
        });
        await months.getByTestId('table-scroll-hint').waitFor();
      }

      // Quizzes: the list's delete, the editor's delete dialog, the summary's date picker.
      await openInApp(page, '/quiz');
      await checkDialog(page, page.getByRole('button', { name: /^Usuń quiz / }), 'Usuń quiz');
      await openInApp(page, `/quiz/${quiz}`);
      await page.getByRole('button', { name: 'Usuń', exact: true }).click();
      const questions = page.getByRole('dialog', { name: 'Usuń pytania lub odpowiedzi' });
      await questions.waitFor();
      await noViolations(page, 'quiz editor delete dialog');
      await page.keyboard.press('Escape');
      await questions.waitFor({ state: 'hidden' });
      await openInApp(page, `/quiz/${quiz}/summary`);
      await page.getByRole('button', { name: 'Data od', exact: true }).click();
      await page.locator('.mantine-Popover-dropdown').getByRole('button').first().waitFor();
      await noViolations(page, 'quiz summary date picker');
      await page.keyboard.press('Escape');

      // Articles: the list's delete, the editor's publication date picker.
      await openInApp(page, '/articles');
      await checkDialog(page, page.getByRole('button', { name: /^Usuń artykuł / }), 'Usuń artykuł');
      await openInApp(page, '/articles/create');
      await page.getByRole('button', { name: 'Data publikacji (czas polski)' }).click();
      await page.getByRole('button', { name: 'Następny miesiąc' }).waitFor();
      await noViolations(page, 'article date picker');
      await page.keyboard.press('Escape');

      // Challenges: the list's delete and selector, the editor's date range and product picker.
      await openInApp(page, '/challenges');
      await checkDialog(page, page.getByRole('button', { name: /^Usuń wyzwanie / }), 'Usunąć wyzwanie?');
      await checkPicker(page, 'Wyzwanie', challenge);
      await openInApp(page, '/challenges/create');
      await page.getByRole('button', { name: /^Termin/ }).click();
      const next = page.getByRole('button', { name: 'Następny', exact: true });
      await next.waitFor();
      // Styled (the page's lazy import brings the date picker's stylesheet): unstyled, the arrow is ~100 px.
      expect((await next.boundingBox())?.height).toBeLessThan(48);
      await noViolations(page, 'challenge date-range picker', POPUP);
      await page.keyboard.press('Escape');
      await checkPicker(page, 'Produkt', /\S/);
    });

    test('sales rep (seller)', { timeout: 120_000 }, async () => {
      const page = await browser.newPage({ viewport, isMobile, hasTouch });
      await signIn(page, ACCOUNTS.seller);
      await page.getByRole('heading', { name: 'Portfel' }).waitFor();
      await page.waitForLoadState('networkidle');
      // The withdraw dialog, cancelled.
      await checkDialog(page, page.getByRole('button', { name: 'Wypłać', exact: true }), 'Wypłata środków');
      // The user menu (with the profile link), and on a phone the burger menu.
      await userMenuButton(page).click();
      await page.getByRole('menuitem', { name: 'Wyloguj' }).waitFor();
      await noViolations(page, `rep user menu at ${label}`);
      await page.keyboard.press('Escape');
      if (label === '390') {
        await page.getByRole('button', { name: 'Otwórz menu' }).click();
        await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Panel' }).waitFor();
        await noViolations(page, 'rep burger menu');
      }
    });
  });
});
