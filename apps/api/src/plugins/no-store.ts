import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers are private: sign-in tokens, full card numbers (admins), payout files, personal data.
 * None may be kept by a browser or proxy cache, so every /api answer says `no-store` unless its route
 * chose otherwise. The API documentation and the web app keep their own caching.
 */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply) => {
    const url = req.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
