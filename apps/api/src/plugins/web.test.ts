import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPglite } from '../db/client.ts';

/** The SPA is served from a built folder; these rules keep reloads, caching and stale pages right. */
describe('serving the built web app', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    database = await openPglite();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dist, WEB_DIST: dist, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, db: database.db, serveWeb: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html, never cached, at / and at every client route', async () => {
    for (const url of ['/', '/dashboard', '/warehouse/details/3', '/register?token=x&email=a@b.pl']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("serves the build's first-load page for its path, index.html for every other path", async () => {
    // As apps/web/src/first-load/first-load-html.ts writes them: a page per first-visited route, and their index.
    mkdirSync(path.join(dist, 'pages'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'pages', 'login.html'), '<!doctype html><title>login</title>');
    writeFileSync(
      path.join(dist, '.vite', 'first-load-pages.json'),
      JSON.stringify({
        '/': 'pages/login.html',
        '/dashboard': 'pages/dashboard.html',
        '/quiz-ph/:id': 'pages/quiz.html',
      }),
    );
    writeFileSync(path.join(dist, 'pages', 'quiz.html'), '<!doctype html><title>quiz</title>');
    try {
      // A route with an id: one page for every numeric id, and only for those.
      for (const url of ['/quiz-ph/7', '/quiz-ph/123456/']) {
        expect((await app.inject({ method: 'GET', url })).body, url).toBe('<!doctype html><title>quiz</title>');
      }
      for (const url of ['/quiz-ph/summary', '/quiz-ph/7/x', '/quiz-ph']) {
        expect((await app.inject({ method: 'GET', url })).body, url).toBe('<!doctype html><title>app</title>');
      }
      for (const url of ['/', '/?next=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><title>login</title>');
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      // Its file missing (a build in progress): index.html, as for any other path.
      for (const url of ['/dashboard', '/withdraw', '/constructor', '/toString']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><title>app</title>');
      }
      // The build's own records are not for the browser.
      expect((await app.inject({ method: 'GET', url: '/.vite/first-load-pages.json' })).statusCode).toBe(404);
    } finally {
      rmSync(path.join(dist, 'pages'), { recursive: true });
      rmSync(path.join(dist, '.vite'), { recursive: true });
    }
  });

  it("allows a first-load page's inline script by its hash, on that page only", async () => {
    // As the build writes them for the rep home's shell (decision 027); one entry is not a hash at all.
    const hash = `'sha256-${'A'.repeat(43)}='`;
    mkdirSync(path.join(dist, 'pages'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'pages', 'dashboard.html'), '<!doctype html><title>dashboard</title>');
    writeFileSync(path.join(dist, 'pages', 'login.html'), '<!doctype html><title>login</title>');
    writeFileSync(
      path.join(dist, '.vite', 'first-load-pages.json'),
      JSON.stringify({ '/': 'pages/login.html', '/dashboard': 'pages/dashboard.html' }),
    );
    writeFileSync(
      path.join(dist, '.vite', 'first-load-scripts.json'),
      JSON.stringify({ 'pages/dashboard.html': [hash, "'unsafe-inline'"] }),
    );
    try {
      const dashboard = await app.inject({ method: 'GET', url: '/dashboard' });
      expect(dashboard.body).toBe('<!doctype html><title>dashboard</title>');
      const csp = String(dashboard.headers['content-security-policy']);
      expect(csp.match(/script-src[^;]*/)?.[0]).toBe(`script-src 'self' ${hash}`);
      for (const url of ['/', '/withdraw', '/api/health']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self';/);
      }
    } finally {
      rmSync(path.join(dist, 'pages'), { recursive: true });
      rmSync(path.join(dist, '.vite'), { recursive: true });
    }
  });

  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves a file added after start (a rebuild needs no restart)', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2)');
    expect((await app.inject({ method: 'GET', url: '/assets/app-new456.js' })).statusCode).toBe(200);
  });

  it('answers a missing file with 404, not index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Nie ma takiego adresu API');
  });
});
