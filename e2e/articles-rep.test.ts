import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { createArticle } from './support/articles.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { activeId, activeSlide, carousel, revealCarousel, settled, swipeLeft } from './support/carousel.ts';
import { openInApp } from './support/in-app.ts';
import { toast } from './support/ui.ts';

/*
 * What a rep reads (issue 14, points 5-6; SPEC.md section 2): articles written through the real
 * API show in the seller's home carousel on a 390 px phone with a touch screen, swipe with a finger
 * and open; the list pages 4 at a time; drafts, scheduled and deleted articles never reach the rep
 * (list, carousel, direct address); nothing is wider than a 360 px phone.
 */

const SMALL_PHONE = { width: 360, height: 740 } as const;
const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
const NOT_FOUND_TOAST = 'Nie udało się pobrać informacji o artykule';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

interface RepList {
  current_page: number;
  last_page: number;
  total: number;
  data: { id: number; name: string }[];
}

async function repList(token: string, query: string): Promise<RepList> {
  const res = await api<RepList>('GET', `/api/articles?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Horizontal overflow of the document, in px (0 when nothing is wider than the window). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('articles for a rep', () => {
  const browser = useBrowser();

  test('the seller swipes the home carousel with a finger, opens an article and goes back to the list', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const title = unique('Karuzela e2e');
    const id = await createArticle(admin, {
      title,
      lead: 'Nowość w hurtowniach: co powiedzieć klientowi',
      content: '<h2>Najważniejsze</h2><ul><li>Pierwszy punkt</li><li>Drugi punkt</li></ul><p>Treść artykułu.</p>',
    });

    const page = await browser.newPage(TOUCH_PHONE);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    // Below the phone's first screen the carousel waits: no chunk, no articles, no images until the
    // rep scrolls towards it (decision 028).
    await page.getByTestId('article-carousel-pending').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => /^\/api\/(articles|images)\b|\/assets\/article-carousel-/.test(p))).toEqual([]);
    await revealCarousel(page);

    // Newest first: the article just published is the carousel's first, centred slide.
    await expect.poll(() => activeId(page)).toBe(String(id));
    await expect(activeSlide(page).getByRole('heading', { level: 3 }).textContent()).resolves.toBe(title);
    // The small rendition: a 390 px phone takes a 320 or 640 px WebP, never the original or the 1280.
    const src = await activeSlide(page)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\/(320|640)\.webp$/);
    // Swiper came with the carousel's own chunk, which the home requested after its first load.
    expect(requests.some((p) => /\/assets\/article-carousel-[\w-]+\.js$/.test(p))).toBe(true);

    expect(await seriousViolations(page, '[data-testid="article-carousel"]')).toEqual([]);

    // A finger swipe moves to the next article.
    await swipeLeft(page);
    await expect.poll(() => activeId(page)).not.toBe(String(id));
    await settled(page);
    // The arrow back (Polish label) returns to it; the keyboard moves it too.
    await carousel(page).getByRole('button', { name: 'Poprzedni artykuł' }).click();
    await expect.poll(() => activeId(page)).toBe(String(id));
    await settled(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => activeId(page)).not.toBe(String(id));
    await settled(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => activeId(page)).toBe(String(id));
    await settled(page);

    // A slide opens its article.
    await activeSlide(page).getByRole('link').click();
    await page.waitForURL(`**/articles-ph/${id}`);
    const view = page.getByTestId('article-view');
    await expect(view.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    await view.getByText('Nowość w hurtowniach: co powiedzieć klientowi').waitFor();
    await view.getByRole('heading', { level: 2, name: 'Najważniejsze' }).waitFor();
    await expect(view.getByRole('listitem').count()).resolves.toBe(2);

    // 'Inne artykuły' leads to the list, where the article is on the first page.
    await view.getByRole('link', { name: 'Inne artykuły' }).click();
    await page.waitForURL((u) => u.pathname === '/articles-ph');
    await page.getByRole('heading', { level: 1, name: 'Artykuły' }).waitFor();
    await page.getByRole('article', { name: title }).waitFor();

    // The carousel's 'more' goes to the list too.
    await page.goto('/dashboard');
    await revealCarousel(page);
    await carousel(page).getByRole('link', { name: 'Więcej artykułów' }).click();
    await page.waitForURL((u) => u.pathname === '/articles-ph');
  });

  test('the list shows 4 articles a page and pages through all of them', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    // At least two pages, whatever the demo data holds.
    for (let i = 0; i < 5; i++) await createArticle(admin, { title: unique(`Lista e2e ${i}`) });
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const all = await repList(seller, 'per_page=100&page=1');
    const pages = Math.ceil(all.total / 4);
    expect(pages).toBeGreaterThanOrEqual(2);

    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller, { at: '/articles-ph' });
    const cards = page.getByTestId('article-card');
    await cards.first().waitFor();
    await expect(cards.count()).resolves.toBe(4);
    const firstPage = await cards.locator('h2').allTextContents();
    expect(firstPage).toEqual(all.data.slice(0, 4).map((a) => a.name));

    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL('**/articles-ph?page=2');
    await expect.poll(() => cards.locator('h2').allTextContents()).toEqual(all.data.slice(4, 8).map((a) => a.name));

    // A card opens its article (the card, not only its button).
    const second = all.data[4];
    if (!second) throw new Error('page 2 has articles');
    await cards.first().getByRole('heading', { level: 2 }).click();
    await page.waitForURL(`**/articles-ph/${second.id}`);
    await page.getByTestId('article-view').waitFor();
    // Back returns to the same page of the list.
    await page.goBack();
    await page.waitForURL('**/articles-ph?page=2');
  });

  test('drafts, scheduled and deleted articles never reach the rep: not listed, not in the carousel, not by address', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const draftTitle = unique('Szkic e2e');
    const futureTitle = unique('Zaplanowany e2e');
    const deletedTitle = unique('Usunięty e2e');
    const draft = await createArticle(admin, { title: draftTitle, publishedAt: null });
    const future = await createArticle(admin, {
      title: futureTitle,
      publishedAt: new Date(Date.now() + 3 * 24 * 3600 * 1000),
    });
    const deleted = await createArticle(admin, { title: deletedTitle });

    const seller = await apiLogin(ACCOUNTS.seller.email);
    const before = (await repList(seller, 'per_page=100&page=1')).data.map((a) => a.id);
    expect(before).toContain(deleted);
    expect(before).not.toContain(draft);
    expect(before).not.toContain(future);

    const page = await browser.newPage(TOUCH_PHONE);
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await revealCarousel(page);
    const slides = carousel(page).locator('.swiper-slide');
    await slides.first().waitFor();
    const slideIds = new Set(await slides.evaluateAll((els) => els.map((e) => e.getAttribute('data-article-id'))));
    expect(slideIds.has(String(deleted))).toBe(true);
    expect(slideIds.has(String(draft))).toBe(false);
    expect(slideIds.has(String(future))).toBe(false);

    // Deleted in the back office: gone from the carousel and the list.
    const del = await api<{ message: string }>('DELETE', `/api/admin/articles/${deleted}`, { token: admin });
    expect(del.status).toBe(200);
    await page.reload();
    await revealCarousel(page);
    const after = await slides.evaluateAll((els) => els.map((e) => e.getAttribute('data-article-id')));
    expect(after).not.toContain(String(deleted));
    await page.goto('/articles-ph');
    await page.getByTestId('article-card').first().waitFor();
    await expect(page.getByText(deletedTitle).count()).resolves.toBe(0);
    await expect(page.getByText(draftTitle).count()).resolves.toBe(0);

    // Typed in directly: the spec's message and back to the list.
    for (const id of [draft, future, deleted]) {
      await page.goto(`/articles-ph/${id}`);
      await toast(page, NOT_FOUND_TOAST);
      await page.waitForURL((u) => u.pathname === '/articles-ph');
    }
    await page.goto('/articles-ph/abc');
    await toast(page, NOT_FOUND_TOAST);
    await page.waitForURL((u) => u.pathname === '/articles-ph');
  });

  test('a short list is repeated so the loop always has slides on both sides', async () => {
    // The repeat rule itself is unit-tested (carousel-slides.unit.test.ts); here: the carousel holds
    // at least 6 slides and each published article appears in it.
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const all = await repList(seller, 'per_page=100&page=1');
    const page = await browser.newPage(TOUCH_PHONE);
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await revealCarousel(page);
    const slides = carousel(page).locator('.swiper-slide');
    await slides.first().waitFor();
    const ids = await slides.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-article-id'))));
    const copies = all.data.length < 2 ? 6 : all.data.length < 3 ? 3 : all.data.length < 6 ? 2 : 1;
    expect(ids.length).toBe(all.data.length * copies);
    expect(new Set(ids)).toEqual(new Set(all.data.map((a) => a.id)));
  });

  test('nothing is wider than a 360 px phone: home with the carousel, the list, an article with long words and code', async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const longWord = 'Superkalifragilistyczny'.repeat(6);
    const id = await createArticle(admin, {
      title: unique(`Szeroki ${longWord}`),
      lead: `Wstęp ${longWord}`,
      content: `<p>${longWord}</p><p><a href="https://example.com/${'a'.repeat(120)}">https://example.com/${'a'.repeat(120)}</a></p><pre><code>${'x'.repeat(300)}</code></pre>`,
    });
    const page = await browser.newPage({ viewport: SMALL_PHONE, hasTouch: true, isMobile: true });
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await revealCarousel(page);
    await carousel(page).locator('.swiper-slide').first().waitFor();
    expect(await overflow(page)).toBe(0);

    await openInApp(page, '/articles-ph');
    await page.getByTestId('article-card').first().waitFor();
    expect(await overflow(page)).toBe(0);

    await openInApp(page, `/articles-ph/${id}`);
    await page.getByTestId('article-content').locator('pre').waitFor();
    expect(await overflow(page)).toBe(0);
    // The code block scrolls inside its own box.
    const pre = await page
      .getByTestId('article-content')
      .locator('pre')
      .evaluate((t) => ({ scroll: t.scrollWidth, client: t.clientWidth }));
    expect(pre.scroll).toBeGreaterThan(pre.client);
  });
});
