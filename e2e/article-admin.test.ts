import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { createArticle, listProducts, readArticle } from './support/articles.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { activeId, activeSlide, carousel, revealCarousel, settled, swipeLeft } from './support/carousel.ts';
import { PL_MONTHS_LONG } from './support/dates.ts';
import { openInApp } from './support/in-app.ts';
import { testPng } from './support/quizzes.ts';
import { searchTable, toast } from './support/ui.ts';

/*
 * The article back office (issue 14 points 1-4, SPEC.md sections 2, 5, 6, 8): an admin writes an
 * article with an image and a product, finds it published, edits it; a draft stays 'Szkic'; delete
 * asks first; a provider admin manages articles too, a wholesaler is turned away; and no payload
 * in a title, lead or content runs in the list, the preview or the editor.
 */

interface ListRow {
  id: number;
  name: string;
  status: string;
}

async function articleRows(token: string, query: string): Promise<ListRow[]> {
  const res = await api<{ data: ListRow[] }>('GET', `/api/admin/articles?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The article editor's fields, by their labels. */
function fields(page: Page) {
  return {
    title: page.getByRole('textbox', { name: 'Tytuł', exact: true }),
    lead: page.getByRole('textbox', { name: 'Wstęp', exact: true }),
    content: page.getByRole('textbox', { name: 'Treść', exact: true }),
    image: page.getByLabel('Zdjęcie', { exact: true }),
    product: page.getByRole('combobox', { name: 'Produkt' }),
    publish: page.getByRole('switch', { name: 'Opublikuj' }),
    save: page.getByRole('button', { name: 'Zapisz', exact: true }),
  };
}

/** Fails the test when the page would run a payload: a dialog, or the marker the payloads set. */
function watchForXss(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

const xssMarker = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

describe('article back office', () => {
  const browser = useBrowser();

  test('an admin writes an article with an image and a product, finds it published, and edits it', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const [product] = await listProducts(admin);
    if (!product) throw new Error('the demo data has products');

    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Artykuły' }).click();
    await page.waitForURL((u) => u.pathname === '/articles');
    await page.getByRole('link', { name: 'Dodaj artykuł' }).click();
    await page.waitForURL('**/articles/create');
    const f = fields(page);

    // Empty: the server's messages at the fields, nothing sent.
    await f.save.click();
    await page.getByText('Pole tytuł jest wymagane').waitFor();
    await page.getByText('Pole wstęp jest wymagane').waitFor();
    await page.getByText('Pole treść jest wymagane').waitFor();

    const title = `Artykuł e2e ${Date.now()}`;
    await f.title.fill(title);
    await f.lead.fill('Nowa linia produktów w hurtowniach od poniedziałku');
    await f.content.fill('Co warto powiedzieć klientowi o nowej linii.');

    // No image yet: the 'image required' toast, and the article is not created.
    await f.save.click();
    await toast(page, 'Dodaj zdjęcie artykułu');
    expect(page.url()).toContain('/articles/create');

    // A wrong file is refused with a toast; a PNG shows its preview.
    await f.image.setInputFiles({ name: 'notatka.txt', mimeType: 'text/plain', buffer: Buffer.from('tekst') });
    await toast(page, 'Nieprawidłowy plik');
    await f.image.setInputFiles({ name: 'okladka.png', mimeType: 'image/png', buffer: await testPng() });
    await page.getByRole('img', { name: 'Zdjęcie' }).waitFor();

    // The product picker searches the catalogue on the server.
    await f.product.fill(product.name.slice(0, 4));
    await page.getByRole('option', { name: product.name, exact: true }).click();
    expect(await f.product.inputValue()).toBe(product.name);

    // Published from now (the switch is on by default).
    expect(await f.publish.isChecked()).toBe(true);
    await page.getByText('Artykuł będzie widoczny dla przedstawicieli.').waitFor();
    await f.save.click();
    await toast(page, 'Artykuł został utworzony');
    await page.waitForURL((u) => u.pathname === '/articles');

    const row = page.locator('tr').filter({ hasText: title });
    await row.getByTestId('article-status').filter({ hasText: 'Opublikowany' }).waitFor();
    await row.getByText(product.name).waitFor();
    await row.locator('img').waitFor();

    const [created] = await articleRows(admin, `search=${encodeURIComponent(title)}`);
    if (!created) throw new Error('the article is listed');
    const saved = await readArticle(admin, created.id);
    expect(saved.status).toBe('published');
    expect(saved.product_id).toBe(product.id);
    expect(saved.image).not.toBeNull();
    expect(saved.content).toContain('Co warto powiedzieć klientowi');

    // Edit: the record loads into the form; the image stays when none is dropped.
    await row.getByRole('button', { name: `Edytuj artykuł ${title}` }).click();
    await page.waitForURL(`**/articles/${created.id}`);
    expect(await f.title.inputValue()).toBe(title);
    expect(await f.product.inputValue()).toBe(product.name);
    await f.title.fill(`${title} (zmieniony)`);
    await f.save.click();
    await toast(page, 'Artykuł został zedytowany');
    await page.waitForURL((u) => u.pathname === '/articles');
    await page
      .locator('tr')
      .filter({ hasText: `${title} (zmieniony)` })
      .waitFor();
    const edited = await readArticle(admin, created.id);
    expect(edited.name).toBe(`${title} (zmieniony)`);
    expect(edited.image?.url).toBe(saved.image?.url);
    expect(edited.status).toBe('published');

    // The preview: the image, the HTML and 'Inne artykuły' back to the list.
    await page
      .locator('tr')
      .filter({ hasText: `${title} (zmieniony)` })
      .getByRole('link', { name: `Podgląd artykułu ${title} (zmieniony)` })
      .click();
    await page.waitForURL(`**/articles/preview/${created.id}`);
    await page.getByTestId('article-content').getByText('Co warto powiedzieć klientowi').waitFor();
    expect(await page.getByTestId('preview-banner').count()).toBe(0);
    await page.getByRole('link', { name: 'Inne artykuły' }).click();
    await page.waitForURL((u) => u.pathname === '/articles');

    // A seller on a 390 px touch phone finds it first in the home carousel, swipes away and back, and opens it.
    const phone = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(phone, ACCOUNTS.seller);
    await phone.waitForURL('**/dashboard');
    await revealCarousel(phone);
    await expect.poll(() => activeId(phone)).toBe(String(created.id));
    await swipeLeft(phone);
    await expect.poll(() => activeId(phone)).not.toBe(String(created.id));
    await settled(phone);
    await carousel(phone).getByRole('button', { name: 'Poprzedni artykuł' }).click();
    await expect.poll(() => activeId(phone)).toBe(String(created.id));
    await settled(phone);
    await activeSlide(phone).getByRole('link').click();
    await phone.waitForURL(`**/articles-ph/${created.id}`);
    await phone
      .getByTestId('article-view')
      .getByRole('heading', { level: 1, name: `${title} (zmieniony)` })
      .waitFor();
    await phone.getByTestId('article-content').getByText('Co warto powiedzieć klientowi').waitFor();
  });

  test('a draft saved with the switch off shows Szkic; a future date is Zaplanowany; delete asks first', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/articles/create' });
    const f = fields(page);
    const title = `Szkic e2e ${Date.now()}`;
    await f.title.fill(title);
    await f.lead.fill('Jeszcze nie dla przedstawicieli');
    await f.content.fill('Treść szkicu.');
    await f.image.setInputFiles({ name: 'szkic.png', mimeType: 'image/png', buffer: await testPng() });
    await f.publish.uncheck({ force: true });
    await page.getByText('Artykuł zostanie zapisany jako szkic.').waitFor();
    await f.save.click();
    await toast(page, 'Artykuł został utworzony');
    await page.waitForURL((u) => u.pathname === '/articles');
    const row = page.locator('tr').filter({ hasText: title });
    await row.getByTestId('article-status').filter({ hasText: 'Szkic' }).waitFor();

    // The status filter narrows the list on the server.
    await page.getByText('Szkice', { exact: true }).click();
    await row.waitFor();
    await page.getByText('Opublikowane', { exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Wszystkie', { exact: true }).click();
    await row.waitFor();

    const [draft] = await articleRows(admin, `search=${encodeURIComponent(title)}`);
    if (!draft) throw new Error('the draft is listed');
    expect((await readArticle(admin, draft.id)).published_at).toBeNull();
    // A seller never reads it.
    const seller = await apiLogin(ACCOUNTS.seller.email);
    expect((await api('GET', `/api/articles/${draft.id}`, { token: seller })).status).toBe(404);

    // Its preview says reps cannot see it.
    await page.goto(`/articles/preview/${draft.id}`);
    await page.getByTestId('preview-banner').getByText('To jest szkic').waitFor();

    // Scheduled for tomorrow (through the API): 'Zaplanowany'.
    const later = `Zaplanowany e2e ${Date.now()}`;
    await createArticle(admin, { title: later, publishedAt: new Date(Date.now() + 86_400_000) });
    await page.goto('/articles');
    await page.getByRole('searchbox').fill(later);
    await page
      .locator('tr')
      .filter({ hasText: later })
      .getByTestId('article-status')
      .filter({ hasText: 'Zaplanowany' })
      .waitFor();

    // Delete: a confirmation first; the article leaves the list and stays under 'Usunięte'.
    await searchTable(page, title);
    await row.getByRole('button', { name: `Usuń artykuł ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Usuń artykuł' });
    await dialog.getByText(title).waitFor();
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await readArticle(admin, draft.id)).status).toBe('draft');
    await row.getByRole('button', { name: `Usuń artykuł ${title}` }).click();
    await dialog.getByRole('button', { name: 'Usuń' }).click();
    await toast(page, 'Artykuł został usunięty');
    await row.waitFor({ state: 'detached' });
    await page.getByText('Usunięte', { exact: true }).click();
    await row.getByTestId('article-status').filter({ hasText: 'Usunięty' }).waitFor();
    expect((await readArticle(admin, draft.id)).status).toBe('deleted');
  });

  test('an admin schedules an article with the date-time picker', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/articles/create' });
    const f = fields(page);
    const title = `Plan e2e ${Date.now()}`;
    await f.title.fill(title);
    await f.lead.fill('Na przyszły miesiąc');
    await f.content.fill('Treść zaplanowanego artykułu.');
    await f.image.setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await testPng() });

    // The 15th of next month, at the time the picker already holds (now, Warsaw time).
    const now = new Date();
    const target = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    await page.getByRole('button', { name: 'Data publikacji (czas polski)' }).click();
    const dropdown = page.locator('.mantine-Popover-dropdown').last();
    await dropdown.getByRole('button', { name: 'Następny miesiąc' }).click();
    await dropdown
      .getByRole('button', {
        name: `15 ${PL_MONTHS_LONG[target.getMonth()]} ${target.getFullYear()}`,
        exact: true,
      })
      .click();
    await dropdown.getByRole('button', { name: 'Zatwierdź' }).click();
    const day = `15-${String(target.getMonth() + 1).padStart(2, '0')}-${target.getFullYear()}`;
    await page.getByText(`Artykuł zostanie zaplanowany: przedstawiciele zobaczą go ${day}`).waitFor();

    await f.save.click();
    await toast(page, 'Artykuł został utworzony');
    await page.waitForURL((u) => u.pathname === '/articles');
    const row = page.locator('tr').filter({ hasText: title });
    await row.getByTestId('article-status').filter({ hasText: 'Zaplanowany' }).waitFor();

    const [listed] = await articleRows(admin, `search=${encodeURIComponent(title)}`);
    if (!listed) throw new Error('the article is listed');
    const saved = await readArticle(admin, listed.id);
    expect(saved.status).toBe('scheduled');
    const warsawDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(
      new Date(saved.published_at ?? ''),
    );
    expect(warsawDay).toBe(`${target.getFullYear()}-${String(target.getMonth() + 1).padStart(2, '0')}-15`);
    // Not for reps yet.
    const seller = await apiLogin(ACCOUNTS.seller.email);
    expect((await api('GET', `/api/articles/${listed.id}`, { token: seller })).status).toBe(404);
  });

  test('a provider admin manages articles; a wholesaler is turned away', async () => {
    const provider = await browser.newPage({ viewport: PHONE });
    await signIn(provider, ACCOUNTS.provider, { at: '/articles' });
    await provider.getByRole('heading', { name: 'Artykuły', level: 1 }).waitFor();
    await provider.getByRole('table', { name: 'Artykuły' }).waitFor();
    // The phone's status filter is a select.
    await provider.getByRole('combobox', { name: 'Pokaż artykuły' }).waitFor();
    await provider.getByRole('link', { name: 'Dodaj artykuł' }).click();
    await provider.getByRole('textbox', { name: 'Tytuł', exact: true }).waitFor();
    // The editor fits the phone: nothing wider than the window.
    const overflow = await provider.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const wholesaler = await browser.newPage({ viewport: WIDE });
    await signIn(wholesaler, ACCOUNTS.wholesaler, { at: '/articles' });
    await toast(wholesaler, 'Nie posiadasz uprawnień, akcja nieautoryzowana');
    await wholesaler.waitForURL((u) => u.pathname !== '/articles');
    expect(await wholesaler.getByRole('heading', { name: 'Artykuły', level: 1 }).count()).toBe(0);
  });

  test('failures: a missing article goes back to the list; a failed list and product search say so', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/articles/999999' });
    await toast(page, 'Nie znaleziono artykułu');
    await page.waitForURL((u) => u.pathname === '/articles');
    await page.goto('/articles/preview/999999');
    await toast(page, 'Nie znaleziono artykułu');
    await page.waitForURL((u) => u.pathname === '/articles');

    // The server unreachable: the spec's own texts.
    await page.route('**/api/admin/articles?**', (route) => route.abort());
    await page.route('**/api/products?**', (route) => route.abort());
    await page.getByRole('searchbox').fill('cokolwiek');
    await toast(page, 'Nie można pobrać listy artykułów');
    await page.goto('/articles/create');
    await toast(page, 'Nie udało się pobrać listy produktów');
  });

  test('no payload in a title, lead or content runs in the list, the preview or the editor', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const stamp = Date.now();
    const title = `XSS ${stamp} <img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;
    const id = await createArticle(admin, {
      title,
      lead: `<svg onload="window.__xss=1"></svg> wstęp <img src=x onerror="alert(1)">`,
      content: [
        '<p>Bezpieczny akapit</p>',
        '<img src=x onerror="window.__xss=1">',
        '<script>window.__xss=1</script>',
        '<p><a href="javascript:window.__xss=1">kliknij tutaj</a></p>',
        '<svg onload="window.__xss=1"><circle r="5"/></svg>',
        '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
        '<p><a href="JaVaScRiPt:alert(1)">drugi link</a></p>',
        '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
      ].join(''),
    });
    const stored = await readArticle(admin, id);
    expect(stored.content).not.toMatch(/onerror|onload|<script|javascript:|srcdoc|<iframe|<svg/i);

    const page = await browser.newPage({ viewport: WIDE });
    const seen = watchForXss(page);
    await signIn(page, ACCOUNTS.admin, { at: '/articles' });
    await page.getByRole('searchbox').fill(`XSS ${stamp}`);
    await page
      .locator('tr')
      .filter({ hasText: `XSS ${stamp}` })
      .waitFor();

    await openInApp(page, `/articles/preview/${id}`);
    await page.getByTestId('article-content').getByText('Bezpieczny akapit').waitFor();
    await page.getByTestId('article-content').getByText('kliknij tutaj').click();
    await page.getByTestId('article-content').getByText('drugi link').click();
    await page.waitForTimeout(300);
    expect(page.url()).toContain(`/articles/preview/${id}`);

    await openInApp(page, `/articles/${id}`);
    await page.getByRole('textbox', { name: 'Treść', exact: true }).getByText('Bezpieczny akapit').waitFor();
    await page.getByRole('textbox', { name: 'Treść', exact: true }).getByText('kliknij tutaj').click();
    await page.waitForTimeout(300);

    expect(await xssMarker(page)).toBeUndefined();
    expect(seen.dialogs).toEqual([]);
  });

  test('the article pages have no serious accessibility violation', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const id = await createArticle(admin, { title: `Dostępność ${Date.now()}`, publishedAt: null });
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin, { at: '/articles' });
    await page.getByRole('table', { name: 'Artykuły' }).getByTestId('article-status').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, `/articles/${id}`);
    await page.getByRole('textbox', { name: 'Treść', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await openInApp(page, `/articles/preview/${id}`);
    await page.getByTestId('preview-banner').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The date-time picker's dropdown and the product picker's list.
    await openInApp(page, '/articles/create');
    await page.getByRole('button', { name: 'Data publikacji (czas polski)' }).click();
    await page.getByRole('button', { name: 'Następny miesiąc' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Produkt' }).click();
    await page.getByRole('option').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
