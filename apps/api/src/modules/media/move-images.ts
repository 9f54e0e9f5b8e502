import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { ImageObjects } from './image-objects.ts';
import * as repo from './image-store.repo.ts';
import { type ImageFormat, variantWidths } from './image-urls.ts';

/*
 * `npm run images:move -- --to s3|database` (decision 072): moves the bytes of every image kept in one
 * place to the other, one image at a time, while the servers run. Each image is copied first and
 * switched after, in one statement, so a reader finds its bytes at every moment; run it again after a
 * failure and it goes on with the images still left.
 */

export type { ImageStoreName } from './image-store.repo.ts';
export { imagesByStore } from './image-store.repo.ts';

export interface MoveResult {
  moved: number;
  variants: number;
  bytes: number;
  /** Images that could not be moved, with why (they stay where they were). */
  failed: { hash: string; reason: string }[];
}

const FORMATS: ImageFormat[] = ['webp', 'jpeg'];
const PAGE = 50;

/** The images kept in `store`, a page at a time, so a large library never loads at once. */
async function* imagesIn(db: Db, store: repo.ImageStoreName) {
  let after = '';
  for (;;) {
    const page = await repo.imagesInStore(db, store, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.hash;
  }
}

/** Database → object store: put every variant, then switch. */
async function toObjects(db: Db, objects: ImageObjects, hash: string): Promise<{ variants: number; bytes: number }> {
  const variants = await repo.databaseVariants(db, hash);
  if (variants.length === 0) throw new Error('no variants in the database');
  for (const v of variants) await objects.put(hash, v.width, v.format, v.bytes);
  await repo.switchToObjects(db, hash);
  return { variants: variants.length, bytes: variants.reduce((n, v) => n + v.bytes.byteLength, 0) };
}

/** Object store → database: every variant the widths say must exist, then switch. */
async function toDatabase(
  db: Db,
  objects: ImageObjects,
  image: { hash: string; width: number },
): Promise<{ variants: number; bytes: number }> {
  const wanted = variantWidths(image.width).flatMap((width) => FORMATS.map((format) => ({ width, format })));
  const variants = await Promise.all(
    wanted.map(async ({ width, format }) => {
      const bytes = await objects.get(image.hash, width, format);
      if (!bytes) throw new Error(`${width}.${format} is missing from ${objects.where}`);
      const { height } = await sharp(bytes).metadata();
      return { width, height, format, bytes };
    }),
  );
  await repo.switchToDatabase(db, image.hash, variants);
  return { variants: variants.length, bytes: variants.reduce((n, r) => n + r.bytes.byteLength, 0) };
}

export async function moveImages(
  db: Db,
  objects: ImageObjects,
  to: repo.ImageStoreName,
  progress: (r: MoveResult) => void = () => {},
): Promise<MoveResult> {
  const result: MoveResult = { moved: 0, variants: 0, bytes: 0, failed: [] };
  for await (const image of imagesIn(db, to === 's3' ? 'database' : 's3')) {
    try {
      const done = to === 's3' ? await toObjects(db, objects, image.hash) : await toDatabase(db, objects, image);
      result.moved++;
      result.variants += done.variants;
      result.bytes += done.bytes;
    } catch (err) {
      result.failed.push({ hash: image.hash, reason: err instanceof Error ? err.message : String(err) });
    }
    progress(result);
  }
  return result;
}
