import { ACTIONS, API, ROLES, type Role, rolesWith } from '@incentive/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes as allApiRoutes, createTestAppWithRoutes, type SeenRoute } from '../test/routes.ts';
import { bearer, type TestApp } from '../test/test-app.ts';
import { type Access, authPlugin, PUBLIC } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';

/*
 * The role guard is deny by default: every /api route must declare `config.access`. The routes are
 * the server's own, collected as they are registered (test/routes.ts).
 */

let t: TestApp;
let seen: SeenRoute[] = [];
beforeAll(async () => {
  ({ t, routes: seen } = await createTestAppWithRoutes());
});
afterAll(async () => {
  await t?.close();
});

const apiRoutes = () => allApiRoutes(seen);
/** A concrete URL for a route pattern: parameters become 1, wildcards a plain segment. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
const mayCall = (access: { roles: readonly Role[] }, role: Role) =>
  access.roles.includes(role) || (role === 'root' && access.roles.includes('admin'));

describe('route declarations', () => {
  it('collects the routes of this issue', () => {
    const keys = apiRoutes().map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'POST /api/login',
      'POST /api/logout',
      'GET /api/me',
      'POST /api/set-password',
      'POST /api/resend-set-password',
      'GET /api/health',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('every /api route declares who may call it', () => {
    const missing = apiRoutes()
      .filter((r) => r.declared === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, `routes without config.access: ${missing.join(', ')}`).toEqual([]);
  });

  it('declarations are either public or a non-empty list of known roles', () => {
    for (const r of apiRoutes()) {
      const access = r.declared as Access;
      if ('public' in access) expect(access.public, r.url).toBe(true);
      else {
        expect(access.roles.length, r.url).toBeGreaterThan(0);
        for (const role of access.roles) expect(ROLES, `${r.method} ${r.url}`).toContain(role);
      }
    }
  });

  it('every guarded route names an action of the role policy and lets in exactly the roles that have it', () => {
    for (const r of apiRoutes()) {
      const access = r.declared as Access;
      if ('public' in access) continue;
      expect(ACTIONS, `${r.method} ${r.url}`).toContain(access.action);
      expect(access.roles, `${r.method} ${r.url}`).toEqual(rolesWith(access.action));
    }
  });

  it("every /api route's path comes from the contracts' route table, which the web client uses too", () => {
    const table = new Set<string>(Object.values(API));
    const outside = apiRoutes()
      .filter((r) => !table.has(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(outside, `paths missing from packages/contracts/src/routes.ts: ${outside.join(', ')}`).toEqual([]);
  });

  it('only sign-in, set-password, forgotten password, health and readiness, image variants, the programme settings and the unsubscribe link are public among the API routes', () => {
    const publicRoutes = apiRoutes()
      .filter((r) => r.declared && 'public' in r.declared)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/health',
      // An <img> sends no Bearer token; the SHA-256 in the path is the key (decision 019).
      'GET /api/images/:hash/:file',
      // A mail's one-click unsubscribe: the signed token in the address is the key (decision 065).
      'GET /api/notices/unsubscribe',
      // Readiness, for a load balancer: says only whether this process can serve (decision 069).
      'GET /api/ready',
      // The footer and the rules page, shown before sign-in too (decision 047).
      'GET /api/settings',
      'HEAD /api/health',
      'HEAD /api/images/:hash/:file',
      'HEAD /api/notices/unsubscribe',
      'HEAD /api/ready',
      'HEAD /api/settings',
      'POST /api/forgot-password',
      'POST /api/login',
      'POST /api/notices/unsubscribe',
      'POST /api/set-password',
    ]);
  });

  it('every non-public /api route answers 401 without a token, in JSON', async () => {
    const guarded = apiRoutes().filter((r) => r.declared && 'roles' in r.declared);
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      if (r.method !== 'HEAD') {
        expect(res.json(), `${r.method} ${r.url}`).toEqual({
          message: 'Sesja wygasła lub jest nieprawidłowa. Zaloguj się ponownie.',
        });
      }
    }
  });

  it('every non-public /api route answers 403 to the roles it does not list', async () => {
    const tokens = new Map<Role, string>();
    for (const a of DEMO_ACCOUNTS) tokens.set(a.role, await t.login(a.email));
    for (const r of apiRoutes()) {
      if (!r.declared || !('roles' in r.declared)) continue;
      for (const role of ROLES) {
        if (mayCall(r.declared, role)) continue;
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: bearer(tokens.get(role) as string),
          ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it('public routes never answer 401 or 403 without a token', async () => {
    for (const r of seen.filter((x) => x.declared && 'public' in x.declared)) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: {} });
      expect([401, 403], `${r.method} ${r.url}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json with every route of this issue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/me', '/api/set-password', '/api/resend-set-password']),
    );
    // Every guarded API route of the app is documented.
    for (const r of apiRoutes()) {
      if (r.method === 'HEAD') continue;
      const openApiPath = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('documents the shapes from the zod contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const login = doc.paths['/api/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['email', 'password']);
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    const ok = login.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties).sort()).toEqual(['token', 'token_type']);
    expect(login.security).toEqual([]);
    const me = doc.paths['/api/me'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(me.properties)).toEqual(expect.arrayContaining(['wallet', 'wholesaler_ids', 'warehouses']));
    const setPw = doc.paths['/api/set-password'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(setPw.properties).sort()).toEqual([
      'email',
      'password',
      'password_confirmation',
      'rules',
      'token',
    ]);
  });

  it('serves the interactive page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('HTTP hygiene', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('deny by default', () => {
  it('refuses a route that forgot its declaration with 403, even to a caller without a token', async () => {
    const bare = Fastify();
    bare.decorate('db', t.db);
    await bare.register(errorsPlugin);
    await bare.register(authPlugin);
    bare.get('/api/forgotten', async () => ({ secret: true }));
    bare.get('/api/declared', { config: { access: PUBLIC } }, async () => ({ ok: true }));
    await bare.ready();
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Nie posiadasz uprawnień, akcja nieautoryzowana' });
      expect((await bare.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
