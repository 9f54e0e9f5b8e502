import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';

/**
 * Issue 31 point 2 (decision 065): a rep turns a kind of e-mail notice off on its phone, from the
 * user menu, and it stays off; an admin sees its own kinds and the queue of messages.
 */

describe('notice settings', () => {
  const browser = useBrowser();

  test('a rep turns the new-quiz mails off and reads its mails in English, on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller);
    await page.getByRole('button', { name: 'Menu użytkownika' }).click();
    await page.getByRole('menuitem', { name: 'Powiadomienia' }).click();
    await page.waitForURL((u) => u.pathname === '/notifications');
    const form = page.getByTestId('notice-settings');
    const quiz = form.getByRole('switch', { name: 'Nowy quiz do rozwiązania' });
    await quiz.waitFor();
    expect(await quiz.isChecked()).toBe(true);
    await quiz.click({ force: true });
    await form.getByText('English').click();
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Zapisano ustawienia powiadomień').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/notifications-390.png', fullPage: true });

    // Kept by the server.
    const token = await apiLogin(ACCOUNTS.seller.email);
    const saved = await api<{ lang: string; kinds: { kind: string; enabled: boolean }[] }>(
      'GET',
      '/api/notices/settings',
      {
        token,
      },
    );
    expect(saved.body.lang).toBe('en');
    expect(saved.body.kinds.find((k) => k.kind === 'quiz.started')?.enabled).toBe(false);
    // Put back for the other journeys of this server.
    await api('PUT', '/api/notices/settings', { token, body: { lang: 'pl', kinds: { 'quiz.started': true } } });
  });

  test('an admin sees its own kinds and the queue of messages', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/notifications' });
    await page
      .getByTestId('notice-settings')
      .getByRole('switch', { name: 'Wynik paczki wypłat od wydawcy kart' })
      .waitFor();
    const queue = page.getByTestId('notice-queue');
    await queue.getByRole('heading', { name: 'Kolejka wiadomości' }).waitFor();
    await queue.getByText(/^Nieudane \(\d+\)$/).waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/notifications-1440.png', fullPage: true });
  });
});
