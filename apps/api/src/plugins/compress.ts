import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes compression saves less than the headers and the CPU cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Bodies up to this many bytes are compressed in one call; larger ones go through a zlib stream.
 * The plugin's default on 2 cores is 8 KiB, so a 10-row list page of 8–12 KiB (articles, regional
 * managers) took the stream, which cost ~0.4 ms more CPU per response than the compression itself
 * (decision 032). Brotli at quality 4 does 32 KiB in ~0.5 ms: the event loop is never held long.
 */
export const COMPRESS_SYNC_MAX = 32 * 1024;

/**
 * Compresses responses on the fly for clients that accept it: JSON answers, including the list
 * pages sent as prepared JSON text, and CSV streams. gzip first, brotli (quality 4) for a client
 * that takes only brotli: on API answers of 2–30 KiB gzip makes the same bytes (±2%) with a third
 * to half less CPU, as brotli's set-up costs more than such a body's compression (decision 040).
 * The built
 * web app's files come precompressed from the build (plugins/web.ts) and carry their own
 * content-encoding, which this plugin leaves alone. Registered before the routes so its hook covers them.
 */
export const compressPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_SYNC_MAX,
    encodings: ['gzip', 'br'],
  });
});
