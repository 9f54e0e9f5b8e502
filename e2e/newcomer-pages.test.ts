import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { apiLogin } from './support/api.ts';
import { signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { baseUrl } from './support/env.ts';
import { createQuiz, testPng } from './support/quizzes.ts';
import { saveScreen } from './support/screens.ts';

/*
 * Issue 27, point 11 (decision 046): what a newcomer saw on the pages. Each page's tab names it (from
 * the first byte of a pre-rendered page, then per route and language); a video on a rep list's card
 * is a poster until tapped (no frame before), with a fallback when the host's still does not load;
 * one date format on the rep's pages; the quiz card's badges on one line at 390 px; back-office
 * title links alike in every table. Screenshots of the pages at 390 and 1440 px go to
 * test-results/screens/newcomer/.
 */

const APP = 'Program motywacyjny';
const YT_ID = 'aqz-KE-bpKQ';

describe('what a newcomer saw on the pages', () => {
  const browser = useBrowser();

  test('the pre-rendered HTML names the page in the tab from the first byte', async () => {
    for (const [path, title] of [
      ['/', 'Logowanie'],
      ['/dashboard', 'Panel'],
      ['/quiz-ph', 'Quizy'],
      ['/articles-ph', 'Artykuły'],
      ['/challenges-ph', 'Wyzwania'],
      ['/withdraw', 'Wypłaty'],
    ] as const) {
      const html = await (await fetch(new URL(path, baseUrl()))).text();
      expect(html, path).toContain(`<title>${title} · ${APP}</title>`);
    }
  });

  test('every page a rep and an admin open names itself in the tab, in Polish and in English', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto('/');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`Logowanie · ${APP}`);
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`Panel · ${APP}`);
    for (const [path, title] of [
      ['/quiz-ph', 'Quizy'],
      ['/articles-ph', 'Artykuły'],
      ['/challenges-ph', 'Wyzwania'],
      ['/withdraw', 'Wypłaty'],
      ['/rules', 'Regulamin'],
      ['/nie-ma-takiej-strony', 'Nie znaleziono strony'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path, timeout: 10_000 }).toBe(`${title} · ${APP}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/quiz-ph');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Quizzes · Incentive programme');

    const admin = await browser.newPage({ viewport: WIDE });
    await signIn(admin, ACCOUNTS.admin);
    await admin.waitForURL('**/dashboard');
    for (const [path, title] of [
      ['/quiz', 'Quizy'],
      ['/articles', 'Artykuły'],
      ['/challenges', 'Wyzwania'],
      ['/challenges/imports', 'Import sprzedaży'],
      ['/quiz/create', 'Nowy quiz'],
    ] as const) {
      await admin.goto(path);
      await expect.poll(() => admin.title(), { message: path, timeout: 10_000 }).toBe(`${title} · ${APP}`);
    }
  });

  test('a video card in the rep list is a poster until tapped; the player loads only then', async () => {
    const adminToken = await apiLogin(ACCOUNTS.admin.email);
    const quiz = await createQuiz(adminToken, {
      name: `Film na liście ${Date.now()}`,
      price: '5.00',
      correctAnswers: 1,
      videoUrl: `https://www.youtube.com/watch?v=${YT_ID}`,
      questions: [
        {
          questionText: '<p>Czy film jest na liście?</p>',
          type: 'multiple_choice',
          answers: [
            { answerText: 'Tak', isCorrect: true },
            { answerText: 'Nie', isCorrect: false },
          ],
        },
      ],
    });
    const png = await testPng();
    const page = await browser.newPage({ viewport: PHONE });
    // YouTube's still, served here (the test machine cannot reach the host).
    const stills: string[] = [];
    await page.route('https://i.ytimg.com/**', (route) => {
      stills.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    });
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await page.goto('/quiz-ph');
    const card = page.locator('article', { has: page.locator(`#quiz-${quiz.id}-name`) });
    await card.scrollIntoViewIfNeeded();
    const poster = card.getByTestId('video-poster');
    await poster.waitFor();
    await expect(poster.getAttribute('aria-label')).resolves.toMatch(/^Odtwórz – Wideo: Film na liście/);
    await expect(poster.locator('img').getAttribute('src')).resolves.toBe(
      `https://i.ytimg.com/vi/${YT_ID}/hqdefault.jpg`,
    );
    await expect.poll(() => poster.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    expect(stills.length).toBeGreaterThan(0);
    // No frame anywhere in the list before a tap.
    expect(await page.locator('iframe').count()).toBe(0);
    await saveScreen(page, 'newcomer', 'quiz-ph-video-poster');

    await poster.click();
    const frame = card.locator('iframe');
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src')) ?? '').pathname).toBe(`/embed/${YT_ID}`);
    expect(await page.locator('iframe').count()).toBe(1);
    expect(page.url()).toContain('/quiz-ph');
    await expect(card.getByTestId('video-open-elsewhere').getAttribute('href')).resolves.toBe(
      `https://www.youtube.com/watch?v=${YT_ID}`,
    );

    // The host unreachable: its still fails, the placeholder says so, and still no frame.
    const offline = await browser.newPage({ viewport: PHONE });
    await offline.route('https://i.ytimg.com/**', (route) => route.abort('internetdisconnected'));
    await signIn(offline, ACCOUNTS.seller);
    await offline.waitForURL('**/dashboard');
    await offline.goto('/quiz-ph');
    const offCard = offline.locator('article', { has: offline.locator(`#quiz-${quiz.id}-name`) });
    await offCard.scrollIntoViewIfNeeded();
    await offCard.getByTestId('video-placeholder').waitFor();
    await expect(offCard.getByTestId('video-placeholder').innerText()).resolves.toContain('Podgląd filmu niedostępny');
    expect(await offline.locator('iframe').count()).toBe(0);
  });

  test('the rep pages: one date format, badges on one line, whole product images; screenshots', async () => {
    for (const viewport of [PHONE, WIDE]) {
      const page = await browser.newPage({ viewport });
      await signIn(page, ACCOUNTS.seller);
      await page.waitForURL('**/dashboard');
      await page.getByTestId('challenge-box-import-date').waitFor();
      await page.waitForLoadState('networkidle');
      const home = await page.locator('body').innerText();
      expect(home).not.toMatch(/\b\d{2}[./]\d{2}[./]\d{4}\b/);
      await saveScreen(page, 'newcomer', 'dashboard');

      await page.goto('/quiz-ph');
      await page.locator('[data-testid="quiz-card-badges"]').first().waitFor();
      const rows = await page
        .locator('[data-testid="quiz-card-badges"]')
        .evaluateAll((groups) =>
          groups.map((g) => new Set([...g.children].map((c) => Math.round(c.getBoundingClientRect().top))).size),
        );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((n) => n <= 1)).toBe(true);
      expect(await page.locator('body').innerText()).not.toMatch(/\b\d{2}[./]\d{2}[./]\d{4}\b/);
      await saveScreen(page, 'newcomer', 'quiz-ph');

      await page.goto('/articles-ph');
      await page.getByTestId('article-card').first().waitFor();
      await saveScreen(page, 'newcomer', 'articles-ph');

      await page.goto('/challenges-ph');
      await page.getByTestId('challenge-product').first().waitFor();
      const fits = await page
        .locator('[data-testid="challenge-product"] img')
        .evaluateAll((imgs) => imgs.map((i) => getComputedStyle(i).objectFit));
      expect(fits.length).toBeGreaterThan(0);
      expect(fits.every((f) => f === 'contain')).toBe(true);
      await saveScreen(page, 'newcomer', 'challenges-ph');
    }
  });

  test('back-office title links look and behave the same in every table', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/dashboard');
    const looks: string[] = [];
    for (const path of ['/dashboard', '/quiz', '/articles', '/challenges']) {
      await page.goto(path);
      const link = page.getByTestId('table-title-link').first();
      await link.waitFor();
      looks.push(
        await link.evaluate((a) => {
          const s = getComputedStyle(a);
          return [a.tagName, s.fontSize, s.fontWeight, s.color, s.overflowWrap].join(' ');
        }),
      );
      await saveScreen(page, 'newcomer', `table${path.replace(/\//g, '-')}`);
    }
    expect(new Set(looks).size, looks.join('\n')).toBe(1);
    // A click opens the row's page (never only toggles the row).
    await page.goto('/challenges');
    const first = page.getByTestId('table-title-link').first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`**${href}`);
  });
});
