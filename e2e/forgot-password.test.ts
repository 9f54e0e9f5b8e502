import { describe, expect, test } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { api, apiLogin, meStatus } from './support/api.ts';
import { submitLogin } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { allMail, linkIn, waitForMail } from './support/mail.ts';
import { setPasswordByMail } from './support/password.ts';
import { recordApiCalls, toast } from './support/ui.ts';

/**
 * 'Nie pamiętasz hasła?' on the sign-in page (issue 11): the owner asks for a link by e-mail, the
 * link arrives by SMTP and sets a new password; any address gets the same answer.
 */

const SENT =
  'Jeśli w programie jest konto z tym adresem, wysłaliśmy na nie link do ustawienia nowego hasła. Sprawdź skrzynkę (także folder spam).';

describe('forgotten password', () => {
  const browser = useBrowser();

  test('the owner gets a link by e-mail and sets a new password with it', async () => {
    const account = ACCOUNTS.provider;
    const newPassword = 'Po-Resecie-E2E-2026';
    try {
      const page = await browser.newPage({ viewport: PHONE });
      await page.goto('/');
      // What the sign-in form holds is carried over to the dialog.
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
      await dialog.waitFor();
      const field = dialog.getByRole('textbox', { name: 'E-mail' });
      expect(await field.inputValue()).toBe(account.email);

      const sentAt = Date.now();
      await dialog.getByRole('button', { name: 'Wyślij link' }).click();
      await dialog.getByText(SENT).waitFor();
      await dialog.getByRole('button', { name: 'Zamknij', exact: true }).first().click();
      await dialog.waitFor({ state: 'hidden' });

      const mail = await waitForMail(account.email, sentAt);
      expect(mail.subject).toBe('Nowe hasło do Programu motywacyjnego');
      const link = linkIn(mail, '/register');
      expect(link.searchParams.get('email')).toBe(account.email);

      await page.goto(link.href);
      await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Powtórz hasło', exact: true }).fill(newPassword);
      await page.getByRole('checkbox', { name: /Akceptuję/ }).check();
      await page.getByRole('button', { name: 'Zarejestruj' }).click();
      await toast(page, 'Konto zaktualizowane pomyślnie, możesz teraz zalogować się');
      await page.waitForURL((u) => u.pathname === '/');

      await submitLogin(page, account.email, newPassword);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      expect(
        (await api('POST', '/api/login', { body: { email: account.email, password: DEMO_PASSWORD } })).status,
      ).toBe(401);
    } finally {
      // Other tests sign in as the demo provider admin with the demo password.
      await setPasswordByMail(account.email, DEMO_PASSWORD);
    }
    expect(await meStatus(await apiLogin(account.email))).toBe(200);
  });

  test('an address without an account gets the same answer, and no e-mail', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
    const sentAt = Date.now();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('nikogo-tu-nie-ma@example.com');
    await dialog.getByRole('button', { name: 'Wyślij link' }).click();
    await dialog.getByText(SENT).waitFor();
    // The server mails after answering: give it the time a real e-mail takes here.
    await new Promise((r) => setTimeout(r, 1500));
    expect(allMail().filter((m) => m.receivedAt >= sentAt && m.to.includes('nikogo-tu-nie-ma@example.com'))).toEqual(
      [],
    );
  });

  test('checks the address before calling the server, and cancels', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
    await dialog.getByRole('button', { name: 'Wyślij link' }).click();
    await dialog.getByText('Pole e-mail jest wymagane').waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('jan.kowalski@');
    await dialog.getByRole('button', { name: 'Wyślij link' }).click();
    await dialog.getByText('Podaj poprawny adres e-mail, np. jan.kowalski@example.com').waitFor();
    expect(calls.filter((c) => c.endsWith('/api/forgot-password'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
  });
});
