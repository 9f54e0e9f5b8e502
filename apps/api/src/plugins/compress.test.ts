import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API } from '@incentive/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { COMPRESS_SYNC_MAX, COMPRESS_THRESHOLD } from './compress.ts';

/**
 * Responses come back compressed when the client accepts it: the built web app's files as the
 * build's own .br/.gz variants (served by negotiation), API JSON above the threshold and CSV
 * exports compressed on the fly; the same files plain for a client that accepts no encoding.
 */
describe('compressed responses', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist: string;
  let admin: string;

  // A built app as `vite build` leaves it: each text file beside its .br and .gz.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const html = `<!doctype html><html lang="pl"><title>app</title><script type="module" src="/assets/index-abc123.js"></script>${' '.repeat(2000)}</html>`;

  const writeBuilt = (file: string, content: string) => {
    writeFileSync(file, content);
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-compressed-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeBuilt(path.join(dist, 'index.html'), html);
    writeBuilt(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(dist, '.build-stamp.json'), '{}');
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dist,
      WEB_DIST: dist,
      LOG_LEVEL: 'silent',
      SCRYPT_LOG_N: '12',
    });
    app = await buildApp({ config, db: database.db, serveWeb: true });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: API.login,
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    admin = login.json<{ token: string }>().token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  const decoded = (res: LightMyRequestResponse): string => {
    const raw = res.rawPayload;
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
    return raw.toString('utf8');
  };

  const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase();

  it('sends a hashed script as brotli when accepted, from the build, with its immutable cache', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res)).toContain('accept-encoding');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(decoded(res)).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res)).toContain('accept-encoding');
    expect(decoded(res)).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(varies(res), String(accept)).toContain('accept-encoding');
      expect(res.body).toBe(script);
    }
  });

  it('sends index.html compressed and never cached at / and at client routes', async () => {
    for (const url of ['/', '/dashboard', '/withdraw?page=2']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(html);
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('does not serve the build manifest or the build stamp', async () => {
    for (const url of ['/.vite/manifest.json', '/.build-stamp.json']) {
      expect((await get(url, 'br')).statusCode, url).toBe(404);
    }
  });

  it('compresses a JSON list page (prepared JSON text) above the threshold', async () => {
    const plain = await get(`${API.users}?role=seller&per_page=100`, undefined, admin);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    // gzip when both are accepted (decision 040), brotli for a client that takes only brotli.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'gzip'],
      ['br, gzip', 'gzip'],
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(`${API.users}?role=seller&per_page=100`, accept, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(varies(res)).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('compresses a list page of up to 32 KiB in one piece (a sized body), a longer one as a stream', async () => {
    for (const [perPage, sized] of [
      [25, true],
      [100, false],
    ] as const) {
      const url = `${API.users}?role=seller&per_page=${perPage}`;
      const plain = await get(url, undefined, admin);
      expect(Buffer.byteLength(plain.body) > COMPRESS_SYNC_MAX, url).toBe(!sized);
      expect(Buffer.byteLength(plain.body), url).toBeGreaterThan(8 * 1024);
      const res = await get(url, 'br', admin);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-length'] !== undefined, url).toBe(sized);
      expect(res.headers['transfer-encoding'], url).toBe(sized ? undefined : 'chunked');
      expect(JSON.parse(decoded(res)), url).toEqual(plain.json());
    }
  });

  it('compresses serialised JSON too, and leaves answers under the threshold alone', async () => {
    const me = await get(API.me, 'br', admin);
    expect(me.statusCode).toBe(200);
    const body = decoded(me);
    expect(me.headers['content-encoding']).toBe(body.length >= COMPRESS_THRESHOLD ? 'br' : undefined);
    expect(JSON.parse(body)).toMatchObject({ email: 'admin@example.com' });

    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('streams a CSV export gzip-compressed, whole and readable', async () => {
    const plain = await get(`${API.usersExport}?role=seller`, undefined, admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await get(`${API.usersExport}?role=seller`, 'gzip', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    const text = decoded(res);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe(plain.body);
    expect(text.split('\r\n').length).toBeGreaterThan(10);
  });

  it('answers an error in JSON the client can read, compressed or not', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res)).message).toBe('Nie ma takiego adresu API');
  });
});
