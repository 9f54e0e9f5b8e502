import { describe, expect, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { baseUrl } from './support/env.ts';

/**
 * The real build through the real server: the entry's script and stylesheet come back as the build's
 * brotli or gzip files when the client accepts them (plain otherwise), and a JSON list compressed.
 * Node's fetch decodes the bodies; the headers say what travelled.
 */
describe('the built app and the API are sent compressed', () => {
  const get = (path: string, acceptEncoding: string, token?: string) =>
    fetch(`${baseUrl()}${path}`, {
      headers: { 'accept-encoding': acceptEncoding, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(20_000),
    });

  async function entryAssets(): Promise<string[]> {
    const html = await (await get('/', 'br')).text();
    // Named by the head's links, or by the app start script that adds them after the first paint (decision 054).
    const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    return assets;
  }

  it('index.html and the entry assets as brotli, gzip or plain, as accepted', async () => {
    const page = await get('/dashboard', 'br');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');

    for (const asset of await entryAssets()) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const res = await get(asset, accept);
        expect(res.status, `${asset} ${accept}`).toBe(200);
        expect(res.headers.get('content-encoding'), `${asset} ${accept}`).toBe(encoding);
        expect(res.headers.get('vary')?.toLowerCase(), asset).toContain('accept-encoding');
        expect(res.headers.get('cache-control'), asset).toContain('immutable');
        // Whatever the encoding, the browser gets the same file back (some shared chunks are under 100 bytes).
        expect((await res.text()).length, asset).toBeGreaterThan(0);
      }
    }
  });

  it('a JSON list page compressed for the back office', async () => {
    const token = await apiLogin('admin@example.com');
    // A browser's own header: API answers take gzip, as cheap to make and as small (decision 040).
    const res = await get('/api/users?role=seller&per_page=50', 'gzip, deflate, br, zstd', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await res.json()) as { data: unknown[] };
    expect(body.data.length).toBe(50);
  });
});
