/**
 * `npm run images:move -- --to s3` (or `--to database`): moves the images' bytes between the database
 * and the S3-compatible object store the S3_* settings name, while the servers run (decision 072;
 * docs/production.md, "Images"). Idempotent: run it again after a failure.
 */
import '../runtime-check.ts';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { StartupError } from '../lib/startup-error.ts';
import { s3ImageObjects } from '../modules/media/image-objects.ts';
import { imagesByStore, moveImages } from '../modules/media/move-images.ts';

const config = loadConfigOrExit();
const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3' && values.to !== 'database') {
  console.error('Images: say where to: npm run images:move -- --to s3, or --to database.');
  process.exit(1);
}
if (!config.S3_BUCKET) {
  console.error(
    'Images: S3_BUCKET and the other S3_* settings must name the object store (docs/production.md, "Images").',
  );
  process.exit(1);
}
if (values.to === 's3' && config.IMAGE_STORE !== 's3') {
  // Servers still writing new images to the database would leave some behind this run.
  console.warn(
    'Images: IMAGE_STORE is not s3 here; set it on every server too, or new uploads keep going to the database.',
  );
}

const objects = s3ImageObjects(config);
try {
  await objects.check();
} catch (err) {
  console.error(
    `Images: the object store ${objects.where} cannot be used (${err instanceof Error ? err.name : 'no answer'}); nothing moved.`,
  );
  process.exit(1);
}
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
  await database.migrate();
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const before = await imagesByStore(database.db);
console.log(`Images: ${before.database} in the database, ${before.s3} in ${objects.where}; moving to ${values.to}.`);
let shown = 0;
const r = await moveImages(database.db, objects, values.to, (p) => {
  if (p.moved + p.failed.length - shown >= 100) {
    shown = p.moved + p.failed.length;
    console.log(`Images: ${p.moved} moved, ${p.failed.length} failed so far`);
  }
});
for (const f of r.failed) console.error(`Images: ${f.hash} not moved: ${f.reason}`);
const after = await imagesByStore(database.db);
console.log(
  `Images: moved ${r.moved} (${r.variants} variants, ${(r.bytes / 1024 / 1024).toFixed(1)} MB); now ${after.database} in the database, ${after.s3} in ${objects.where}.`,
);
objects.close();
await database.close();
if (r.failed.length > 0) process.exitCode = 1;
