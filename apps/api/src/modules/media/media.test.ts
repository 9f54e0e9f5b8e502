import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_UPLOAD, imageSchema, translate } from '@incentive/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FormPart, multipart } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { images, imageVariants } from '../../db/schema.ts';
import { PUBLIC } from '../../plugins/auth.ts';
import { FORM_LIMITS, MULTIPART, readForm } from '../../plugins/uploads.ts';
import { imageOf, storeImage } from './media.service.ts';
import { imageColumns } from './media.shared.repo.ts';

const UPLOAD = '/api/test-upload';

/** A route as a feature writes one: read the form, store its image, answer the image's API shape. */
function uploadRoute(app: FastifyInstance) {
  app.post(UPLOAD, { config: { access: PUBLIC }, schema: { consumes: MULTIPART } }, async (req) => {
    const form = await readForm(req);
    const stored = form.file ? await storeImage(app.db, form.file.bytes, null) : null;
    const file = form.file && { field: form.file.field, filename: form.file.filename, size: form.file.bytes.length };
    return { fields: form.fields, file, stored, image: imageOf(stored) };
  });
}

interface UploadAnswer {
  fields: Record<string, string>;
  file: { field: string; filename: string; size: number } | null;
  stored: { hash: string; width: number; height: number } | null;
  image: unknown;
  message?: string;
  errors?: Record<string, string[]>;
}

/** A picture to upload: a gradient, so every variant has something to scale. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1e6fd9"/><stop offset="1" stop-color="#e8590c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg));
}

const imageFile = (bytes: Buffer, filename = 'picture.png', contentType = 'image/png'): FormPart => ({
  name: 'image',
  filename,
  contentType,
  bytes,
});

/**
 * A PNG that declares `width` x `height` in its header with one tiny compressed row behind it: a
 * few hundred bytes that would need gigabytes once decoded.
 */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image uploads (readForm + storeImage) and GET /api/images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ routes: uploadRoute });
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (parts: FormPart[], lang = 'pl') => {
    const body = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang },
    });
    return { status: res.statusCode, body: res.json<UploadAnswer>() };
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const variantsOf = (hash: string) =>
    t.db
      .select({ width: imageVariants.width, height: imageVariants.height, format: imageVariants.format })
      .from(imageVariants)
      .where(eq(imageVariants.imageHash, hash))
      .orderBy(imageVariants.format, imageVariants.width);

  it('stores a PNG as WebP and JPEG variants at every standard width below its own, and serves them', async () => {
    const png = await picture(1000, 500).png().toBuffer();
    const { status, body } = await upload([{ name: 'name', value: 'Zimowy quiz' }, imageFile(png)]);
    expect(status).toBe(200);
    expect(body.fields).toEqual({ name: 'Zimowy quiz' });
    expect(body.file).toEqual({ field: 'image', filename: 'picture.png', size: png.length });
    const hash = body.stored!.hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.stored).toEqual({ hash, width: 1000, height: 500 });
    expect(imageSchema.parse(body.image)).toEqual({
      url: `/api/images/${hash}/640.jpg`,
      webp: [320, 640, 960, 1000].map((w) => `/api/images/${hash}/${w}.webp ${w}w`).join(', '),
      jpeg: [320, 640, 960, 1000].map((w) => `/api/images/${hash}/${w}.jpg ${w}w`).join(', '),
      width: 1000,
      height: 500,
    });
    expect((await variantsOf(hash)).map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'jpeg:320x160',
      'jpeg:640x320',
      'jpeg:960x480',
      'jpeg:1000x500',
      'webp:320x160',
      'webp:640x320',
      'webp:960x480',
      'webp:1000x500',
    ]);

    for (const [file, format, type, width] of [
      ['960.webp', 'webp', 'image/webp', 960],
      ['320.jpg', 'jpeg', 'image/jpeg', 320],
      ['1000.jpg', 'jpeg', 'image/jpeg', 1000],
    ] as const) {
      const res = await get(`/api/images/${hash}/${file}`, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.etag).toBe(`"${hash}-${width}-${format}"`);
      // Already compressed: sent as is, whatever the client accepts.
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format, width, height: width / 2 });
    }
  });

  it('never upscales: a small image has one width, and url is that width', async () => {
    const png = await picture(200, 100).png().toBuffer();
    const { status, body } = await upload([imageFile(png)]);
    expect(status).toBe(200);
    const hash = body.stored!.hash;
    expect(body.image).toMatchObject({ url: `/api/images/${hash}/200.jpg`, webp: `/api/images/${hash}/200.webp 200w` });
    expect((await variantsOf(hash)).map((r) => `${r.format}:${r.width}`)).toEqual(['jpeg:200', 'webp:200']);
  });

  it('scales a large JPEG down to 1280, applies its EXIF orientation and drops its metadata', async () => {
    // 3000x2000 stored sideways (orientation 6: rotate 90° clockwise to view), with a camera and GPS tag.
    const jpeg = await picture(3000, 2000)
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Jan Kowalski' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const exif = await sharp(jpeg).metadata();
    expect(exif.orientation).toBe(6);
    expect(exif.exif?.toString('latin1')).toContain('SecretCam');

    const { status, body } = await upload([imageFile(jpeg, 'IMG_0001.JPG', 'image/jpeg')]);
    expect(status).toBe(200);
    const hash = body.stored!.hash;
    // Upright it is 2000 wide and 3000 high; the largest variant is 1280 wide.
    expect(body.stored).toEqual({ hash, width: 1280, height: 1920 });
    expect((await variantsOf(hash)).map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'jpeg:320x480',
      'jpeg:640x960',
      'jpeg:960x1440',
      'jpeg:1280x1920',
      'webp:320x480',
      'webp:640x960',
      'webp:960x1440',
      'webp:1280x1920',
    ]);
    for (const file of ['1280.jpg', '640.webp']) {
      const res = await get(`/api/images/${hash}/${file}`);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(res.rawPayload.toString('latin1')).not.toContain('SecretCam');
    }
  });

  it('keeps transparency in WebP and puts it on white in JPEG', async () => {
    const png = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { body } = await upload([imageFile(png)]);
    const hash = body.stored!.hash;
    const webp = await get(`/api/images/${hash}/400.webp`);
    expect((await sharp(webp.rawPayload).metadata()).hasAlpha).toBe(true);
    const jpeg = await get(`/api/images/${hash}/400.jpg`);
    const { data } = await sharp(jpeg.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 30))).toBeGreaterThan(245);
  });

  it('stores the same bytes once, however often they are uploaded', async () => {
    const png = await picture(700, 300).png().toBuffer();
    const first = await upload([imageFile(png)]);
    const second = await upload([imageFile(png, 'copy.png')]);
    expect(second.body.stored).toEqual(first.body.stored);
    const hash = first.body.stored!.hash;
    const [row] = await t.db.select({ n: count() }).from(images).where(eq(images.hash, hash));
    expect(row!.n).toBe(1);
    expect((await variantsOf(hash)).length).toBe(6); // 320, 640, 700 in two formats
    // Two at once race to the same rows.
    const both = await Promise.all([upload([imageFile(png)]), upload([imageFile(png)])]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await variantsOf(hash)).length).toBe(6);
  });

  it('gives lists the image of a row as JSON (imageColumns), null when there is none', async () => {
    const png = await picture(660, 330).png().toBuffer();
    const { body } = await upload([imageFile(png)]);
    const hash = body.stored!.hash;
    const rows = await t.db
      .select({ known: imageColumns(images.hash), unknown: imageColumns(sql`${'f'.repeat(64)}`) })
      .from(images)
      .where(eq(images.hash, hash));
    expect(rows).toEqual([{ known: { hash, width: 660, height: 330 }, unknown: null }]);
    expect(imageOf(rows[0]!.known)).toEqual(body.image);
  });

  it('answers 304 to a browser that has the variant, without a body', async () => {
    const png = await picture(330, 330).png().toBuffer();
    const { body } = await upload([imageFile(png)]);
    const url = `/api/images/${body.stored!.hash}/320.webp`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`]) {
      const again = await get(url, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await get(url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers 404 for an unknown hash, width or format, 422 for a malformed hash; neither is cached', async () => {
    const png = await picture(500, 250).png().toBuffer();
    const { body } = await upload([imageFile(png)]);
    const hash = body.stored!.hash;
    expect((await get(`/api/images/${hash}/500.webp`)).statusCode).toBe(200);
    for (const file of [
      '640.webp',
      '960.jpg',
      '500.png',
      '500.jpeg',
      '0500.jpg',
      '500',
      '1281.webp',
      '.jpg',
      '5e2.jpg',
      '320.constructor',
    ]) {
      const res = await get(`/api/images/${hash}/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().message).toBe('Nie znaleziono zasobu');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    expect((await get(`/api/images/${'a'.repeat(64)}/320.webp`)).statusCode).toBe(404);
    for (const bad of [hash.toUpperCase(), hash.slice(1), `${hash}0`, 'g'.repeat(64), 'x']) {
      const res = await get(`/api/images/${bad}/320.webp`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('needs no sign-in to read an image', async () => {
    const png = await picture(321, 100).png().toBuffer();
    const { body } = await upload([imageFile(png)]);
    const res = await get(`/api/images/${body.stored!.hash}/321.jpg`);
    expect(res.statusCode).toBe(200);
  });

  it('decides the type by the bytes: a PDF, GIF or SVG named .png is refused with 422', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    for (const bytes of [pdf, gif, svg, webp, Buffer.from([0x89, 0x50, 0x4e])]) {
      const { status, body } = await upload([imageFile(bytes, 'photo.png', 'image/png')]);
      expect(status).toBe(422);
      expect(body.message).toBe('Nieprawidłowy typ pliku: dozwolone są obrazy PNG i JPG');
      expect(body.errors).toEqual({ image: ['Nieprawidłowy typ pliku: dozwolone są obrazy PNG i JPG'] });
    }
    const en = await upload([imageFile(pdf)], 'en');
    expect(en.body.message).toBe(translate('en', 'upload.imageType'));
  });

  it('refuses a decompression bomb and a broken image with 422, before decoding them', async () => {
    const bomb = declaredPng(30000, 30000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const res = await upload([imageFile(bomb)]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Nie udało się odczytać obrazu. Zapisz go ponownie jako PNG lub JPG.');
    expect(res.body.errors).toEqual({ image: [res.body.message] });
    expect(performance.now() - started).toBeLessThan(2000);

    const png = await picture(300, 300).png().toBuffer();
    for (const broken of [
      png.subarray(0, 200),
      Buffer.concat([png.subarray(0, 8), randomBytes(5000)]),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(5000)]),
    ]) {
      const r = await upload([imageFile(broken)]);
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Nie udało się odczytać obrazu. Zapisz go ponownie jako PNG lub JPG.');
    }
  });

  it('refuses a file over 5 MB with 413 and accepts one of exactly 5 MB as far as size goes', async () => {
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(6 * 1024 * 1024)]);
    const res = await upload([{ name: 'name', value: 'x' }, imageFile(big)]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Plik jest za duży: obraz może mieć najwyżej 5 MB');
    expect(res.body.errors).toEqual({ image: ['Plik jest za duży: obraz może mieć najwyżej 5 MB'] });
    // At the limit the size passes, and the bytes decide (random bytes: not an image).
    const exact = await upload([imageFile(randomBytes(IMAGE_UPLOAD.maxBytes))]);
    expect(exact.status).toBe(422);
  });

  it('refuses a second file with 422', async () => {
    const png = await picture(100, 100).png().toBuffer();
    const res = await upload([imageFile(png), { ...imageFile(png), name: 'other' }]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Można przesłać tylko jeden obraz');
  });

  it('refuses a body that is not multipart with 415', async () => {
    const json = await t.app.inject({ method: 'POST', url: UPLOAD, payload: { name: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Formularz należy wysłać jako multipart/form-data');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('Formularz należy wysłać jako multipart/form-data');
  });

  it('leaves other routes refusing a form with 415, and unknown addresses 404', async () => {
    const body = multipart([{ name: 'email', value: 'admin@example.com' }]);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', ...body });
    expect(login.statusCode).toBe(415);
    expect(login.json().message).toBe(translate('pl', 'errors.unsupportedMediaType'));
    const nowhere = await t.app.inject({ method: 'POST', url: '/api/no-such-form', ...body });
    expect(nowhere.statusCode).toBe(404);
  });

  it('reads text fields without a file, and treats an empty file input as no file', async () => {
    const json = JSON.stringify({ questions: [{ text: 'Ile?', answers: ['1', '2'] }] });
    const { status, body } = await upload([
      { name: 'questions', value: json },
      { name: 'id', value: '' },
      { name: 'image', filename: '', bytes: Buffer.alloc(0) },
    ]);
    expect(status).toBe(200);
    expect(body.fields).toEqual({ questions: json, id: '' });
    expect(body.file).toBeNull();
    expect(body.image).toBeNull();
    // @fastify/multipart refuses names of Object.prototype, so none can reach a form's object.
    const proto = await upload([{ name: '__proto__', value: '{"admin":true}' }]);
    expect(proto.status).toBe(400);
  });

  it('takes a 5 MiB text field (an article) and refuses bigger or too many fields with 413', async () => {
    const content = 'q'.repeat(5 * 1024 * 1024);
    const ok = await upload([{ name: 'content', value: content }]);
    expect(ok.status).toBe(200);
    expect(ok.body.fields.content!.length).toBe(content.length);

    const tooBig = await upload([{ name: 'content', value: 'q'.repeat(FORM_LIMITS.fieldSize + 1) }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Przesłane dane są zbyt duże');
    // Each field under the cap, together over it.
    const together = await upload([
      { name: 'a', value: 'q'.repeat(FORM_LIMITS.fieldSize / 2 + 1) },
      { name: 'b', value: 'q'.repeat(FORM_LIMITS.fieldSize / 2 + 1) },
    ]);
    expect(together.status).toBe(413);
    const many = await upload(Array.from({ length: 31 }, (_, i) => ({ name: `f${i}`, value: 'x' })));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('Przesłane dane są zbyt duże');
  });

  it('refuses a field sent twice with 422 naming it', async () => {
    const res = await upload([
      { name: 'name', value: 'a' },
      { name: 'name', value: 'b' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['Przesłane dane są nieprawidłowe'] });
  });
});
