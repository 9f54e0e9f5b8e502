import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 27 point 10 (decision 047): an admin sets the programme's organiser, contact details and
 * rules on the settings page; every page's footer shows them, the rules page shows the new rules,
 * and the set-password page links to them. Issue 30 point 3 (decision 060): the new rules are a
 * version every rep accepts at its next sign-in, and the admin sees who did. It runs alone
 * (e2e/support/workers.ts): a new version asks every rep of its server, which would stop the other
 * files' reps at the consent page.
 */

describe('programme settings', () => {
  const browser = useBrowser();
  const stamp = Date.now().toString(36);
  const organiser = `Organizator E2E ${stamp} Sp. z o.o.`;
  const rulesLine = `Nowy regulamin ${stamp}: nagrody wypłacamy w ciągu 7 dni.`;

  test('an admin edits them; the footer, the rules page and the set-password link show them', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Ustawienia programu' }).click();
    await page.waitForURL((u) => u.pathname === '/settings');
    await page.getByRole('heading', { name: 'Ustawienia programu', level: 1 }).waitFor();
    // The form starts from what is stored (the demo organiser).
    const organiserField = page.getByRole('textbox', { name: 'Organizator' });
    await expect.poll(() => organiserField.inputValue()).toBe('Konsumencka Sp. z o.o.');
    const version = await page.getByTestId('settings-rules-version').textContent();

    // Bad input: the server's Polish message under the field, nothing saved.
    await page.getByRole('textbox', { name: 'E-mail kontaktowy' }).fill('to-nie-e-mail');
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Podaj poprawny adres e-mail, np. jan.kowalski@example.com').waitFor();

    await organiserField.fill(organiser);
    await page.getByRole('textbox', { name: 'Adres' }).fill('ul. Testowa 5, 30-001 Kraków');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+48 12 345 67 89');
    await page.getByRole('textbox', { name: 'E-mail kontaktowy' }).fill(`kontakt.${stamp}@example.com`);
    const editor = page.getByRole('textbox', { name: 'Regulamin' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(rulesLine);
    await page.screenshot({ path: 'test-results/screens/programme-settings-1440.png', fullPage: true });
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Ustawienia programu zostały zapisane' })
      .waitFor();
    // The changed rules are a new version.
    await expect.poll(() => page.getByTestId('settings-rules-version').textContent()).not.toBe(version);

    // The footer of a signed-in page shows them (asked for when it comes near the screen).
    await page.goto('/dashboard');
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByText(organiser, { exact: true }).waitFor();
    await footer.getByText('ul. Testowa 5, 30-001 Kraków').waitFor();
    await footer.getByText('+48 12 345 67 89').waitFor();
    expect(await footer.getByRole('link', { name: `kontakt.${stamp}@example.com` }).getAttribute('href')).toBe(
      `mailto:kontakt.${stamp}@example.com`,
    );

    // The changed rules are a new version: a rep signing in on a phone is asked to accept it before
    // anything else (issue 30 point 3), and cannot go on without ticking the box.
    const rep = await browser.newPage({ viewport: PHONE });
    await signIn(rep, ACCOUNTS.seller, { shell: false });
    await rep.getByRole('heading', { name: 'Nowa wersja regulaminu', level: 1 }).waitFor();
    await rep.getByTestId('consent-rules').getByText(rulesLine).waitFor();
    expect(await rep.getByTestId('consent-rules').getAttribute('data-version')).toBe('current');
    expect(await userMenuButton(rep).count()).toBe(0);
    await rep.getByRole('button', { name: 'Akceptuję regulamin' }).click();
    await rep.getByText('Zaznacz, że akceptujesz regulamin').waitFor();
    const violations = await seriousViolations(rep);
    expect(violations, violations.join('\n')).toEqual([]);
    expect(await rep.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await rep.screenshot({ path: 'test-results/screens/rules-consent-390.png', fullPage: true });
    await rep.getByRole('checkbox', { name: 'Przeczytałem(-am) regulamin i akceptuję go' }).check();
    await rep.getByRole('button', { name: 'Akceptuję regulamin' }).click();
    await rep
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Dziękujemy, regulamin został zaakceptowany' })
      .waitFor();
    // Then the home, as asked for.
    await userMenuButton(rep).waitFor();
    await rep.getByTestId('money-to-get').waitFor();
    // A rep's footer too, on a phone.
    await rep.locator('footer').scrollIntoViewIfNeeded();
    await rep.locator('footer').getByText(organiser, { exact: true }).waitFor();
    await rep.screenshot({ path: 'test-results/screens/programme-settings-rep-footer-390.png', fullPage: true });

    // Signed out: the set-password page links to the rules, which are the new ones.
    const visitor = await browser.newPage({ viewport: PHONE });
    await visitor.goto(`/register?token=abc&email=${encodeURIComponent('nowy@example.com')}`);
    const link = visitor.getByRole('link', { name: 'regulamin programu' });
    expect(await link.getAttribute('href')).toBe('/rules');
    const [rules] = await Promise.all([visitor.context().waitForEvent('page'), link.click()]);
    await rules.waitForURL((u) => u.pathname === '/rules');
    await rules.getByRole('heading', { name: 'Regulamin programu motywacyjnego' }).waitFor();
    await rules.getByTestId('rules-content').getByText(rulesLine).waitFor();
    await rules.getByText(`Organizator: ${organiser}`).waitFor();
    await rules.getByTestId('rules-version').waitFor();
    await rules.screenshot({ path: 'test-results/screens/programme-rules-390.png', fullPage: true });

    // The admin sees who accepted the new version: the rep, just now; most reps not yet.
    await page.goto('/settings');
    const counts = page.getByTestId('acceptance-counts');
    await counts.waitFor();
    expect(await counts.textContent()).toMatch(/^Zaakceptowało 1 z \d+ przedstawicieli$/);
    await page
      .locator('label')
      .filter({ hasText: /^Zaakceptowali$/ })
      .click();
    const table = page.getByRole('table', { name: 'Akceptacje regulaminu' });
    await table.getByText(ACCOUNTS.seller.email).waitFor();
    await page.getByRole('heading', { name: 'Akceptacje regulaminu' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/rules-acceptances-1440.png', fullPage: true });
  });

  test('a rep cannot open the settings page', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller, { at: '/settings' });
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Nie posiadasz uprawnień' }).first().waitFor();
    await page.waitForURL((u) => u.pathname !== '/settings');
  });
});
