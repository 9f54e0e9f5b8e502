import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { encodeImage } from './encode-image.ts';
import { detectImageType, pngHasTrailer } from './image-type.ts';
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
  await repo.insertImage(db, { ...image, createdBy }, encoded.variants);
  return image;
}

/** The bytes of one variant, or undefined when that hash, width or format does not exist. */
export const variantBytes = repo.variantBytes;
