import {
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { EXTENSION, type ImageFormat } from './image-urls.ts';

/*
 * Images in an S3-compatible object store (decision 072). One object per variant, under the same name
 * its URL has (`<hash>/<width>.<webp|jpg>`): content-addressed, so an object is written once and never
 * changes, and a CDN in front of the bucket could serve it with the headers written here.
 */

/** The object store as media uses it: a variant's bytes in, a variant's bytes out. */
export interface ImageObjects {
  put(hash: string, width: number, format: ImageFormat, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when the store has no such object. */
  get(hash: string, width: number, format: ImageFormat): Promise<Uint8Array | undefined>;
  /** Throws when the bucket cannot be reached with these settings (the server's start checks it). */
  check(): Promise<void>;
  /** Where the objects are, for messages: `s3://bucket/prefix`. */
  readonly where: string;
  close(): void;
}

export const CONTENT_TYPE: Record<ImageFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** The headers every image answer carries (media.routes.ts), kept on the object too. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

type S3Settings = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

export function s3ImageObjects(c: S3Settings): ImageObjects {
  const bucket = c.S3_BUCKET;
  if (!bucket) throw new Error('s3ImageObjects needs S3_BUCKET');
  const client = new S3Client({
    region: c.S3_REGION,
    endpoint: c.S3_ENDPOINT,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    credentials:
      c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
        : undefined,
    // A store that does not answer must not hold a reader's request (or an upload) for minutes.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
  const key = (hash: string, width: number, format: ImageFormat) =>
    `${c.S3_PREFIX}${hash}/${width}.${EXTENSION[format]}`;
  return {
    where: `s3://${bucket}/${c.S3_PREFIX}`,
    async put(hash, width, format, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(hash, width, format),
          Body: bytes,
          ContentType: CONTENT_TYPE[format],
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(hash, width, format) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(hash, width, format) }));
        return out.Body ? await out.Body.transformToByteArray() : undefined;
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) {
          return undefined;
        }
        throw err;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}

/*
 * Which object store a database's images are in. Keyed by the database handle rather than held in a
 * module variable: the API tests run several apps in one process, each on its own database, and the
 * services that store an image receive only the database (media.service.ts storeImage).
 */
const objectsOf = new WeakMap<DbOrTx, ImageObjects>();

/** From now on, images stored through `db` go to `objects` (app.ts, from IMAGE_STORE=s3; images:move). */
export function keepImagesIn(db: Db, objects: ImageObjects): void {
  objectsOf.set(db, objects);
}

/** The object store new images of `db` go to, or undefined for the database itself. */
export function imageObjectsOf(db: DbOrTx): ImageObjects | undefined {
  return objectsOf.get(db);
}
