import { createHash } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { encodeImage } from './encode-image.ts';
import { imageObjectsOf } from './image-objects.ts';
import { detectImageType, pngHasTrailer } from './image-type.ts';
import { type ImageFormat, variantWidths } from './image-urls.ts';
import * as repo from './media.repo.ts';

export { imageOf, variantWidths } from './image-urls.ts';

export interface StoredImage {
  hash: string;
  width: number;
  height: number;
}

/**
 * Stores an uploaded PNG or JPEG as its re-encoded variants (docs/decisions/019) and returns the
 * row to keep in the owner's `image_hash` and to pass to imageOf. The type is decided by the
 * bytes alone. Same bytes, same SHA-256: an image already stored is not decoded again.
 * Pass the database, not a transaction: the encoding takes a while and must not hold one open;
 * the rows are written in one statement and the owner can then point at the hash in its own.
 */
export async function storeImage(db: DbOrTx, bytes: Buffer, createdBy: number | null): Promise<StoredImage> {
  const type = detectImageType(bytes);
  // A PNG with data after its end is a polyglot (HTML, script or an archive riding along).
  if (!type || (type === 'png' && pngHasTrailer(bytes))) {
    throw new AppError(422, 'upload.imageType', {}, { image: ['upload.imageType'] });
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const existing = await repo.findImage(db, hash);
  if (existing) return existing;
  const encoded = await encodeImage(bytes, type);
  const image = { hash, width: encoded.width, height: encoded.height };
  const objects = imageObjectsOf(db);
  if (objects) {
    // Objects first, then the row: a row never points at bytes that are not there yet. Should the row
    // not follow, the objects are harmless (the same bytes get the same names on the next upload).
    try {
      await Promise.all(encoded.variants.map((v) => objects.put(hash, v.width, v.format, v.bytes)));
    } catch (err) {
      // The store did not take it (down, or refusing our keys): nothing is written, the form can be sent again.
      const refused = new AppError(
        503,
        'upload.imageStoreUnavailable',
        {},
        { image: ['upload.imageStoreUnavailable'] },
      );
      refused.cause = err;
      throw refused;
    }
    await repo.insertImageRow(db, { ...image, createdBy });
  } else {
    await repo.insertImage(db, { ...image, createdBy }, encoded.variants);
  }
  return image;
}

/** The bytes of one variant, or undefined when that hash, width or format does not exist. */
export async function variantBytes(
  db: Db,
  hash: string,
  width: number,
  format: ImageFormat,
): Promise<Uint8Array | undefined> {
  const found = await repo.findVariant(db, hash, width, format);
  if (!found || found.store === 'database') return found?.bytes ?? undefined;
  if (!variantWidths(found.largest).includes(width)) return undefined;
  const objects = imageObjectsOf(db);
  // The server refuses to start in this state (startup/image-store.ts); this guards a process that did.
  if (!objects) throw new Error(`image ${hash} is in the object store, but IMAGE_STORE is not s3`);
  return objects.get(hash, width, format);
}
