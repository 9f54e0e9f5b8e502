import { type MessageKey, translate } from '@incentive/contracts';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import { articles, images, products } from '../src/db/schema.ts';
import { type FormPart, multipart } from './multipart.ts';
import { bearer, type TestApp } from './test-app.ts';

/** A small PNG; the same bytes every call, so the media pipeline encodes it once (content-addressed). */
let cached: Promise<Buffer> | undefined;
export const articlePng = () =>
  (cached ??= sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer());

export const imagePart = (bytes: Buffer, filename = 'zdjecie.png', contentType = 'image/png'): FormPart => ({
  name: 'image',
  filename,
  contentType,
  bytes,
});

/** The text fields of a valid article form, with `over` replacing or adding some (undefined drops one). */
export function articleFields(over: Record<string, string | undefined> = {}): FormPart[] {
  const fields: Record<string, string | undefined> = {
    title: 'Nowy smak w ofercie',
    excerpt: 'Krótki wstęp do artykułu',
    content: '<p>Treść artykułu o <strong>nowym smaku</strong>.</p>',
    ...over,
  };
  return Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
}

export function sendForm(t: TestApp, method: 'POST', url: string, token: string, parts: FormPart[], lang?: string) {
  const body = multipart(parts);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
  });
}

/** Rows of the tables an article form may write, to prove a refused one wrote nothing. */
export async function articleWriteCounts(db: Db) {
  const n = async (table: typeof articles | typeof images | typeof products) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { articles: await n(articles), images: await n(images), products: await n(products) };
}

export const pl = (key: MessageKey) => translate('pl', key);
export const en = (key: MessageKey) => translate('en', key);
