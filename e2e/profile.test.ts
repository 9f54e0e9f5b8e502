import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 30 point 2 (decision 059): a rep without tax data sees a reminder on the home, fills in its
 * profile on a phone (a wrong PESEL refused in Polish, the tax office found by typing its town), and
 * the reminder goes; an admin reads the data on the rep's details.
 */

interface UserRow {
  id: number;
  email: string;
}
interface Details {
  id: number;
  email: string;
  activated: boolean;
  tax_data: { pesel: string | null; complete: boolean } | null;
}

/**
 * A seed-generated, activated rep with no tax data yet, from the end of the list (other journeys take
 * the first ones). Only the seed's people (`@example.pl`): a rep another journey creates at the same
 * time is activated with its own password.
 */
async function repWithoutTaxData(admin: string): Promise<Details> {
  const list = await api<{ data: UserRow[] }>('GET', '/api/users?role=seller&per_page=100&sort=id&order=desc', {
    token: admin,
  });
  for (const u of list.body.data) {
    if (!u.email.endsWith('@example.pl')) continue;
    const d = await api<Details>('GET', `/api/users/${u.id}`, { token: admin });
    if (d.body.activated && d.body.tax_data && d.body.tax_data.pesel === null) return d.body;
  }
  throw new Error('the demo seed has no activated rep without tax data');
}

describe('the rep’s profile with tax data', () => {
  const browser = useBrowser();

  test('a rep fills it in on a phone; the home’s reminder goes; an admin reads it', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const rep = await repWithoutTaxData(admin);
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, rep);

    // The home reminds, and leads to the profile's tax tab.
    const reminder = page.getByTestId('tax-reminder');
    await reminder.getByText('Uzupełnij dane podatkowe (PESEL, urząd skarbowy, adres)', { exact: false }).waitFor();
    await reminder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/home-tax-reminder-390.png' });
    await reminder.getByRole('link', { name: 'Uzupełnij dane' }).click();
    await page.waitForURL((u) => u.pathname === `/sales-rep/details/${rep.id}` && u.searchParams.get('tab') === 'tax');
    await page.getByText('Brakuje danych podatkowych').waitFor();

    // A PESEL with a wrong check digit is refused under its field, before anything is sent.
    const pesel = page.getByRole('textbox', { name: 'PESEL' });
    await pesel.fill('44051401358');
    await page.getByRole('button', { name: 'Zapisz dane' }).click();
    await page.getByText('Nieprawidłowy numer PESEL: sprawdź 11 cyfr').waitFor();

    await pesel.fill('44051401359');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+48 600 100 200');
    // The office is found by its town typed without Polish letters.
    const office = page.getByPlaceholder('Wpisz miejscowość, np. Zgierz');
    await office.click();
    await office.fill('zgierz');
    await page.getByRole('option', { name: 'Urząd Skarbowy w Zgierzu' }).click();
    await page.getByRole('textbox', { name: 'Ulica i numer' }).fill('ul. Długa 5/7');
    await page.getByRole('textbox', { name: 'Kod pocztowy' }).fill('95-100');
    await page.getByRole('textbox', { name: 'Miejscowość' }).fill('Zgierz');
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/screens/profile-tax-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Zapisz dane' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Dane profilu zostały zapisane' }).waitFor();
    await page.getByText('Dane podatkowe są kompletne').waitFor();

    // The home no longer reminds.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('money-to-get').waitFor();
    expect(await page.getByTestId('tax-reminder').count()).toBe(0);

    // An admin reads it in full on the rep's details.
    const office1440 = await browser.newPage({ viewport: WIDE });
    await signIn(office1440, ACCOUNTS.admin, { at: `/sales-rep/details/${rep.id}?tab=tax` });
    await office1440.getByText('44051401359').waitFor();
    await office1440.getByText('Urząd Skarbowy w Zgierzu (1026)').waitFor();
    await office1440.getByText('ul. Długa 5/7').waitFor();
    await office1440.screenshot({ path: 'test-results/screens/profile-tax-admin-1440.png', fullPage: true });
  });
});
