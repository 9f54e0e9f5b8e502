import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, notFound } from '../lib/app-error.ts';

/**
 * Serves the built SPA: hashed assets with a one-year cache, and index.html (never cached)
 * for every non-API path so client-side routes survive a reload. Files are looked up on request
 * (a rebuild is served without a restart); a missing file is a 404, never index.html, so a stale
 * page fails loudly instead of parsing HTML as JavaScript. The build also writes each text file as
 * .br and .gz (vite.config.ts): the variant the client accepts is sent as it is, with
 * `content-encoding` and `vary: accept-encoding`, so no asset is compressed per request.
 * A path the build wrote a first-load page for (the login page pre-rendered, the rep's first pages
 * naming their chunks: apps/web/src/first-load/first-load-html.ts) gets that page instead of index.html.
 */
export async function webPlugin(app: FastifyInstance, opts: { dist?: string }) {
  const dist = path.resolve(opts.dist ?? '.');
  const hasWeb = opts.dist !== undefined && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      // The build's own records (.vite/manifest.json, .build-stamp.json) are not for the browser.
      dotfiles: 'ignore',
      setHeaders(reply, file) {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // `/` is a page like any other (the static plugin serves no index): the login page the build pre-rendered.
  if (hasWeb) app.get('/', (_req, reply) => sendPage(reply, dist, '/'));
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasWeb || req.method !== 'GET' || looksLikeFile) {
      throw req.url.startsWith('/api') ? new AppError(404, 'errors.routeNotFound') : notFound();
    }
    return sendPage(reply, dist, pathname);
  });
}

/**
 * A path's page, never cached. A page with inline scripts (the rep home's shell, decision 027) gets
 * their hashes added to the CSP's script-src, for that response only: every other response keeps
 * `script-src 'self'`.
 */
function sendPage(reply: FastifyReply, dist: string, pathname: string) {
  const page = firstLoadPage(dist, pathname);
  const hashes = inlineScripts(dist, page);
  const csp = reply.getHeader('content-security-policy');
  if (hashes.length && typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`));
  }
  return reply.header('cache-control', 'no-cache').sendFile(page);
}

/** The CSP sources of a page's inline scripts (dist/.vite/first-load-scripts.json, written by the build). */
function inlineScripts(dist: string, page: string): string[] {
  try {
    const scripts = JSON.parse(readFileSync(path.join(dist, '.vite/first-load-scripts.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    const hashes = Object.hasOwn(scripts, page) ? scripts[page] : undefined;
    return Array.isArray(hashes) ? hashes.filter((h) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(h)) : [];
  } catch {
    return [];
  }
}

/** The build's page for a path (dist/.vite/first-load-pages.json, read per page load: a rebuild needs no restart). */
function firstLoadPage(dist: string, pathname: string): string {
  const normal = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    const pages = JSON.parse(readFileSync(path.join(dist, '.vite/first-load-pages.json'), 'utf8')) as Record<
      string,
      string
    >;
    // A route with an id (`/quiz-ph/:id`) has one page for every id: its key names the pattern.
    const pattern = normal.replace(/\/\d{1,18}$/, '/:id');
    const key = Object.hasOwn(pages, normal)
      ? normal
      : pattern !== normal && Object.hasOwn(pages, pattern)
        ? pattern
        : undefined;
    const page = key === undefined ? undefined : pages[key];
    if (page && existsSync(path.join(dist, page))) return page;
  } catch {
    // A build without first-load pages (or a test's dist): every path gets index.html.
  }
  return 'index.html';
}
