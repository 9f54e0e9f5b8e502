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
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo-accounts.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = path.join(root, 'bench/baselines/quiz-bytes.md');
const DPR = Number(process.env.BENCH_DPR ?? 3);
const VIEWPORT = { width: 390, height: 844 };
const REP = 'seller@example.com';
const ADMIN = 'admin@example.com';

const KINDS = ['JS', 'CSS', 'JSON', 'images', 'HTML', 'other'] as const;
type Kind = (typeof KINDS)[number];

interface Transfer {
  url: string;
  kind: Kind;
  bytes: number;
}

const served = process.env.BENCH_URL ? null : await serveHere();
const base = (process.env.BENCH_URL ?? served?.url ?? '').replace(/\/$/, '');
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

/** The app as `npm start` serves it, on a fresh embedded database with the demo seed, on a free port. */
async function serveHere(): Promise<{ url: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-quiz-bytes-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const database = await openDatabase(config);
  await database.migrate();
  console.log('seeding the demo data…');
  await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N });
  const app = await buildApp({ config, db: database.db, serveWeb: true, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function postForm<T>(urlPath: string, token: string, form: FormData): Promise<T> {
  const res = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${urlPath}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A photo-like image (smooth gradients and noise compress like a photo, unlike a flat colour). */
function photoLikePng(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = rnd() * 20 - 10;
      raw[i] = Math.max(0, Math.min(255, 40 + (x / width) * 180 + n));
      raw[i + 1] = Math.max(0, Math.min(255, 90 + (y / height) * 120 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 200 - (x / width) * 120 + n));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
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

function kindOf(resourceType: string, mime: string): Kind {
  if (resourceType === 'Script' || mime.includes('javascript')) return 'JS';
  if (resourceType === 'Stylesheet' || mime === 'text/css') return 'CSS';
  if (resourceType === 'Image' || mime.startsWith('image/')) return 'images';
  if (resourceType === 'Document') return 'HTML';
  if (mime.includes('json')) return 'JSON';
  return 'other';
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
    const thirdParty: string[] = [];
    const origin = new URL(base).origin;
    // Only the app's own bytes are ours to weigh: a video host's player is not fetched here (no network anyway).
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        thirdParty.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    // A same-origin response that loads no app asset: the token goes in, the cache stays cold.
    await page.goto(`${base}/api/health`);
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('token_type', 'Bearer');
    }, token);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const pending = new Map<string, { url: string; kind: Kind }>();
    let sink: Transfer[] = [];
    cdp.on('Network.responseReceived', (e) => {
      pending.set(e.requestId, { url: e.response.url, kind: kindOf(e.type, e.response.mimeType) });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = pending.get(e.requestId);
      if (!r?.url.startsWith(origin)) return;
      pending.delete(e.requestId);
      if (e.encodedDataLength > 0) sink.push({ url: r.url, kind: r.kind, bytes: e.encodedDataLength });
    });

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

/** Network idle, then a moment for lazy images that enter the viewport late. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function sums(transfers: Transfer[]): Record<Kind, { bytes: number; files: number }> {
  const out = Object.fromEntries(KINDS.map((k) => [k, { bytes: 0, files: 0 }])) as Record<
    Kind,
    { bytes: number; files: number }
  >;
  for (const t of transfers) {
    out[t.kind].bytes += t.bytes;
    out[t.kind].files += 1;
  }
  return out;
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
