import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/a11y.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { api, apiLogin } from './support/api.ts';
import { createArticle } from './support/articles.ts';
import { mainMenu, signIn } from './support/auth.ts';
import { PHONE, useBrowser, WIDE } from './support/browser.ts';
import { revealCarousel } from './support/carousel.ts';
import {
  type ActiveChallengeRead,
  activeChallenges,
  createChallenge,
  createProduct,
  importSales,
  type SaleLine,
  salesCsv,
  warsawDay,
} from './support/challenges.ts';
import { PL_MONTHS_LONG } from './support/dates.ts';
import { zl } from './support/money.ts';
import { toast } from './support/ui.ts';

/*
 * What a rep sees of challenges (issue 15 points 3, 5, 6; SPEC.md section 2, Challenge list (rep);
 * decision 026): an admin creates products with ERP codes and a running challenge, then imports a
 * sales CSV through the real API, twice; the seller's wallet grows once, its home shows the
 * challenge box with what it earned and the date of the import, and /challenges-ph shows the
 * numbered products, 'Więcej' only where an article exists, the summary, the button to the quizzes
 * and its places in the rankings, on a 390 px touch phone and at 1440 px.
 */

const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
const SHOTS = '/tmp/shots-challenges-rep';
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

interface User {
  id: number;
  asseco_id: string | null;
  warehouses: { id: number; name: string }[];
  wallet: { money: string } | null;
  challenges: { name: string; amount: string }[];
}

interface Fixture {
  challengeId: number;
  name: string;
  articleId: number;
  startAt: string;
  endAt: string;
  products: { name: string; reward: string; units: number }[];
  /** What the seller earned in the challenge, PLN. */
  earned: string;
  walletBefore: string;
  sellerId: number;
  /** Whether another rep of the seller's warehouse sold more (the seller is then second there). */
  hasRival: boolean;
}

const cents = (pln: string) => Math.round(Number(pln) * 100);
const pln = (c: number) => (c / 100).toFixed(2);

let fixture: Promise<Fixture> | undefined;

/** Products, an article, a running challenge and one sales file imported twice, once for the whole file. */
function setUp(): Promise<Fixture> {
  fixture ??= (async () => {
    const admin = await apiLogin(ACCOUNTS.admin.email);
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const me = (await api<User>('GET', '/api/me', { token: seller })).body;
    const warehouseId = me.warehouses[0]?.id;
    if (!me.asseco_id || warehouseId === undefined) throw new Error('the demo seller has an asseco id and a warehouse');
    const warehouse = (await api<{ asseco_id: string }>('GET', `/api/warehouses/${warehouseId}`, { token: admin }))
      .body;
    const reps = await api<{ data: User[] }>('GET', `/api/warehouses/${warehouseId}/users?role=seller&per_page=100`, {
      token: admin,
    });
    const rival = reps.body.data.find((u) => u.id !== me.id && u.asseco_id);

    const products = [
      { name: `Napój e2e ${tag}`, code: `E2E-NAP-${tag}`, reward: '2.50', units: 4 },
      { name: `Baton e2e ${tag}`, code: `E2E-BAT-${tag}`, reward: '1.20', units: 5 },
    ];
    const ids = [];
    for (const p of products) ids.push(await createProduct(admin, { name: p.name, code: p.code }));
    const [firstId, secondId] = ids as [number, number];
    const articleId = await createArticle(admin, { title: `O napoju e2e ${tag}`, productId: firstId });
    const name = `Wyzwanie e2e ${tag}`;
    const startAt = warsawDay(-3);
    const endAt = warsawDay(7);
    const challengeId = await createChallenge(admin, {
      name,
      intro: 'Sprzedawaj napoje i batony z wyzwania: za każdą sztukę dostajesz nagrodę.',
      startAt,
      endAt,
      products: [
        { product_id: firstId, reward: '2.50', article_id: articleId },
        { product_id: secondId, reward: '1.20', article_id: null },
      ],
    });

    const day = warsawDay(-1);
    const lines: SaleLine[] = products.map((p, i) => ({
      document: `FV/${tag}/1`,
      line: i + 1,
      soldOn: day,
      warehouse: warehouse.asseco_id,
      rep: me.asseco_id as string,
      product: p.code,
      quantity: p.units,
    }));
    if (rival?.asseco_id)
      lines.push({
        document: `FV/${tag}/2`,
        line: 1,
        soldOn: day,
        warehouse: warehouse.asseco_id,
        rep: rival.asseco_id,
        product: products[0]?.code as string,
        quantity: 10,
      });
    const earned = pln(products.reduce((sum, p) => sum + cents(p.reward) * p.units, 0));
    const walletBefore = me.wallet?.money ?? '0.00';

    // The same file twice: the second import skips every line and pays nothing.
    const csv = salesCsv(lines);
    const first = await importSales(admin, csv);
    expect(first).toMatchObject({ status: 'applied', rows_accepted: lines.length, rows_rejected: 0 });
    const second = await importSales(admin, csv);
    expect(second).toMatchObject({ status: 'applied', rows_accepted: 0, rows_skipped: lines.length, rows_rejected: 0 });
    expect(cents(second.amount)).toBe(0);

    return {
      challengeId,
      name,
      articleId,
      startAt,
      endAt,
      products: products.map(({ name, reward, units }) => ({ name, reward, units })),
      earned,
      walletBefore,
      sellerId: me.id,
      hasRival: rival !== undefined,
    };
  })();
  return fixture;
}

const ours = async (seller: string, id: number): Promise<ActiveChallengeRead> => {
  const list = await activeChallenges(seller);
  const c = list.data.find((x) => x.id === id);
  if (!c) throw new Error(`challenge ${id} is not on the seller's list`);
  return c;
};

function placeTexts(c: ActiveChallengeRead): string[] {
  const out: string[] = [];
  if (c.rank.warehouse) out.push(`Miejsce ${c.rank.warehouse.place} z ${c.rank.warehouse.of} w Twojej hurtowni`);
  if (c.rank.region) out.push(`Miejsce ${c.rank.region.place} z ${c.rank.region.of} w regionie`);
  return out;
}

/** '2026-11-30' as the page writes a day: '30 listopada', with the year when it is not this one. */
function plDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y === new Date().getFullYear() ? '' : ` ${y}`;
  return `${d} ${PL_MONTHS_LONG[m - 1]}${year}`;
}

/** The import note as the page writes it: the local calendar day of the last import, DD.MM.YYYY. */
function importNote(updatedAt: string): string {
  const d = new Date(updatedAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Dane ze sprzedaży z ${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Layout shifts without input since the page loaded (a buffered observer set before any script). */
const trackShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[])
        if (!e.hadRecentInput) {
          w.__cls += e.value;
          for (const s of e.sources)
            w.__shifts.push(
              `${(s.node as Element | undefined)?.outerHTML?.slice(0, 120)} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`,
            );
        }
    }).observe({ type: 'layout-shift', buffered: true });
  });

describe('challenges for a rep', () => {
  const browser = useBrowser();

  test('imported twice, the sales pay the seller once: API figures, wallet and the rep profile', async () => {
    const f = await setUp();
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const c = await ours(seller, f.challengeId);
    expect(c.money_get).toBe(f.earned);
    expect(c.units).toBe(9);
    expect(c.products.map((p) => [p.name, p.reward, p.units, p.article_id])).toEqual([
      [f.products[0]?.name, '2.50', 4, f.articleId],
      [f.products[1]?.name, '1.20', 5, null],
    ]);
    // Places: second in the warehouse behind the rival who sold more, else alone there.
    expect(c.rank.warehouse).toEqual(f.hasRival ? { place: 2, of: 2 } : { place: 1, of: 1 });
    expect(c.rank.region).not.toBeNull();

    const me = (await api<User>('GET', '/api/me', { token: seller })).body;
    expect(cents(me.wallet?.money ?? '0')).toBe(cents(f.walletBefore) + cents(f.earned));
    expect(me.challenges).toContainEqual(expect.objectContaining({ name: f.name, amount: f.earned }));

    // The seller's own profile (the challenges tab) shows it in the Polish money format.
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await page.goto(`/sales-rep/details/${f.sellerId}`);
    const row = page.getByRole('row').filter({ hasText: f.name });
    await row.waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual([f.name, zl(f.earned)]);
  });

  test('on a touch phone: the home box, the menu entry, numbered products, Więcej to the article, the summary and the quizzes', async () => {
    const f = await setUp();
    const seller = await apiLogin(ACCOUNTS.seller.email);
    const list = await activeChallenges(seller);
    const c = await ours(seller, f.challengeId);
    expect(list.updated_at).not.toBeNull();
    const note = importNote(list.updated_at as string);

    const page = await browser.newPage(TOUCH_PHONE);
    await trackShifts(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');

    // The home's box: the first challenge of the list with what the seller earned, and the import's date.
    const box = page.getByTestId('challenge-box');
    const first = list.data[0] as ActiveChallengeRead;
    await box.getByTestId('challenge-box-name').waitFor();
    await expect(box.getByTestId('challenge-box-name').innerText()).resolves.toBe(first.name);
    await expect(box.getByTestId('challenge-box-earned').innerText()).resolves.toBe(zl(first.money_get));
    await expect(box.getByTestId('challenge-box-import-date').innerText()).resolves.toBe(note);
    const rankTexts = await box.getByTestId('challenge-box-rank').innerText();
    if (placeTexts(first).length > 0) for (const p of placeTexts(first)) expect(rankTexts).toContain(p);
    else expect(rankTexts).toBe('Jeszcze nie masz sprzedaży w tym wyzwaniu');
    // It came in its own chunk, after the home's first load.
    expect(requests.some((p) => /\/assets\/challenge-box-[\w-]+\.js$/.test(p))).toBe(true);
    // The carousel below it comes when the rep scrolls near it (decision 028).
    await revealCarousel(page);
    await page.waitForTimeout(500);
    // Its height was held before it arrived: nothing on the home moved.
    const layout = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    expect(layout.cls, layout.shifts.join('\n')).toBe(0);
    expect(await seriousViolations(page, '[data-testid="challenge-box"]')).toEqual([]);
    await shoot(page, 'home-390');

    // The menu entry 'Wyzwania' (in the phone's drawer).
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    await mainMenu(page).getByRole('link', { name: 'Wyzwania' }).click();
    await page.waitForURL((u) => u.pathname === '/challenges-ph');
    await page.getByRole('heading', { level: 1, name: 'Wyzwania' }).waitFor();
    // With several challenges, each is a choice; ours opens by its link.
    const choice = page.getByRole('navigation', { name: 'Wybierz wyzwanie' }).getByRole('link', { name: f.name });
    if (list.data.length > 1) {
      await choice.click();
      await page.waitForURL(`**/challenges-ph?id=${f.challengeId}`);
      // The choice is marked once the page has rendered the new address (a transition).
      await expect.poll(() => choice.getAttribute('aria-current')).toBe('true');
    }
    const view = page.getByTestId('challenge-view');
    await view.getByRole('heading', { level: 2, name: f.name }).waitFor();
    await expect(view.getByTestId('challenge-status').innerText()).resolves.toBe(`Trwa do ${plDay(f.endAt)}`);
    await expect(view.getByTestId('challenge-dates').innerText()).resolves.toBe(
      `${plDay(f.startAt)} – ${plDay(f.endAt)}`,
    );

    // Numbered cards with the reward per unit and what the seller sold of each.
    const cards = view.getByTestId('challenge-product');
    await expect(cards.count()).resolves.toBe(2);
    await expect(view.getByTestId('challenge-product-number').allInnerTexts()).resolves.toEqual(['1.', '2.']);
    await expect(cards.getByRole('heading', { level: 3 }).allInnerTexts()).resolves.toEqual(
      f.products.map((p) => p.name),
    );
    await expect(view.getByTestId('challenge-product-reward').allInnerTexts()).resolves.toEqual([
      '2,50\u00a0zł za sztukę',
      '1,20\u00a0zł za sztukę',
    ]);
    await expect(view.getByTestId('challenge-product-sales').allInnerTexts()).resolves.toEqual([
      `Twoja sprzedaż: 4 szt. · ${zl('10.00')}`,
      `Twoja sprzedaż: 5 szt. · ${zl('6.00')}`,
    ]);
    // 'Więcej' only where the product has an article.
    await expect(
      cards
        .nth(0)
        .getByRole('link', { name: /^Więcej/ })
        .count(),
    ).resolves.toBe(1);
    await expect(
      cards
        .nth(1)
        .getByRole('link', { name: /^Więcej/ })
        .count(),
    ).resolves.toBe(0);

    // The summary: what the seller earned, its places, the date of the data, the way to the quizzes.
    const summary = view.getByTestId('challenge-summary');
    await expect(summary.getByTestId('challenge-earned').innerText()).resolves.toBe(
      `W wyzwaniu „${f.name}” zarobiłeś ${zl(f.earned)}`,
    );
    await expect(summary.getByTestId('challenge-rank').locator('p').allInnerTexts()).resolves.toEqual(placeTexts(c));
    if (f.hasRival) expect(placeTexts(c)[0]).toMatch(/^Miejsce 2 z 2 w Twojej hurtowni$/);
    await expect(summary.getByTestId('challenge-import-date').innerText()).resolves.toBe(note);
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shoot(page, 'challenges-390');

    // 'Więcej' opens the product's article; back, the quiz button opens the quizzes.
    await cards
      .nth(0)
      .getByRole('link', { name: /^Więcej/ })
      .click();
    await page.waitForURL(`**/articles-ph/${f.articleId}`);
    await page.getByTestId('article-view').waitFor();
    await page.goBack();
    await summary.getByRole('link', { name: 'Zarabiaj więcej w quizach' }).click();
    await page.waitForURL((u) => u.pathname === '/quiz-ph');
  });

  test('at 1440 px: ?id= shows that challenge first; a failed load offers a retry; an unknown id says so', async () => {
    const f = await setUp();
    const page = await browser.newPage({ viewport: WIDE });
    await signIn(page, ACCOUNTS.seller);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('challenge-box-name').waitFor();
    await shoot(page, 'home-1440');

    await page.goto(`/challenges-ph?id=${f.challengeId}`);
    const view = page.getByTestId('challenge-view');
    await view.getByRole('heading', { level: 2, name: f.name }).waitFor();
    const choices = page.getByRole('navigation', { name: 'Wybierz wyzwanie' }).getByRole('link');
    if ((await choices.count()) > 0) await expect(choices.first().innerText()).resolves.toBe(f.name);
    await expect(view.getByTestId('challenge-summary').getByTestId('challenge-earned').innerText()).resolves.toContain(
      zl(f.earned),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'challenges-1440');

    // The list fails: the toast and a retry, which loads it once the server answers again.
    await page.route('**/api/challenges/active', (route) => route.abort());
    await page.goto('/challenges-ph');
    await toast(page, 'Nie udało się pobrać listy wyzwań');
    const failed = page.getByTestId('challenges-failed');
    await failed.waitFor();
    await shoot(page, 'challenges-failed-1440');
    await page.unroute('**/api/challenges/active');
    await failed.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByTestId('challenge-view').waitFor();

    // An id that is no challenge of the rep: asked on its own, refused with a toast, the list still shown.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/challenges-ph?id=2147480000');
    await toast(page, 'Nie znaleziono wyzwania');
    expect(asked).toContain('/api/challenges/active/2147480000');
    await page.getByTestId('challenge-view').waitFor();
  });
});
