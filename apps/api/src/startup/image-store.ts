import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { StartupError } from '../lib/startup-error.ts';
import { imageObjectsOf } from '../modules/media/image-objects.ts';
import { imagesByStore } from '../modules/media/move-images.ts';

/**
 * Before the server takes requests (decision 072): with IMAGE_STORE=s3 the bucket answers; without it,
 * no image waits in an object store this process cannot read (its pictures would all be broken).
 */
export async function checkImageStore(config: Config, db: Db): Promise<void> {
  const objects = imageObjectsOf(db);
  if (objects) {
    try {
      await objects.check();
    } catch (err) {
      const why = err instanceof Error ? err.name : 'no answer';
      throw new StartupError(
        `Images: the object store ${objects.where} cannot be used (${why}). Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials, or set IMAGE_STORE=database.`,
      );
    }
    return;
  }
  const { s3 } = await imagesByStore(db);
  if (config.IMAGE_STORE === 'database' && s3 > 0) {
    throw new StartupError(
      `Images: ${s3} image(s) are kept in an object store, but IMAGE_STORE is database. Set IMAGE_STORE=s3 and the S3_* settings as before, or bring them back first with npm run images:move -- --to database (docs/production.md, "Images").`,
    );
  }
}
