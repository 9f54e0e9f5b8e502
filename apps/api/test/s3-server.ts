import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for the tests (s3rver: the S3 HTTP API over files in a temp folder,
 * checking request signatures), with one bucket, and the settings that point the API at it.
 */
export interface TestS3 {
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes and the headers it was stored with. */
  object(key: string): Promise<{ bytes: Uint8Array; contentType?: string; cacheControl?: string }>;
  client: S3Client;
  close(): Promise<void>;
}

// s3rver's fixed credentials: it checks each request's signature against them.
const KEY = 'S3RVER';

export async function startTestS3(bucket = 'incentive-images'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'incentive-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env: {
      IMAGE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: (await out.Body?.transformToByteArray()) ?? new Uint8Array(),
        contentType: out.ContentType,
        cacheControl: out.CacheControl,
      };
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
