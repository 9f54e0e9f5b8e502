/**
 * The bytes a rep downloads for the articles (issue 14, "Tests and numbers"), measured in Debian's
 * Chromium through the DevTools protocol (bytes on the wire, headers included) at a phone
 * viewport, against the built app.
 *
 *   npm run bench:rep-bytes                      # builds the web app if stale, serves it here on a fresh demo database
 *   BENCH_URL=http://127.0.0.1:3100 node --import tsx bench/rep-bytes.ts   # an already running server
 *
 * Steps, in one browser profile as a rep lives them:
 *   1. /dashboard opened cold (signed in, nothing cached): the rep home with the article carousel,
 *      its lazy chunk (swiper), its JSON and the slides' images;
 *   2. the carousel's 'more' → /articles-ph (the shell is cached by then);
 *   3. the first card → /articles-ph/{id};
 * and in a second, cold profile: 4. /articles-ph opened first.
 * The layout shift of step 1 (CLS, from the browser's layout-shift entries) is reported too: the
 * home reserves the carousel's height before swiper arrives. A bench article with an uploaded
 * 1600×1000 photo-like PNG is authored through the API first, so the newest slide and card weigh a
 * photo. BENCH_DPR (default 3, as bench:quiz-bytes) is the phone's device pixel ratio.
 * Writes bench/baselines/rep-bytes.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import {
  KINDS,
  type Kind,
  kb,
  login,
  photoLikePng,
  postForm,
  recordTransfers,
  serveHere,
  settle,
  signInCold,
  sums,
  type Transfer,
  total,
} from './page-bytes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(root, 'bench/baselines/rep-bytes.md');
const DPR = Number(process.env.BENCH_DPR ?? 3);
const VIEWPORT = { width: 390, height: 844 };
const REP = 'seller@example.com';
const ADMIN = 'admin@example.com';
const STEPS = ['1. rep home, cold', '2. → article list', '3. → an article', '4. article list, cold'] as const;

const served = process.env.BENCH_URL ? null : await serveHere('bench-rep-bytes-');
const base = (process.env.BENCH_URL ?? served?.url ?? '').replace(/\/$/, '');
try {
  const admin = await login(base, ADMIN);
  const { title, uploadBytes } = await authorBenchArticle(admin);
  const token = await login(base, REP);
  const result = await measure(token, title);
  if (process.env.BENCH_VERBOSE)
    result.steps.forEach((list, i) => {
      for (const t of list) console.log(STEPS[i], t.kind, t.bytes, new URL(t.url).pathname);
    });
  const report = render(result, title, uploadBytes);
  writeFileSync(REPORT, report);
  console.log(report);
  console.log(`written to ${path.relative(root, REPORT)}`);
} finally {
  await served?.close();
}

async function authorBenchArticle(adminToken: string): Promise<{ title: string; uploadBytes: number }> {
  const title = 'Artykuł pomiarowy: nowa linia napojów';
  const form = new FormData();
  form.set('title', title);
  form.set('excerpt', 'Co warto wiedzieć o nowej linii, zanim porozmawiasz z klientem.');
  form.set(
    'content',
    '<h2>Najważniejsze</h2><p>Nowa linia trafia do hurtowni w poniedziałek.</p><ul><li>trzy smaki</li><li>butelka 0,5 l</li></ul>',
  );
  const upload = await photoLikePng();
  form.set('image', new Blob([new Uint8Array(upload)], { type: 'image/png' }), 'okladka.png');
  await postForm(base, '/api/admin/articles', adminToken, form);
  return { title, uploadBytes: upload.length };
}

interface Measured {
  steps: Transfer[][];
  cls: number;
  thirdParty: string[];
  browserVersion: string;
}

function phone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
    locale: 'pl-PL',
  });
}

async function measure(token: string, title: string): Promise<Measured> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const steps: Transfer[][] = STEPS.map(() => []);
  let sink = steps[0] as Transfer[];
  try {
    const context = await phone(browser);
    const page = await context.newPage();
    await signInCold(page, base, token);
    const { thirdParty } = await recordTransfers(context, page, base, () => sink);
    await watchLayoutShifts(context);

    await page.goto(`${base}/dashboard`);
    await page.locator('[data-testid="article-carousel"] .swiper-slide-active img').waitFor();
    await settle(page);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);

    sink = steps[1] as Transfer[];
    await page.getByRole('link', { name: 'Więcej artykułów' }).click();
    await page.getByRole('article', { name: title }).locator('img').waitFor();
    await settle(page);

    sink = steps[2] as Transfer[];
    await page.getByRole('article', { name: title }).getByRole('heading').click();
    await page.getByTestId('article-view').locator('img').waitFor();
    await settle(page);
    await context.close();

    const cold = await phone(browser);
    const coldPage = await cold.newPage();
    await signInCold(coldPage, base, token);
    sink = steps[3] as Transfer[];
    await recordTransfers(cold, coldPage, base, () => sink);
    await coldPage.goto(`${base}/articles-ph`);
    await coldPage.getByRole('article', { name: title }).locator('img').waitFor();
    await settle(coldPage);
    await cold.close();
    return { steps, cls, thirdParty, browserVersion: browser.version() };
  } finally {
    await browser.close();
  }
}

/** Sums the layout shifts not caused by input, from the first paint on (what CLS counts for a load). */
async function watchLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function render(m: Measured, title: string, uploadBytes: number): string {
  const s = m.steps.map(sums);
  const cell = (i: number, k: Kind) => `${kb(s[i]?.[k].bytes ?? 0)} (${s[i]?.[k].files ?? 0})`;
  const images = (i: number) =>
    (m.steps[i] ?? [])
      .filter((t) => t.kind === 'images')
      .map((t) => `${new URL(t.url).pathname.replace(/^\/api\/images\/(\w{8})\w+/, '/api/images/$1…')} ${kb(t.bytes)}`);
  const third = [...new Set(m.thirdParty.map((u) => new URL(u).host))];
  return [
    '# bench:rep-bytes',
    '',
    `Latest \`npm run bench:rep-bytes\`: ${new Date().toISOString().slice(0, 10)}, Chromium ${m.browserVersion}, ` +
      `${VIEWPORT.width}×${VIEWPORT.height} at ${DPR}× (a phone), bytes on the wire (compressed, with headers) from the DevTools protocol.`,
    '',
    "1. **rep home, cold**: signed in, nothing cached: the home, then the carousel (its lazy chunk with swiper, the 100 articles' JSON, the slides' images the browser fetches).",
    "2. **→ article list**: the carousel's 'more'; the app's shell is cached from step 1.",
    `3. **→ an article**: "${title}" (an uploaded 1600×1000 photo) opened from its card.`,
    '4. **article list, cold**: /articles-ph as the first page of a fresh profile.',
    '',
    `| kind | ${STEPS.join(' | ')} |`,
    `|---|${STEPS.map(() => '---:').join('|')}|`,
    ...KINDS.map((k) => `| ${k} | ${STEPS.map((_, i) => cell(i, k)).join(' | ')} |`),
    `| **total** | ${s.map((x) => `**${kb(total(x))}**`).join(' | ')} |`,
    '',
    `Layout shift of step 1 (CLS while the carousel loads into its reserved box): ${m.cls.toFixed(4)}.`,
    '',
    `Images (the uploaded original, never sent to a phone, is a ${kb(uploadBytes)} PNG):`,
    ...STEPS.map((name, i) => `- ${name}: ${images(i).join(', ') || 'none'}`),
    '',
    third.length
      ? `Not fetched (another host's bytes, a demo article's video player): ${third.join(', ')}.`
      : 'No other host was asked for anything.',
    '',
  ].join('\n');
}
