import { API } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { PUBLIC } from '../../plugins/auth.ts';
import { CONTENT_TYPE, IMMUTABLE } from './image-objects.ts';
import { parseVariantFile } from './image-urls.ts';
import * as service from './media.service.ts';

const paramsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  file: z.string().max(16),
});

/**
 * If-None-Match holds this tag; weak comparison, as RFC 9110 says for this header. `*` is not
 * answered here: it asks whether the variant exists, which only the database read can tell.
 */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Image variants, public: an <img> cannot send the Bearer token, and the SHA-256 in the path is
 * unguessable. The bytes under a URL never change, so browsers and proxies keep them for a year.
 */
export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    API.image,
    {
      config: { access: PUBLIC },
      // WebP and JPEG are compressed already: gzip would only cost CPU.
      compress: false,
      schema: {
        tags: ['media'],
        summary: 'One variant of an uploaded image: /api/images/{sha256}/{width}.webp or .jpg',
        // The 200 answer is the image bytes, 304 has none, 404 and 422 the usual error JSON.
        params: paramsSchema,
      },
    },
    async (req, reply) => {
      const variant = parseVariantFile(req.params.file);
      if (!variant) throw notFound();
      // Content-addressed, so the tag is known without reading the database.
      const etag = `"${req.params.hash}-${variant.width}-${variant.format}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const bytes = await service.variantBytes(app.db, req.params.hash, variant.width, variant.format);
      if (!bytes) {
        reply.removeHeader('cache-control').removeHeader('etag');
        throw notFound();
      }
      return reply
        .type(CONTENT_TYPE[variant.format])
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
