import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { articleFields, articleWriteCounts, imagePart, sendForm } from '../../../test/article-fixtures.ts';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { type Db, openPglite } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { images, imageVariants } from '../../db/schema.ts';
import { StartupError } from '../../lib/startup-error.ts';
import { checkImageStore } from '../../startup/image-store.ts';
import { type ImageObjects, imageObjectsOf, keepImagesIn, s3ImageObjects } from './image-objects.ts';
import { EXTENSION, variantUrl, variantWidths } from './image-urls.ts';
import { moveImages } from './move-images.ts';

/*
 * Issue 32 point 5 (decision 072): with IMAGE_STORE=s3 the images' bytes live in an S3-compatible
 * object store (a real one here: s3rver, started by the test), under the same content-addressed URLs;
 * `npm run images:move` takes existing images there and back without a reader ever missing one.
 */

let s3: TestS3;
let t: TestApp;
let admin: string;
let objects: ImageObjects;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: s3.env });
  admin = await t.login('admin@example.com');
  objects = imageObjectsOf(t.db) as ImageObjects;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** A PNG no other test uploads (its own colour), so its hash is new to the store. */
const uniquePng = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: Math.floor(Math.random() * 256), g: 99, b: 17 } },
  })
    .png()
    .toBuffer();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Every variant of every image, as the API serves it: URL → bytes. */
async function servedVariants(db: Db): Promise<Map<string, Buffer>> {
  const rows = await db.select({ hash: images.hash, width: images.width }).from(images).orderBy(images.hash);
  const served = new Map<string, Buffer>();
  for (const row of rows) {
    for (const width of variantWidths(row.width)) {
      for (const format of ['webp', 'jpeg'] as const) {
        const url = variantUrl(row.hash, width, format);
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        served.set(url, res.rawPayload);
      }
    }
  }
  return served;
}

const storeCounts = async (db: Db) =>
  Object.fromEntries(
    (await db.select({ store: images.store, n: count() }).from(images).groupBy(images.store)).map((r) => [
      r.store,
      r.n,
    ]),
  );
const variantRows = async (db: Db) =>
  (
    await queryRows<{ hash: string; width: number; height: number; format: string }>(
      db,
      sql`select image_hash as hash, width, height, format from image_variants order by 1, 2, 4`,
    )
  ).map((r) => `${r.hash}/${r.width}.${r.format} ${r.height}`);

describe('IMAGE_STORE=s3: an S3-compatible object store holds the bytes', () => {
  let hash: string;

  it('an upload goes to objects <hash>/<width>.<ext>, typed and immutable; the database keeps only the row', async () => {
    const png = await uniquePng(1000, 500);
    hash = sha256(png);
    const res = await sendForm(t, 'POST', '/api/admin/articles', admin, [...articleFields(), imagePart(png)]);
    expect(res.statusCode, res.body).toBe(201);

    const [row] = await t.db.select().from(images).where(eq(images.hash, hash));
    expect(row).toMatchObject({ width: 1000, height: 500, store: 's3' });
    const [inDb] = await t.db.select({ n: count() }).from(imageVariants).where(eq(imageVariants.imageHash, hash));
    expect(inDb?.n).toBe(0);

    const keys = (await s3.keys()).filter((k) => k.startsWith(`${hash}/`));
    expect(keys).toEqual(
      ['320', '640', '960', '1000'].flatMap((w) => [`${hash}/${w}.jpg`, `${hash}/${w}.webp`]).sort(),
    );
    const jpeg = await s3.object(`${hash}/640.jpg`);
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' });
    expect((await sharp(jpeg.bytes).metadata()).width).toBe(640);
    expect((await s3.object(`${hash}/1000.webp`)).contentType).toBe('image/webp');
  });

  it('GET /api/images answers the object under the same URL and headers; 304 on its tag; 404 for what is not there', async () => {
    const url = variantUrl(hash, 640, 'jpeg');
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${hash}-640-jpeg"`);
    expect(Buffer.compare(res.rawPayload, Buffer.from((await s3.object(`${hash}/640.jpg`)).bytes))).toBe(0);

    expect((await get(url, { 'if-none-match': `"${hash}-640-jpeg"` })).statusCode).toBe(304);
    // 1280 is a standard width, but not one of a 1000 px image: no call to the store can make it exist.
    for (const missing of [variantUrl(hash, 1280, 'webp'), variantUrl('a'.repeat(64), 640, 'jpeg')]) {
      const r = await get(missing);
      expect(r.statusCode, missing).toBe(404);
      expect(r.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('images stored before the switch (the demo data, in the database) are served beside them', async () => {
    const [old] = await t.db
      .select({ hash: images.hash, width: images.width })
      .from(images)
      .where(eq(images.store, 'database'))
      .limit(1);
    expect(old).toBeDefined();
    const width = variantWidths(old!.width)[0]!;
    const [variant] = await t.db
      .select({ bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(sql`${imageVariants.imageHash} = ${old!.hash} and ${imageVariants.width} = ${width} and format = 'webp'`);
    const res = await get(variantUrl(old!.hash, width, 'webp'));
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, Buffer.from(variant!.bytes))).toBe(0);
  });

  it('images:move takes every image to the store and back, byte for byte, and again moves nothing', async () => {
    const before = await servedVariants(t.db);
    const rowsBefore = await variantRows(t.db);
    const counts = { database: 0, s3: 0, ...(await storeCounts(t.db)) };
    expect(counts.database).toBeGreaterThan(3);

    const there = await moveImages(t.db, objects, 's3');
    expect(there.failed).toEqual([]);
    expect(there.moved).toBe(counts.database);
    expect(there.variants).toBe(rowsBefore.length);
    expect(await storeCounts(t.db)).toEqual({ s3: counts.database + counts.s3 });
    expect((await t.db.select({ n: count() }).from(imageVariants))[0]?.n).toBe(0);
    for (const key of Object.keys(Object.fromEntries(before))) expect(key).toMatch(/^\/api\/images\//);
    const whileThere = await servedVariants(t.db);
    expect([...whileThere.keys()]).toEqual([...before.keys()]);
    for (const [url, bytes] of before) expect(Buffer.compare(whileThere.get(url)!, bytes), url).toBe(0);
    expect((await moveImages(t.db, objects, 's3')).moved).toBe(0);

    const back = await moveImages(t.db, objects, 'database');
    expect(back.failed).toEqual([]);
    expect(back.moved).toBe(counts.database + counts.s3);
    expect(await storeCounts(t.db)).toEqual({ database: counts.database + counts.s3 });
    // The rows come back as they were (heights read from the objects), plus the uploaded image's.
    const rowsAfter = await variantRows(t.db);
    expect(rowsAfter.filter((r) => !r.startsWith(hash))).toEqual(rowsBefore.filter((r) => !r.startsWith(hash)));
    expect(rowsAfter.filter((r) => r.startsWith(hash))).toContain(`${hash}/640.jpeg 320`);
    const afterBack = await servedVariants(t.db);
    for (const [url, bytes] of before) expect(Buffer.compare(afterBack.get(url)!, bytes), url).toBe(0);
  });

  it('an object missing from the store keeps its image where it is, says which, and the others still move', async () => {
    await moveImages(t.db, objects, 's3');
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: `${hash}/960.${EXTENSION.webp}` }));
    const back = await moveImages(t.db, objects, 'database');
    expect(back.failed).toEqual([{ hash, reason: expect.stringContaining('960.webp is missing') }]);
    const [row] = await t.db.select({ store: images.store }).from(images).where(eq(images.hash, hash));
    expect(row?.store).toBe('s3');
    expect(await storeCounts(t.db)).toMatchObject({ s3: 1 });
    // Its other variants are still served from the store.
    expect((await get(variantUrl(hash, 640, 'webp'))).statusCode).toBe(200);
  });

  it('an upload while the store cannot be reached is refused (503, in Polish), writes nothing and is logged', async () => {
    const logged: string[] = [];
    const down = await createTestApp({
      env: { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' },
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    try {
      const token = await down.login('admin@example.com');
      const before = await articleWriteCounts(down.db);
      const res = await sendForm(down, 'POST', '/api/admin/articles', token, [
        ...articleFields(),
        imagePart(await uniquePng(400, 300)),
      ]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'Nie udało się zapisać obrazu. Spróbuj ponownie za chwilę.',
        errors: { image: ['Nie udało się zapisać obrazu. Spróbuj ponownie za chwilę.'] },
      });
      expect(await articleWriteCounts(down.db)).toEqual(before);
      const line = logged.map((l) => JSON.parse(l)).find((l) => l.msg === 'upload.imageStoreUnavailable');
      expect(line?.err?.message ?? line?.err?.type).toBeTruthy();
      expect(JSON.stringify(line)).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    } finally {
      await down.close();
    }
  });

  it('the server does not start with images it cannot read, nor with a store it cannot reach', async () => {
    const databaseOnly = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir });
    const db = t.db;
    // This database has an image in the store (previous test): a process without S3 settings refuses.
    const plain = await openTestDatabase();
    try {
      await plain.db.update(images).set({ store: 's3' }).where(sql`hash = (select min(hash) from images)`);
      await expect(checkImageStore(databaseOnly, plain.db)).rejects.toThrow(
        /1 image\(s\) are kept in an object store, but IMAGE_STORE is database/,
      );
      const unreachable = { ...t.config, S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'nowhere' };
      keepImagesIn(plain.db, s3ImageObjects(unreachable));
      const err = await checkImageStore(unreachable, plain.db).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StartupError);
      expect((err as Error).message).toMatch(/^Images: the object store s3:\/\/nowhere\/ cannot be used/);
      expect((err as Error).message).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    } finally {
      imageObjectsOf(plain.db)?.close();
      await plain.close();
    }
    await expect(checkImageStore(t.config, db)).resolves.toBeUndefined();
  });
});

describe('npm run images:move (the command)', () => {
  const template = inject('dbTemplate');

  it("moves a stopped embedded database's images, or a PostgreSQL database's, and says how many", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-images-move-'));
    let env: Record<string, string>;
    let reopen: () => Promise<{ db: Db; close(): Promise<void> }>;
    let close = async () => {};
    if (template.kind === 'pglite') {
      const dir = path.join(dataDir, 'db');
      const seeded = await openPglite({ dir, loadDataDir: new Blob([await readFile(template.dumpFile)]) });
      await seeded.close();
      env = { DATA_DIR: dataDir };
      reopen = () => openPglite({ dir });
    } else {
      const copy = await openTestDatabase();
      env = { DATA_DIR: dataDir, DATABASE_URL: copy.url as string };
      reopen = async () => ({ db: copy.db, close: async () => {} });
      close = () => copy.close();
    }
    try {
      // Not spawnSync: the store answering the command is in this process, and must keep running.
      const run = (...args: string[]) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(
            process.execPath,
            ['--import', 'tsx', 'src/ops/images-move.cli.ts', ...args],
            {
              cwd: path.resolve(import.meta.dirname, '../../..'),
              env: { ...process.env, ...s3.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
              timeout: 60_000,
            },
            (err, stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
          );
        });
      const wrong = await run('--to', 'somewhere');
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toContain('--to s3, or --to database');

      const moved = await run('--to', 's3');
      expect(moved.stderr).toBe('');
      expect(moved.status).toBe(0);
      const n = Number(/Images: (\d+) in the database, 0 in s3:\/\/incentive-images\//.exec(moved.stdout)?.[1]);
      expect(n).toBeGreaterThan(3);
      expect(moved.stdout).toMatch(
        new RegExp(`moved ${n} \\(\\d+ variants, [\\d.]+ MB\\); now 0 in the database, ${n} in`),
      );

      const db = await reopen();
      try {
        expect(await storeCounts(db.db)).toEqual({ s3: n });
      } finally {
        await db.close();
      }
    } finally {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
