import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes compression saves less than the headers and the CPU cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses responses on the fly (brotli at quality 4, else gzip) for clients that accept it:
 * JSON answers, including the list pages sent as prepared JSON text, and CSV streams. The built
 * web app's files come precompressed from the build (plugins/web.ts) and carry their own
 * content-encoding, which this plugin leaves alone. Registered before the routes so its hook covers them.
 */
export const compressPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
});
