import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runInScope } from '../lib/request-scope.ts';

/**
 * Every request runs inside its acting scope (lib/request-scope.ts): the signed-in user as the auth
 * hook finds it, the client's address (Fastify's `req.ip`, which follows X-Forwarded-For only behind
 * a trusted proxy, TRUST_PROXY) and the request's id. Registered before the auth plugin, so its
 * hooks and the handler run inside the scope (as @fastify/request-context does it).
 */
export const requestScopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, _reply, done) => {
    runInScope(
      {
        actorId: () => req.user?.id ?? null,
        actorRole: () => req.user?.role ?? null,
        ip: () => req.ip ?? null,
        requestId: () => String(req.id),
      },
      done,
    );
  });
});
