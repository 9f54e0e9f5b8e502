import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../src/plugins/auth.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/*
 * The server's own route table, as it is registered: an onRoute hook added through Fastify's
 * `fastify.initialization` diagnostics channel (before any plugin), so buildApp exposes nothing.
 */

export interface SeenRoute {
  method: string;
  url: string;
  /** The access declaration as the route itself declared it (before any plugin defaults). */
  declared: Access | undefined;
  /** Content types its body may have (`multipart/form-data` for the upload routes). */
  consumes: readonly string[];
  /** The route says its writes change no session (decision 041). */
  keepsSessions: boolean;
}

/** A test app and every route it registered. */
export async function createTestAppWithRoutes(opts: TestAppOptions = {}): Promise<{ t: TestApp; routes: SeenRoute[] }> {
  const routes: SeenRoute[] = [];
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = route.config as { access?: Access; keepsSessions?: true } | undefined;
      const declared = config?.access;
      const keepsSessions = config?.keepsSessions === true;
      const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes ?? [];
      for (const method of methods)
        routes.push({ method: String(method), url: route.url, declared, consumes, keepsSessions });
    });
  };
  diagnostics.subscribe('fastify.initialization', collect);
  try {
    return { t: await createTestApp(opts), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collect);
  }
}

/** The API's routes, without the OpenAPI document's own. */
export const apiRoutes = (routes: readonly SeenRoute[]) =>
  routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
