/**
 * The bytes a rep downloads to open the quiz list and take a quiz (issue 13, "Speed"), measured in
 * Debian's Chromium through the DevTools protocol (Network.responseReceived / loadingFinished: the
 * encoded bytes on the wire, headers included) at a phone viewport, against the built app.
 *
 *   npm run bench:quiz-bytes                     # builds the web app if stale, serves it here on a fresh demo database
 *   BENCH_URL=http://127.0.0.1:3100 node --import tsx bench/quiz-bytes.ts   # an already running server
 *
 * Two steps, in one browser profile as a rep lives them: 1. /quiz-ph opened cold (signed in, nothing
 * cached); 2. a quiz with an image opened from the list, every question answered, the result shown
 * (the app's files are cached by then, as on a real phone). Bytes are split by kind: JS, CSS,
 * JSON (API), images, the HTML document, other. A bench quiz with an uploaded 1600×1000 photo-like
 * PNG and five questions is authored through the API first (as an admin would), so there is
 * always an image to weigh and a quiz to take. Hosts other than the app's (a YouTube or Vimeo
 * embed of a demo quiz) are not fetched and are listed apart: their bytes are the video host's.
 * BENCH_DPR (default 3) is the phone's device pixel ratio, which picks the image widths.
 * Writes bench/baselines/quiz-bytes.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import {
  KINDS,
  type Kind,
  kb,
  login as loginAt,
  photoLikePng,
  postForm as postFormAt,
  recordTransfers,
  serveHere,
  settle,
  signInCold,
  sums,
  type Transfer,
} from './page-bytes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(root, 'bench/baselines/quiz-bytes.md');
const DPR = Number(process.env.BENCH_DPR ?? 3);
const VIEWPORT = { width: 390, height: 844 };
const REP = 'seller@example.com';
const ADMIN = 'admin@example.com';

const served = process.env.BENCH_URL ? null : await serveHere('bench-quiz-bytes-');
const base = (process.env.BENCH_URL ?? served?.url ?? '').replace(/\/$/, '');
const login = (email: string) => loginAt(base, email);
const postForm = <T>(urlPath: string, token: string, form: FormData) => postFormAt<T>(base, urlPath, token, form);
try {
  const admin = await login(ADMIN);
  const { name: quizName, uploadBytes } = await authorBenchQuiz(admin);
  const token = await login(REP);
  const result = await measure(token, quizName);
  // BENCH_VERBOSE=1 lists every file of both steps.
  if (process.env.BENCH_VERBOSE)
    for (const [step, list] of [
      ['list', result.list],
      ['take', result.take],
    ] as const)
      for (const t of list) console.log(step, t.kind, t.bytes, new URL(t.url).pathname);
  const report = render(result, quizName, uploadBytes);
  writeFileSync(REPORT, report);
  console.log(report);
  console.log(`written to ${path.relative(root, REPORT)}`);
} finally {
  await served?.close();
}

/** Authors and activates the bench quiz through the API, as the back office does; its name and the upload's size. */
async function authorBenchQuiz(adminToken: string): Promise<{ name: string; uploadBytes: number }> {
  const name = 'Quiz pomiarowy: nowości w ofercie';
  const lead = 'Pięć pytań o produktach, które weszły do oferty w tym miesiącu.';
  const text = '<p>Sprawdź, co wiesz o <strong>nowościach</strong>.</p>';
  const questions = Array.from({ length: 5 }, (_, i) =>
    i === 4
      ? { questionText: '<p>Co najbardziej podoba się Twoim klientom?</p>', type: 'text', points: 10, answers: [] }
      : {
          questionText: `<p>Pytanie ${i + 1}: który produkt jest <strong>nowy</strong>?</p>`,
          type: 'multiple_choice',
          points: 10,
          answers: ['Sok jabłkowy 1 l', 'Napój izotoniczny 0,5 l', 'Woda gazowana 1,5 l', 'Herbata mrożona'].map(
            (answerText, j) => ({ answerText, isCorrect: j === i % 4 }),
          ),
        },
  );
  const content = new FormData();
  content.set('name', name);
  content.set('lead', lead);
  content.set('text', text);
  content.set('video_url', '');
  content.set('questions', JSON.stringify(questions));
  const upload = await photoLikePng();
  content.set('image', new Blob([new Uint8Array(upload)], { type: 'image/png' }), 'okladka.png');
  const { quiz_id } = await postForm<{ quiz_id: number }>('/api/quiz', adminToken, content);

  const p = (n: number) => String(n).padStart(2, '0');
  const date = (d: Date) =>
    `${d.getUTCFullYear()}.${p(d.getUTCMonth() + 1)}.${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:00`;
  const details = new FormData();
  details.set('name', name);
  details.set('lead', lead);
  details.set('text', text);
  details.set('video_url', '');
  details.set('date_from', date(new Date(Date.now() - 2 * 86_400_000)));
  details.set('date_to', date(new Date(Date.now() + 30 * 86_400_000)));
  details.set('is_one_time', 'true');
  details.set('price', '15.00');
  details.set('is_survey', 'false');
  details.set('correct_answers', '3');
  await postForm(`/api/quiz/${quiz_id}/submit-details`, adminToken, details);
  return { name, uploadBytes: upload.length };
}

interface Measured {
  list: Transfer[];
  take: Transfer[];
  thirdParty: string[];
  browserVersion: string;
}

async function measure(token: string, quizName: string): Promise<Measured> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: DPR,
      isMobile: true,
      hasTouch: true,
      locale: 'pl-PL',
    });
    const page = await context.newPage();
    await signInCold(page, base, token);
    let sink: Transfer[] = [];
    const { thirdParty } = await recordTransfers(context, page, base, () => sink);

    const list: Transfer[] = [];
    sink = list;
    await page.goto(`${base}/quiz-ph`);
    const card = page.getByRole('article', { name: quizName });
    await card.locator('picture img').waitFor();
    await settle(page);

    const take: Transfer[] = [];
    sink = take;
    await card.getByRole('link', { name: `Więcej: ${quizName}` }).click();
    for (let i = 1; ; i++) {
      await page.getByText(new RegExp(`^Pytanie ${i}/\\d+$`)).waitFor();
      const radios = page.getByRole('radio');
      if ((await radios.count()) > 0) await radios.first().check();
      else await page.getByRole('textbox', { name: 'Twoja odpowiedź' }).fill('Cena i jakość');
      const finish = page.getByRole('button', { name: 'Zakończ' });
      if (await finish.isVisible()) {
        await finish.click();
        break;
      }
      await page.getByRole('button', { name: 'Dalej' }).click();
    }
    await page.waitForURL((u) => u.pathname === '/quiz-ph/summary');
    await page.getByTestId('quiz-score').waitFor();
    await settle(page);
    await context.close();
    return { list, take, thirdParty, browserVersion: browser.version() };
  } finally {
    await browser.close();
  }
}

function render(m: Measured, quizName: string, uploadBytes: number): string {
  const list = sums(m.list);
  const take = sums(m.take);
  const total = (s: Record<Kind, { bytes: number }>) => KINDS.reduce((n, k) => n + s[k].bytes, 0);
  const row = (k: Kind) =>
    `| ${k} | ${kb(list[k].bytes)} (${list[k].files}) | ${kb(take[k].bytes)} (${take[k].files}) | ${kb(list[k].bytes + take[k].bytes)} |`;
  const images = [...m.list, ...m.take]
    .filter((t) => t.kind === 'images')
    .map((t) => `- ${new URL(t.url).pathname}: ${kb(t.bytes)}`);
  const third = [...new Set(m.thirdParty.map((u) => new URL(u).host))];
  return [
    '# bench:quiz-bytes',
    '',
    `Latest \`npm run bench:quiz-bytes\`: ${new Date().toISOString().slice(0, 10)}, Chromium ${m.browserVersion}, ` +
      `${VIEWPORT.width}×${VIEWPORT.height} at ${DPR}× (a phone), bytes on the wire (compressed, with headers) from the DevTools protocol.`,
    '',
    `1. **open /quiz-ph**: signed in, cold cache: the app, the list's JSON and the visible cards' media.`,
    `2. **take a quiz**: "${quizName}" (five questions, an uploaded 1600×1000 image) opened from its card, every question answered, the result shown; the app's files are cached from step 1.`,
    '',
    '| kind | 1. open /quiz-ph (files) | 2. take a quiz (files) | both |',
    '|---|---:|---:|---:|',
    ...KINDS.map(row),
    `| **total** | **${kb(total(list))}** | **${kb(total(take))}** | **${kb(total(list) + total(take))}** |`,
    '',
    `Images downloaded (the uploaded original, never sent to a phone, is a ${kb(uploadBytes)} PNG):`,
    ...(images.length ? images : ['- none']),
    '',
    third.length
      ? `Not fetched (another host's bytes, a demo quiz's video player): ${third.join(', ')}.`
      : 'No other host was asked for anything.',
    '',
  ].join('\n');
}
