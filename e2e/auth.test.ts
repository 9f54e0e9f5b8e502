import { describe, expect, test } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { api, apiLogin, meStatus } from './support/api.ts';
import { signInThroughForm, signOutFromMenu, storedToken, submitLogin } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { baseUrl } from './support/env.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { setPasswordByMail } from './support/password.ts';
import { recordApiCalls, toast } from './support/ui.ts';

/**
 * Sign-in, set-password and session rules of SPEC.md sections 2, 4, 5 and 8, in the browser
 * against the real server.
 */

const REGISTER_SUCCESS = 'Konto zaktualizowane pomyślnie, możesz teraz zalogować się';
const ERROR_GET_USER = 'Nie udało się pobrać danych użytkownika. Zaloguj się ponownie.';

describe('sign-in page', () => {
  const browser = useBrowser();

  test("a wrong password shows 'Błędny email lub hasło' and signs nobody in", async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await submitLogin(page, ACCOUNTS.provider.email, 'Wrong-password-1');
    await toast(page, 'Błędny email lub hasło');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedToken(page)).toBeNull();
    // The form is usable again.
    expect(await page.getByRole('button', { name: 'Zaloguj' }).isEnabled()).toBe(true);
  });

  test('the form checks e-mail and password before calling the server', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Pole e-mail jest wymagane').waitFor();
    await page.getByText('Pole hasło jest wymagane').waitFor();

    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('jan.kowalski@');
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('cokolwiek');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    // The message gives an example address.
    await page.getByText('Podaj poprawny adres e-mail, np. jan.kowalski@example.com').waitFor();
    expect(calls.filter((c) => c.endsWith('/api/login'))).toEqual([]);
  });

  test('without a session, /dashboard leads to the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
  });
});

describe('set-password page (/register)', () => {
  const browser = useBrowser();
  const formUrl = `/register?token=not-a-real-token&email=${encodeURIComponent(ACCOUNTS.seller.email)}`;

  test('shows every message of SPEC.md section 5 and calls nothing until the form is valid', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(formUrl);
    await page.getByRole('heading', { name: 'Ustaw hasło' }).waitFor();
    await page.getByRole('button', { name: 'Zarejestruj' }).click();
    await page.getByText('Pole hasło jest wymagane').waitFor();
    await page.getByText('Pole powtórz hasło jest wymagane').waitFor();
    await page.getByText('Zaznacz wszystkie potrzebne zgody').waitFor();

    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('Nowe-Haslo-2026');
    await page.getByRole('textbox', { name: 'Powtórz hasło', exact: true }).fill('Inne-Haslo-2026');
    await page.getByRole('button', { name: 'Zarejestruj' }).click();
    await page.getByText('Hasła różnią się od siebie').waitFor();
    await page.getByText('Zaznacz wszystkie potrzebne zgody').waitFor();
    expect(await page.getByText('Pole hasło jest wymagane').count()).toBe(0);
    expect(calls.filter((c) => c.endsWith('/api/set-password'))).toEqual([]);
  });

  test('the rules link opens the rules in a new tab and unticks the box', async () => {
    const page = await browser.newPage();
    await page.goto(formUrl);
    const box = page.getByRole('checkbox', { name: /Akceptuję/ });
    await box.check();
    expect(await box.isChecked()).toBe(true);

    const [rules] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'regulamin programu' }).click(),
    ]);
    await rules.waitForURL((u) => u.pathname === '/rules');
    await rules.getByRole('heading', { name: 'Regulamin programu motywacyjnego' }).waitFor();
    expect(await box.isChecked()).toBe(false);
    await rules.close();
  });

  test('a link that is not valid shows the error toast and stays on the page', async () => {
    const page = await browser.newPage();
    await page.goto(formUrl);
    await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill('Nowe-Haslo-2026');
    await page.getByRole('textbox', { name: 'Powtórz hasło', exact: true }).fill('Nowe-Haslo-2026');
    await page.getByRole('checkbox', { name: /Akceptuję/ }).check();
    await page.getByRole('button', { name: 'Zarejestruj' }).click();
    await toast(page, 'Nie można ustawić hasła');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByRole('button', { name: 'Zarejestruj' }).isEnabled()).toBe(true);
  });

  test('a link without token or e-mail says it is incomplete', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await page.getByText('Ten link jest niepełny').waitFor();
    await page.getByRole('link', { name: 'Przejdź do logowania' }).waitFor();
  });

  test('the e-mailed link sets a new password; the old one and old sessions stop working; the user signs in', async () => {
    const account = ACCOUNTS.seller;
    const newPassword = 'Nowe-Haslo-E2E-2026';
    const oldSession = await apiLogin(account.email);
    try {
      // A back-office user sends the link; it arrives by SMTP.
      const adminToken = await apiLogin(ACCOUNTS.admin.email);
      const sentAt = Date.now();
      const sent = await api<{ message: string }>('POST', '/api/resend-set-password', {
        token: adminToken,
        body: { email: account.email },
      });
      expect(sent.status).toBe(200);
      const mail = await waitForMail(account.email, sentAt);
      expect(mail.subject).toBe('Ustaw hasło do Programu motywacyjnego');
      const link = linkIn(mail, '/register');
      expect(link.origin).toBe(baseUrl());
      expect(link.searchParams.get('email')).toBe(account.email);

      const page = await browser.newPage();
      await page.goto(link.href);
      await page.getByText(account.email).waitFor();
      await page.getByRole('textbox', { name: 'Hasło', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Powtórz hasło', exact: true }).fill(newPassword);
      await page.getByRole('checkbox', { name: /Akceptuję/ }).check();
      await page.getByRole('button', { name: 'Zarejestruj' }).click();
      await toast(page, REGISTER_SUCCESS);
      await page.waitForURL((u) => u.pathname === '/');

      // The link works once; the old password and the sessions opened with it are gone.
      const reuse = await api('POST', '/api/set-password', {
        body: {
          password: 'Jeszcze-Inne-2026',
          password_confirmation: 'Jeszcze-Inne-2026',
          token: link.searchParams.get('token'),
          email: account.email,
          rules: true,
        },
      });
      expect(reuse.status).toBe(422);
      expect(
        (await api('POST', '/api/login', { body: { email: account.email, password: DEMO_PASSWORD } })).status,
      ).toBe(401);
      expect(await meStatus(oldSession)).toBe(401);

      // Signing in with the new password lands on the rep home.
      await submitLogin(page, account.email, newPassword);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.getByRole('heading', { name: 'Portfel' }).waitFor();
    } finally {
      // Other tests sign in as the demo seller with the demo password.
      await setPasswordByMail(account.email, DEMO_PASSWORD);
    }
    expect(await meStatus(await apiLogin(account.email))).toBe(200);
  });
});

describe('session', () => {
  const browser = useBrowser();

  test('logout from the user menu goes to / and revokes the token', async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, ACCOUNTS.rks);
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect(await meStatus(token as string)).toBe(200);

    await signOutFromMenu(page);
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect.poll(() => meStatus(token as string)).toBe(401);

    // Nothing behind the session is reachable any more.
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/');
  });

  test('visiting / while signed in signs out', async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, ACCOUNTS.provider);
    const token = (await storedToken(page)) as string;
    expect(await meStatus(token)).toBe(200);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect.poll(() => meStatus(token)).toBe(401);
  });

  test('a corrupted token makes /dashboard sign out with an error toast and land on /', async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, ACCOUNTS.admin);
    const token = (await storedToken(page)) as string;
    await page.evaluate((t) => window.localStorage.setItem('token', t), `${token.slice(0, -4)}XXXX`);

    await page.goto('/dashboard');
    await toast(page, ERROR_GET_USER);
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => storedToken(page)).toBeNull();
    await page.getByRole('heading', { name: 'Zaloguj się' }).waitFor();
  });
});
