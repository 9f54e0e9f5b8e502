import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { signInThroughForm } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { recordErrors, recordRequests } from './support/page-events.ts';

/*
 * Decision 030: each rep page's first-load HTML holds a shell (header, title, description) that
 * paints before any script for a signed-in rep, names the page's chunks for a rep only (an inline
 * script), and the entry asks for the page's data beside GET /api/me, once, instead of after the
 * page's code has arrived. An admin who may preview these pages gets them as before. A list whose
 * shell shows its first image starts the app's code after that image (decision 033).
 */

// A new context for every page: these tests measure a first load, with a cold HTTP cache.
const browser = useBrowser({ fresh: true });

/** Holds every GET /api/me until released: what the page does before it knows who is signed in. */
async function holdMe(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

interface RepRoute {
  path: string;
  /** The page's h1 (null: the record's own title, a bar in the shell). */
  title: string | null;
  chunk: RegExp;
  calls: string[];
  /**
   * A page whose shell shows an image from its early call, when the item has one and no video
   * (decision 033): the call's path, whether the item is the list's first or the answer itself,
   * and where the page then shows it.
   */
  shellImage?: { path: string; item: 'first' | 'self'; pageImage: string; shellImage?: string };
  /** A quiz the rep can take: its shell shows the first step from the early call (decision 033). */
  shellQuiz?: boolean;
  /** The withdrawals: the shell lists the first page from the early call (decision 033). */
  shellRows?: boolean;
}

async function repRoutes(): Promise<RepRoute[]> {
  const token = await apiLogin(ACCOUNTS.seller.email);
  const articles = await api<{ data: { id: number; title: string }[] }>('GET', '/api/articles?page=1&per_page=4', {
    token,
  });
  const article = articles.body.data[0];
  if (!article) throw new Error('the demo data has no article for the rep');
  const quizzes = await api<{ data: { id: number; status: { can_take: boolean } }[] }>(
    'GET',
    '/api/quiz?page=1&per_page=100',
    { token },
  );
  const quiz = quizzes.body.data.find((q) => q.status.can_take);
  if (!quiz) throw new Error('the demo data has no quiz the rep can take');
  return [
    {
      path: '/quiz-ph',
      title: 'Quizy',
      chunk: /\/assets\/quiz-list-page-[\w-]+\.js$/,
      calls: ['GET /api/quiz'],
      shellImage: { path: '/api/quiz', item: 'first', pageImage: 'main [data-testid="card-media"] img' },
    },
    // The page number from the address: the early call is the one the page makes (one call, not two).
    {
      path: '/quiz-ph?page=2',
      title: 'Quizy',
      chunk: /\/assets\/quiz-list-page-[\w-]+\.js$/,
      calls: ['GET /api/quiz'],
    },
    {
      path: '/articles-ph',
      title: 'Artykuły',
      chunk: /\/assets\/article-list-page-[\w-]+\.js$/,
      calls: ['GET /api/articles'],
      shellImage: { path: '/api/articles', item: 'first', pageImage: 'main [data-testid="card-media"] img' },
    },
    {
      path: '/challenges-ph',
      title: 'Wyzwania',
      chunk: /\/assets\/challenge-list-page-[\w-]+\.js$/,
      calls: ['GET /api/challenges/active'],
      shellImage: {
        path: '/api/challenges/active',
        item: 'first',
        pageImage: 'main [data-testid="challenge-view"] img',
        shellImage: '[data-shell-challenge] img',
      },
    },
    {
      path: '/withdraw',
      title: 'Moje wypłaty',
      chunk: /\/assets\/withdrawals-page-[\w-]+\.js$/,
      calls: ['GET /api/wallet', 'GET /api/wallet/history'],
      shellRows: true,
    },
    {
      path: `/quiz-ph/${quiz.id}`,
      title: null,
      chunk: /\/assets\/quiz-take-page-[\w-]+\.js$/,
      calls: [`GET /api/quiz/${quiz.id}`],
      shellQuiz: true,
    },
    {
      path: `/articles-ph/${article.id}`,
      title: null,
      chunk: /\/assets\/article-page-[\w-]+\.js$/,
      calls: [`GET /api/articles/${article.id}`],
      shellImage: {
        path: `/api/articles/${article.id}`,
        item: 'self',
        pageImage: 'main [data-testid="article-view"] img',
      },
    },
  ];
}

describe("a rep page's first load", () => {
  test('a rep gets the shell from the HTML, the page code and data before GET /api/me answers, each call once', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, ACCOUNTS.seller);
    for (const route of await repRoutes()) {
      const requests = recordRequests(page);
      const errors = recordErrors(page);
      const release = await holdMe(page);
      // What the item is, as the page's early call got it (other test files add items).
      const image = route.shellImage;
      const listed = image
        ? page.waitForResponse((r) => new URL(r.url()).pathname === image.path && r.request().method() === 'GET')
        : undefined;
      await page.goto(route.path);
      // While the server has not said who this is: the shell is up, the page's code and data are asked for.
      const shell = page.locator('#home-shell');
      await shell.waitFor();
      if (route.title) expect(await shell.locator('h1').textContent(), route.path).toBe(route.title);
      await expect.poll(() => requests.some((r) => route.chunk.test(r)), { message: route.path }).toBe(true);
      for (const call of route.calls) await expect.poll(() => requests.includes(call), { message: call }).toBe(true);
      // Decision 032: the app's code is asked for after the shell's first frame, so it cannot run before it.
      const paintAndEntry = () =>
        page.evaluate(() => {
          const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
            /\/assets\/index-[\w-]+\.js$/.test(e.name),
          );
          return {
            firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
            entryStart: entry?.startTime ?? null,
          };
        });
      await expect.poll(async () => (await paintAndEntry()).entryStart, { message: route.path }).not.toBeNull();
      const { firstPaint, entryStart } = await paintAndEntry();
      expect(firstPaint, route.path).not.toBeNull();
      expect(entryStart, route.path).toBeGreaterThanOrEqual(firstPaint ?? Number.POSITIVE_INFINITY);
      // The item's image, from the early data, in the shell before the page's code has run.
      const shellImage = shell.locator(image?.shellImage ?? '[data-first-card-media] img');
      let shellSrc: string | null = null;
      type Item = { image: unknown; video_url: string | null };
      const answer = listed ? ((await (await listed).json()) as { data: Item[] } & Item) : undefined;
      const first = answer && image?.item === 'first' ? answer.data[0] : answer;
      if (first?.image && !first.video_url) {
        await shellImage.waitFor();
        await expect
          .poll(() => shellImage.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
            message: route.path,
          })
          .toBe(true);
        shellSrc = await shellImage.evaluate((i: HTMLImageElement) => i.currentSrc);
        // Decision 032: the app's code starts downloading once that image is in, not beside it.
        const timing = () =>
          page.evaluate((src) => {
            const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            const image = entries.find((e) => e.name === src);
            const entry = entries.find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
            return { imageEnd: image?.responseEnd ?? null, entryStart: entry?.startTime ?? null };
          }, shellSrc);
        await expect.poll(async () => (await timing()).entryStart, { message: route.path }).not.toBeNull();
        const { imageEnd, entryStart } = await timing();
        expect(imageEnd, route.path).not.toBeNull();
        expect(entryStart, route.path).toBeGreaterThanOrEqual(imageEnd ?? Number.POSITIVE_INFINITY);
      } else if (listed) {
        expect(await shellImage.count(), route.path).toBe(0);
      }
      // A quiz's first step, its intro, from the early data, before the page's code has run: the same text.
      let shellQuestion: string | null = null;
      if (route.shellQuiz) {
        await shell.locator('[data-shell-filled]:not([hidden])').waitFor();
        expect(await shell.locator('[data-shell-skeleton]').count(), route.path).toBe(0);
        expect((await shell.locator('[data-shell-lead]').textContent())?.trim(), route.path).not.toBe('');
        expect(await shell.locator('h1').textContent(), route.path).toMatch(/^\d[\d\u00a0]*,\d\d\u00a0zł do wygrania$/);
        shellQuestion = await shell.locator('[data-shell-text]').textContent();
        expect(shellQuestion?.trim(), route.path).not.toBe('');
      }
      // The withdrawals' rows, from the early data: amount, date and card, status, as the page writes them.
      let shellRows: string[] = [];
      if (route.shellRows) {
        const rows = shell.locator('[data-shell-withdrawals] > div');
        await rows.first().waitFor();
        shellRows = await rows.allTextContents();
        for (const row of shellRows)
          expect(row, route.path).toMatch(/^\d[\d\u00a0]*,\d\d\u00a0zł\d\d-\d\d-\d{4} \d\d:\d\d:\d\d · Karta /);
      }
      release();

      await page.locator('main h1').first().waitFor();
      if (shellRows.length) {
        await page.getByText('Wypłaty na kartę').waitFor();
        const pageText = (await page.locator('main').textContent()) ?? '';
        for (const row of shellRows) expect(pageText, route.path).toContain(row);
      }
      if (shellQuestion !== null) {
        const question = page.locator('main [id^="quiz-"][id$="-text"]').first();
        expect(await question.textContent(), route.path).toBe(shellQuestion);
        const pageTitle = await page.locator('main h1').first().textContent();
        expect(pageTitle, route.path).toMatch(/do wygrania$/);
      }
      if (route.title) await page.locator('main').getByRole('heading', { level: 1, name: route.title }).waitFor();
      await expect.poll(() => shell.count(), { message: route.path }).toBe(0);
      // The page shows the same file in its place: no second download, no larger paint.
      if (shellSrc !== null && image) {
        const pageImage = page.locator(image.pageImage).first();
        expect(await pageImage.evaluate((i: HTMLImageElement) => i.currentSrc), route.path).toBe(shellSrc);
      }
      // The early answer was the page's: nothing asked twice.
      for (const call of route.calls)
        expect(
          requests.filter((r) => r === call),
          call,
        ).toHaveLength(1);
      expect(errors, route.path).toEqual([]);
      await page.unroute('**/api/me');
      page.removeAllListeners('request');
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  });

  test('an admin previewing the rep pages gets no shell and none of their code or data before GET /api/me answers', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughForm(page, ACCOUNTS.admin);
    const requests = recordRequests(page);
    const release = await holdMe(page);
    await page.goto('/quiz-ph');
    // The app's code starts after the first paint, so its GET /api/me may follow the load event.
    await expect.poll(() => requests.includes('GET /api/me')).toBe(true);
    expect(await page.locator('#home-shell').count()).toBe(0);
    expect(await page.locator('link[href*="quiz-list-page-"]').count()).toBe(0);
    expect(requests.some((r) => /\/assets\/quiz-list-page-[\w-]+\.js$/.test(r))).toBe(false);
    expect(requests.includes('GET /api/quiz')).toBe(false);
    release();
    await page.locator('main').getByRole('heading', { level: 1, name: 'Quizy' }).waitFor();
    expect(requests.filter((r) => r === 'GET /api/quiz')).toHaveLength(1);
  });
});
