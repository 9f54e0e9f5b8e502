/**
 * What the byte benchmarks of the rep's pages share (bench/quiz-bytes.ts, bench/rep-bytes.ts): the
 * app served here on a fresh demo database, sign-in and uploads through the API, a photo-like test
 * image, and the DevTools protocol's bytes on the wire sorted by kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo-accounts.ts';

export const KINDS = ['JS', 'CSS', 'JSON', 'images', 'HTML', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export interface Transfer {
  url: string;
  kind: Kind;
  bytes: number;
}

/** The app as `npm start` serves it, on a fresh embedded database with the demo seed, on a free port. */
export async function serveHere(prefix: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
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

export async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function postForm<T>(base: string, urlPath: string, token: string, form: FormData): Promise<T> {
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
export function photoLikePng(): Promise<Buffer> {
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

function kindOf(resourceType: string, mime: string): Kind {
  if (resourceType === 'Script' || mime.includes('javascript')) return 'JS';
  if (resourceType === 'Stylesheet' || mime === 'text/css') return 'CSS';
  if (resourceType === 'Image' || mime.startsWith('image/')) return 'images';
  if (resourceType === 'Document') return 'HTML';
  if (mime.includes('json')) return 'JSON';
  return 'other';
}

/**
 * Records the app's own transfers of `page` (bytes on the wire, headers included) into whatever
 * array `into()` returns at the time: switch it between steps. Other hosts are refused and listed
 * in `thirdParty` (a video host's player is not ours to weigh, and there is no network anyway).
 */
export async function recordTransfers(
  context: BrowserContext,
  page: Page,
  base: string,
  into: () => Transfer[],
): Promise<{ thirdParty: string[] }> {
  const thirdParty: string[] = [];
  const origin = new URL(base).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      thirdParty.push(route.request().url());
      return route.abort();
    },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, { url: string; kind: Kind }>();
  cdp.on('Network.responseReceived', (e) => {
    pending.set(e.requestId, { url: e.response.url, kind: kindOf(e.type, e.response.mimeType) });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = pending.get(e.requestId);
    if (!r?.url.startsWith(origin)) return;
    pending.delete(e.requestId);
    if (e.encodedDataLength > 0) into().push({ url: r.url, kind: r.kind, bytes: e.encodedDataLength });
  });
  return { thirdParty };
}

/** Puts the token where the app reads it, from a same-origin response that loads no app asset (the cache stays cold). */
export async function signInCold(page: Page, base: string, token: string) {
  await page.goto(`${base}/api/health`);
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('token_type', 'Bearer');
  }, token);
}

/**
 * Quiet: no new finished fetch for a second (resource timing), after the load event. Playwright's
 * 'networkidle' never came on the pre-rendered pages (decision 025) although nothing was in flight.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  let seen = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count !== seen) {
      seen = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 1000) {
      return;
    }
    await page.waitForTimeout(200);
  }
  throw new Error('the page kept fetching for 30 s');
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

export function sums(transfers: Transfer[]): Record<Kind, { bytes: number; files: number }> {
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

export const total = (s: Record<Kind, { bytes: number }>) => KINDS.reduce((n, k) => n + s[k].bytes, 0);
