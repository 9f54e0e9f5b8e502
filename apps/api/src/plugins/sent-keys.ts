import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The top-level keys of the JSON body as the client sent it, read before validation fills in
     * defaults and nulls (null when the body is not an object). An edit uses it to keep the
     * optional fields a request left out.
     */
    sentKeys: ReadonlySet<string> | null;
  }
}

export const sentKeysPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('sentKeys', null);
  app.addHook('preValidation', (req, _reply, done) => {
    const body = req.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) req.sentKeys = new Set(Object.keys(body));
    done();
  });
});
