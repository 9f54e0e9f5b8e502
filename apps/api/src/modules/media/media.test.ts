import { imageSchema } from '@incentive/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { imageVariants } from '../../db/schema.ts';
import { PUBLIC } from '../../plugins/auth.ts';
import { readForm } from '../../plugins/uploads.ts';
import { imageOf, storeImage } from './media.service.ts';

const UPLOAD = '/api/test-upload';

/** A tiny route as a feature would write one: read the form, store the image, answer its shape. */
async function uploadRoute(app: TestApp['app']) {
  app.post(UPLOAD, { config: { access: PUBLIC } }, async (req) => {
    const form = await readForm(req);
    const image = form.file ? await storeImage(app.db, form.file.bytes, null) : null;
    return {
      fields: form.fields,
      file: form.file && { field: form.file.field, filename: form.file.filename },
      image: imageOf(image),
      stored: image,
    };
  });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

const upload = (t: TestApp, parts: Parameters<typeof multipart>[0], lang = 'pl') =>
  t.app.inject({ method: 'POST', url: UPLOAD, ...withLang(multipart(parts), lang) });

function withLang(body: ReturnType<typeof multipart>, lang: string) {
  return { payload: body.payload, headers: { ...body.headers, 'accept-language': lang } };
}

describe('image uploads and variants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ routes: uploadRoute });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a PNG as WebP and JPEG variants at the standard widths below its own', async () => {
    const png = await photo(1000, 500).png().toBuffer();
    const res = await upload(t, [
      { name: 'name', value: 'Quiz' },
      { name: 'image', filename: 'x.png', contentType: 'image/png', bytes: png },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ name: 'Quiz' });
    expect(body.stored).toMatchObject({ width: 1000, height: 500 });
    const image = imageSchema.parse(body.image);
    expect(image.url).toBe(`/api/images/${body.stored.hash}/640.jpg`);
    const rows = await t.db
      .select({ width: imageVariants.width, height: imageVariants.height, format: imageVariants.format })
      .from(imageVariants)
      .where(eq(imageVariants.imageHash, body.stored.hash))
      .orderBy(imageVariants.format, imageVariants.width);
    expect(rows.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'jpeg:320x160',
      'jpeg:640x320',
      'jpeg:960x480',
      'jpeg:1000x500',
      'webp:320x160',
      'webp:640x320',
      'webp:960x480',
      'webp:1000x500',
    ]);
    const served = await t.app.inject({ method: 'GET', url: `/api/images/${body.stored.hash}/960.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 480 });
  });
});
