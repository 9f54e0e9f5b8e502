import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The product's Content-Security-Policy: the app's own scripts, styles inline (Mantine), images
 * from itself or data/blob URLs (previews) and YouTube's video stills, and only the two video hosts in frames. HTML pages with
 * inline scripts add their hashes to script-src per response (plugins/web.ts).
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // i.ytimg.com: the poster of a YouTube video on a rep list's card, before the player is loaded.
      imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    },
  },
};

/**
 * helmet's headers for these options, worked out once: helmet's middleware is run against a
 * recorder instead of a response. The headers do not depend on the request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet(options) as unknown as (req: object, res: typeof recorder, next: () => void) => void;
  middleware({}, recorder, () => {});
  return headers;
}

/**
 * Sets helmet's security headers (CSP, nosniff, frame-ancestors, HSTS, …) on every response.
 *
 * Why not @fastify/helmet: it builds helmet's middleware anew on every request (parsing the CSP
 * directives and making a dozen closures), which was several percent of the CPU of a small API
 * answer (issue 16, point 7). The headers are the same for every request, so they are computed
 * once and copied onto each reply in an onRequest hook, which also covers 404s and errors.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
