import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema.ts';
import type { EncodedVariant } from './encode-image.ts';
import type { ImageFormat } from './image-urls.ts';

export interface ImageRow {
  hash: string;
  width: number;
  height: number;
}

export async function findImage(db: DbOrTx, hash: string): Promise<ImageRow | undefined> {
  const [row] = await db
    .select({ hash: images.hash, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.hash, hash));
  return row;
}

/**
 * The image and all its variants in ONE statement (atomic on its own, no transaction to hold).
 * ON CONFLICT DO NOTHING: two uploads of the same bytes race harmlessly to the same rows.
 */
export async function insertImage(
  db: DbOrTx,
  image: ImageRow & { createdBy: number | null },
  variants: EncodedVariant[],
): Promise<void> {
  const rows = variants.map(
    (v) => sql`(${image.hash}, ${v.width}::int, ${v.height}::int, ${v.format}, ${v.bytes}::bytea)`,
  );
  await db.execute(sql`
    with img as (
      insert into ${images} (hash, width, height, created_by)
      values (${image.hash}, ${image.width}::int, ${image.height}::int, ${image.createdBy}::int)
      on conflict do nothing
    )
    insert into ${imageVariants} (image_hash, width, height, format, bytes)
    values ${sql.join(rows, sql`, `)}
    on conflict do nothing`);
}

/** An image kept in the object store: only its row here, `store = 's3'` (the objects are written first). */
export async function insertImageRow(db: DbOrTx, image: ImageRow & { createdBy: number | null }): Promise<void> {
  await db
    .insert(images)
    .values({ hash: image.hash, width: image.width, height: image.height, createdBy: image.createdBy, store: 's3' })
    .onConflictDoNothing();
}

export interface VariantLookup {
  store: 'database' | 's3';
  /** The largest variant's width: which widths exist follows from it (variantWidths). */
  largest: number;
  /** The variant's bytes when they are in the database. */
  bytes: Uint8Array | null;
}

/** Where one variant is, and its bytes when the database holds them: one primary-key read. */
export async function findVariant(
  db: DbOrTx,
  hash: string,
  width: number,
  format: ImageFormat,
): Promise<VariantLookup | undefined> {
  const [row] = await db
    .select({ store: images.store, largest: images.width, bytes: imageVariants.bytes })
    .from(images)
    .leftJoin(
      imageVariants,
      and(eq(imageVariants.imageHash, images.hash), eq(imageVariants.width, width), eq(imageVariants.format, format)),
    )
    .where(eq(images.hash, hash));
  return row && { ...row, store: row.store === 's3' ? 's3' : 'database' };
}
