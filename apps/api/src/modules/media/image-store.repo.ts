import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema.ts';
import type { ImageFormat } from './image-urls.ts';

/* The statements of images:move (move-images.ts, decision 072): which images are where, and the switches. */

export type ImageStoreName = 'database' | 's3';

/** One page of the images kept in `store`, in hash order after `after`. */
export function imagesInStore(db: Db, store: ImageStoreName, after: string, limit: number) {
  return db
    .select({ hash: images.hash, width: images.width })
    .from(images)
    .where(and(eq(images.store, store), gt(images.hash, after)))
    .orderBy(asc(images.hash))
    .limit(limit);
}

export async function databaseVariants(db: Db, hash: string) {
  const rows = await db
    .select({ width: imageVariants.width, format: imageVariants.format, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(eq(imageVariants.imageHash, hash));
  return rows.map((r) => ({ ...r, format: r.format as ImageFormat }));
}

/** The image is in the object store now: the row says so and its variant rows go, in one statement. */
export async function switchToObjects(db: Db, hash: string): Promise<void> {
  // Only if it is still in the database (another run may have moved it meanwhile).
  await db.execute(sql`
    with moved as (
      update ${images} set store = 's3' where hash = ${hash} and store = 'database' returning hash
    )
    delete from ${imageVariants} where image_hash in (select hash from moved)`);
}

/** The image is back in the database: its variant rows and the switch, in one transaction. */
export async function switchToDatabase(
  db: Db,
  hash: string,
  variants: { width: number; height: number; format: ImageFormat; bytes: Uint8Array }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(imageVariants)
      .values(variants.map((v) => ({ ...v, imageHash: hash })))
      .onConflictDoNothing();
    await tx
      .update(images)
      .set({ store: 'database' })
      .where(and(eq(images.hash, hash), eq(images.store, 's3')));
  });
}

/** How many images each place holds (the command's summary, the server's start check). */
export async function imagesByStore(db: Db): Promise<Record<ImageStoreName, number>> {
  const rows = await db
    .select({ store: images.store, n: sql<number>`count(*)::int` })
    .from(images)
    .groupBy(images.store);
  const count = (s: ImageStoreName) => Number(rows.find((r) => r.store === s)?.n ?? 0);
  return { database: count('database'), s3: count('s3') };
}
