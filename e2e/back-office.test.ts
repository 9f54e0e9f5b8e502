import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { mainMenu, signIn, submitLogin, userMenuButton } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail.ts';

/**
 * The back office of issue 3 through the browser: an admin builds a warehouse with a rep in it,
 * gives the rep a card and an activation link, and the rep signs in; a wholesaler sees only its
 * warehouse; a regional manager has no registered tab.
 */

interface PagedBody<T> {
  total: number;
  data: T[];
}

/** A toast (Mantine notification) with this text. */
async function toast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

describe('back office', () => {
  const browser = useBrowser();

  test('an admin creates a warehouse and a rep in it, adds a card, sends the activation link; the rep signs in', async () => {
    const stamp = `${Date.now()}`.slice(-8);
    const warehouseName = `Hurtownia E2E ${stamp}`;
    const rep = { name: 'Ewa', surname: `Testowa${stamp}`, email: `ewa.e2e.${stamp}@example.com` };
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('heading', { name: 'Panel administratora' }).waitFor();

    // The add button follows the tab: on the warehouse tab it adds a warehouse.
    await page.getByRole('tab', { name: 'Hurtownie' }).waitFor();
    await page.getByRole('link', { name: 'Dodaj hurtownię' }).click();
    await page.waitForURL((u) => u.pathname === '/warehouse/create');

    // Required fields first: saving empty shows the messages and stays.
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Pole asseco id jest wymagane').waitFor();
    await page.getByLabel('Asseco ID').fill(`WH-E2E-${stamp}`);
    await page.getByLabel('Nazwa').fill(warehouseName);
    await page.getByLabel('Adres').fill('ul. Testowa 1, 00-001 Warszawa');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await toast(page, 'Hurtownia została utworzona');

    // Find it with the (debounced) search and open its details.
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill(warehouseName);
    await page.getByTestId('table-total').filter({ hasText: 'Razem: 1' }).waitFor();
    await page.getByRole('link', { name: warehouseName }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/warehouse/details/'));
    const warehouseId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { name: warehouseName }).waitFor();

    // The ph tab's action adds a rep to this warehouse (the picker is preset to it).
    await page.getByRole('tab', { name: 'Przedstawiciele (PH)' }).click();
    await page.getByRole('link', { name: 'Dodaj nowego przedstawiciela' }).click();
    await page.waitForURL((u) => u.pathname === '/sales-rep/create');
    await expect.poll(() => page.getByRole('combobox', { name: 'Hurtownia' }).inputValue()).toBe(warehouseName);
    await page.getByLabel('Imię').fill(rep.name);
    await page.getByLabel('Nazwisko').fill(rep.surname);
    await page.getByLabel('Asseco ID').fill(`PH-E2E-${stamp}`);
    await page.getByLabel('E-mail').fill(rep.email);
    const createdAt = Date.now();
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.waitForURL((u) => u.pathname === `/warehouse/details/${warehouseId}`);
    // Creating the account e-mails its set-password link.
    await waitForMail(rep.email, createdAt);

    // The rep is in the warehouse's list; its row leads to its details.
    await page.getByRole('link', { name: rep.surname }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/sales-rep/details/'));
    await page.getByRole('heading', { name: `${rep.name} ${rep.surname}` }).waitFor();

    // Add a card: 15 digits is a warning, 16 digits saves.
    await page.getByRole('button', { name: 'Dodaj kartę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj kartę' });
    await dialog.getByLabel('Numer karty').fill('123456789012345');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Numer karty musi mieć 16 cyfr');
    await dialog.getByLabel('Numer karty').fill('1234 5678 9012 3456');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Karta została dodana');
    await dialog.waitFor({ state: 'hidden' });
    // An admin sees the full number of the rep's current card.
    await page.getByRole('table', { name: 'Karty' }).getByText('1234567890123456').waitFor();

    // Back in the warehouse, send the activation link from the rep's row.
    await page.goto(`/warehouse/details/${warehouseId}?tab=ph`);
    const sentAt = Date.now();
    await page.getByRole('button', { name: `Wyślij link aktywacyjny: ${rep.email}` }).click();
    await toast(page, 'Link aktywacyjny został wysłany');
    const mail = await waitForMail(rep.email, sentAt);
    const link = linkIn(mail, '/register');

    // The rep sets a password from the e-mail and signs in.
    const repPage = await browser.newPage();
    await repPage.goto(`${link.pathname}${link.search}`);
    const password = `Haslo-${stamp}!`;
    const passwords = repPage.locator('input[type="password"]');
    await passwords.nth(0).fill(password);
    await passwords.nth(1).fill(password);
    await repPage.getByRole('checkbox').check();
    await repPage.getByRole('button', { name: 'Zarejestruj' }).click();
    await repPage.waitForURL((u) => u.pathname === '/');
    await submitLogin(repPage, rep.email, password);
    await repPage.waitForURL((u) => u.pathname === '/dashboard');
    await repPage.getByRole('heading', { name: 'Portfel' }).waitFor();
  });

  test('a wholesaler sees only its warehouse', async () => {
    const token = await apiLogin(ACCOUNTS.wholesaler.email);
    const me = await api<{ wholesaler_ids: number[] }>('GET', '/api/me', { token });
    const own = me.body.wholesaler_ids;
    expect(own.length).toBeGreaterThan(0);
    const adminToken = await apiLogin(ACCOUNTS.admin.email);
    const all = await api<PagedBody<{ id: number; name: string }>>('GET', '/api/warehouses?per_page=100', {
      token: adminToken,
    });
    const ownWarehouse = all.body.data.find((w) => w.id === own[0]);
    const foreign = all.body.data.find((w) => !own.includes(w.id));
    expect(ownWarehouse).toBeDefined();
    expect(foreign).toBeDefined();

    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.wholesaler);
    await page.waitForURL((u) => u.pathname === `/warehouse/details/${own[0]}`);
    await page.getByRole('heading', { name: ownWarehouse?.name }).waitFor();
    expect(await mainMenu(page).getByRole('link').allInnerTexts()).toContain('Moja hurtownia');

    // Read only: no change button on the data tab, no add-admin on the admins tab; add-sales-rep always.
    expect(await page.getByRole('link', { name: 'Zmień' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Administratorzy' }).click();
    await page.getByRole('tabpanel').getByTestId('table-total').waitFor();
    expect(await page.getByRole('link', { name: 'Dodaj nowego administratora' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Przedstawiciele (PH)' }).click();
    await page.getByRole('link', { name: 'Dodaj nowego przedstawiciela' }).click();
    await page.waitForURL((u) => u.pathname === '/sales-rep/create');
    // Its warehouse picker is preset to its own warehouse and disabled.
    const picker = page.getByRole('combobox', { name: 'Hurtownia' });
    await expect.poll(() => picker.inputValue()).toBe(ownWarehouse?.name);
    expect(await picker.isDisabled()).toBe(true);
    // The close button returns to its warehouse.
    await page.getByRole('link', { name: 'Zamknij' }).click();
    await page.waitForURL((u) => u.pathname === `/warehouse/details/${own[0]}`);

    // Another warehouse's page is closed to it: back home with an error.
    await page.goto(`/warehouse/details/${foreign?.id}`);
    await page.waitForURL((u) => u.pathname === `/warehouse/details/${own[0]}`);
    // The server lists only its own warehouses.
    const list = await api<PagedBody<{ id: number }>>('GET', '/api/warehouses', { token });
    expect(list.body.data.map((w) => w.id).sort()).toEqual([...own].sort());
  });

  test('a regional manager has no registered tab and sees only its warehouses', async () => {
    const token = await apiLogin(ACCOUNTS.rks.email);
    const scoped = await api<PagedBody<{ id: number }>>('GET', '/api/warehouses', { token });
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.rks);
    await page.getByRole('heading', { name: 'Panel regionalny' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Menu administratora' });
    await tabs.getByRole('tab', { name: 'Hurtownie' }).waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['Hurtownie', 'Przedstawiciele handlowi']);
    await page
      .getByTestId('table-total')
      .filter({ hasText: `Razem: ${scoped.body.total}` })
      .waitFor();
    // It cannot add warehouses; on the sales rep tab it adds reps.
    expect(await page.getByRole('link', { name: 'Dodaj hurtownię' }).count()).toBe(0);
    await tabs.getByRole('tab', { name: 'Przedstawiciele handlowi' }).click();
    await page.getByRole('link', { name: 'Dodaj przedstawiciela' }).waitFor();
    // The registered list is closed to it on the server too.
    const registered = await api('GET', '/api/users?role=seller_reg', { token });
    expect(registered.status).toBe(403);
  });

  test('a seller opens its own details through the profile link, and no one else’s', async () => {
    const token = await apiLogin(ACCOUNTS.seller.email);
    const me = await api<{ id: number }>('GET', '/api/me', { token });
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.seller);
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Mój profil' }).click();
    await page.waitForURL((u) => u.pathname === `/sales-rep/details/${me.body.id}`);
    await page.getByRole('heading', { name: 'Mój profil' }).waitFor();
    await page.getByRole('table', { name: 'Logowania' }).waitFor();
    // No edit for itself (the server lets no seller edit), no add-card.
    expect(await page.getByRole('button', { name: 'Dodaj kartę' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Informacje' }).click();
    await page.getByText(ACCOUNTS.seller.email).waitFor();
    expect(await page.getByRole('link', { name: 'Edytuj' }).count()).toBe(0);
    // Another user's record is closed: back to its dashboard with the unauthorised message.
    await page.goto(`/sales-rep/details/${me.body.id + 1}`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await toast(page, 'Nie posiadasz uprawnień, akcja nieautoryzowana');
  });

  test('on a phone the dashboard table scrolls inside its frame, not the page', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('tab', { name: 'Przedstawiciele handlowi' }).click();
    await page
      .getByRole('button', { name: /^Wyślij link aktywacyjny: / })
      .first()
      .waitFor({ state: 'attached' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
