import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers are private: sign-in tokens, full card numbers (admins), payout files, personal data.
 * None may be kept by a browser or proxy cache, so every /api answer says `no-store` unless its route
 * chose otherwise. The API documentation and the web app keep their own caching.
 */
export const noStorePlugin = fp(async (app: FastifyInstance) => {
  // Callback style, as every hook run on each request: an async hook costs a promise and a turn.
  app.addHook('onSend', (req, reply, _payload, done) => {
    const url = req.url;
    if (url.startsWith('/api/') && !url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
});
