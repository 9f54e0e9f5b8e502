import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { toast } from './support/ui.ts';

/**
 * Issue 30 point 1 (decision 061): an admin imports a warehouse and then people into it from files;
 * the preview shows what each row would do before anything is written; applying creates the people,
 * whose activation e-mails go through the queue. Everything in a warehouse of its own, so that no
 * other journey's lists change.
 */

const stamp = `${Date.now()}`.slice(-7);
const warehouse = `E2E-IMP-${stamp}`;
const rep = `jan.import.${stamp}@e2e-import.example.net`;
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

describe('bulk onboarding', () => {
  const browser = useBrowser();

  test('an admin previews and applies a warehouse file and a people file; the new rep gets the activation e-mail', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('link', { name: 'Importuj z pliku' }).click();
    await page.waitForURL((u) => u.pathname === '/import');
    await page.getByRole('heading', { name: 'Import osób i hurtowni' }).waitFor();

    // The warehouse first.
    const kind = (label: string) => page.locator('.mantine-SegmentedControl-label', { hasText: label }).click();
    await kind('Hurtownie');
    await page.getByTestId('onboarding-file-input').setInputFiles({
      name: 'hurtownie.csv',
      mimeType: 'text/csv',
      buffer: csv([
        'Asseco ID;Nazwa;Adres;NIP',
        `${warehouse};Hurtownia Importowa ${stamp};ul. Portowa 1, 80-001 Gdańsk;5250001009`,
      ]),
    });
    await page.getByRole('button', { name: 'Sprawdź plik' }).click();
    const preview = page.getByTestId('onboarding-preview');
    await preview.getByRole('heading', { name: 'Podgląd: hurtownie.csv' }).waitFor();
    expect(await preview.getByTestId('preview-create').textContent()).toBe('1');
    await preview.getByRole('button', { name: 'Zastosuj import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zastosuj import' }).click();
    await toast(page, 'Import zastosowany: dodano 1, zmieniono 0');
    await page.getByTestId('onboarding-preview').and(page.locator('[data-status="applied"]')).waitFor();

    // Then the people: one new rep with tax data, one row refused for its PESEL and postcode.
    await kind('Osoby');
    await page.getByTestId('onboarding-file-input').setInputFiles({
      name: 'osoby.csv',
      mimeType: 'text/csv',
      buffer: csv([
        'Rola;Imię;Nazwisko;E-mail;Hurtownie;Asseco ID;PESEL;Urząd skarbowy;Ulica i numer;Kod pocztowy;Miejscowość',
        `PH;Jan;Importowany;${rep};${warehouse};PH-IMP-${stamp};44051401359;Urząd Skarbowy w Zgierzu;ul. Długa 5/7;95-100;Zgierz`,
        `PH;Zły;Pesel;zly.${stamp}@e2e-import.example.net;${warehouse};PH-ZLY-${stamp};44051401358;;;95100;`,
      ]),
    });
    await page.getByRole('button', { name: 'Sprawdź plik' }).click();
    await toast(page, 'Plik sprawdzony: przejrzyj podgląd i zastosuj import');
    await preview.getByRole('heading', { name: 'Podgląd: osoby.csv' }).waitFor();
    expect(await preview.getByTestId('preview-create').textContent()).toBe('1');
    expect(await preview.getByTestId('preview-refused').textContent()).toBe('1');
    // The refused tab opens first, with each reason in Polish; nothing is written yet.
    const refusedRows = preview.getByRole('table', { name: 'Wiersze podglądu: Odrzucone' });
    await refusedRows.getByText('Nieprawidłowy numer PESEL: sprawdź 11 cyfr').waitFor();
    await refusedRows.getByText('Kod pocztowy w formacie 00-000').waitFor();
    await preview.getByRole('tab', { name: /Do dodania/ }).click();
    await preview.getByRole('table', { name: 'Wiersze podglądu: Do dodania' }).getByText(rep).waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/onboarding-preview-1440.png', fullPage: true });

    const since = Date.now();
    await preview.getByRole('button', { name: 'Zastosuj import' }).click();
    await page
      .getByRole('dialog')
      .getByText('Nowe osoby dostaną e-mail z linkiem aktywacyjnym', { exact: false })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Zastosuj import' }).click();
    await toast(page, 'Import zastosowany: dodano 1, zmieniono 0');
    await page.getByTestId('preview-invitations').waitFor();

    // The activation e-mail comes through the queue, with a working set-password link.
    const mail = await waitForMail(rep, since, 30_000);
    expect(linkIn(mail, '/register').searchParams.get('email')).toBe(rep);
    await expect
      .poll(() => page.getByTestId('preview-invitations').textContent(), { timeout: 20_000 })
      .toContain('wysłane 1');

    // The new rep is in the programme, with the tax data of its row.
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const found = await api<{ data: { id: number; email: string }[] }>(
      'GET',
      `/api/users?role=seller&search=${encodeURIComponent(rep)}`,
      {
        token: admin,
      },
    );
    const id = found.body.data.find((u) => u.email === rep)?.id;
    expect(id).toBeDefined();
    const details = await api<{ tax_data: { pesel: string | null; complete: boolean } | null }>(
      'GET',
      `/api/users/${id}`,
      {
        token: admin,
      },
    );
    expect(details.body.tax_data).toMatchObject({ pesel: '44051401359', complete: true });
  });

  test('on a phone the preview shows each refused row with its reasons, nothing wider than the screen', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.admin, { at: '/import' });
    await page.getByRole('heading', { name: 'Import osób i hurtowni' }).waitFor();
    await page.getByTestId('onboarding-file-input').setInputFiles({
      name: 'osoby-telefon.csv',
      mimeType: 'text/csv',
      buffer: csv([
        'Rola;Imię;Nazwisko;E-mail;Hurtownie',
        `Kierowca;Ala;Nowa;ala.${stamp}@e2e-import.example.net;NOPE-${stamp}`,
      ]),
    });
    await page.getByRole('button', { name: 'Sprawdź plik' }).click();
    const preview = page.getByTestId('onboarding-preview');
    await preview.getByText('Nieznana rola „Kierowca”: wpisz PH, RKS albo Admin hurtowni').waitFor();
    await preview.getByText(`Nie ma hurtowni o Asseco ID NOPE-${stamp}`).waitFor();
    // Nothing to apply: the button is off and says why.
    expect(await preview.getByRole('button', { name: 'Zastosuj import' }).isDisabled()).toBe(true);
    await preview.getByText('W tym pliku nie ma nic do zapisania', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/onboarding-preview-390.png' });
    await preview.getByRole('button', { name: 'Anuluj import' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Anuluj import' }).click();
    await toast(page, 'Import anulowany: nic nie zostało zapisane');
  });
});
