import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFields, articlePng } from '../../test/article-fixtures.ts';
import { challengeFields, codedProduct } from '../../test/challenge-fixtures.ts';
import { findUsers } from '../../test/fixtures.ts';
import { linkParams } from '../../test/mail.ts';
import { type FormPart, multipart } from '../../test/multipart.ts';
import { insertQuiz } from '../../test/quiz-fixtures.ts';
import { createTestAppWithRoutes, type SeenRoute } from '../../test/routes.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { images } from '../db/schema.ts';

/*
 * Issue 16 point 5. What other files already prove is referenced, not repeated:
 * - expired sessions, unknown and malformed tokens, logout ending a cached session at once,
 *   set-password revoking every session: modules/auth/auth.test.ts (GET /api/me, POST /api/logout,
 *   set-password link);
 * - brute force: 429 with Retry-After after 5 failures per account and address, 50 per address,
 *   100 per account: auth.test.ts (sign-in throttling) and modules/auth/throttle.test.ts;
 * - the image pipeline on a bare upload route (PDF, GIF, SVG, WebP named .png; bombs; 5 MB):
 *   modules/media/media.test.ts; a PNG renamed .csv for the sales import: sales/sales-import.test.ts.
 * - that the real app runs under its CSP in Chromium, with no violation: e2e/home-shell.test.ts.
 * Here: tampered tokens, sessions ended by deactivation and by a password change while cached, every
 * real upload route of the route table with hostile files, and the security headers everywhere.
 */

let t: TestApp;
let routes: SeenRoute[];
let dist: string;
let root: string;
let admin: string;

beforeAll(async () => {
  // A tiny built web folder, so HTML pages and static assets are served too.
  dist = mkdtempSync(path.join(os.tmpdir(), 'security-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>app</title><script src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.css'), 'body{margin:0}');
  ({ t, routes } = await createTestAppWithRoutes({ env: { WEB_DIST: dist } }));
  root = await t.login('root@example.com');
  admin = await t.login('admin@example.com');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });

describe('sessions', () => {
  it('refuses a real token with one character changed, cut short, lengthened or in another case', async () => {
    const token = await t.login('seller@example.com');
    expect((await me(token)).statusCode).toBe(200);
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const tampered of [
      flip(token, 0),
      flip(token, token.length - 1),
      flip(token, Math.floor(token.length / 2)),
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      ` ${token}x`,
    ]) {
      const res = await me(tampered);
      expect(res.statusCode, tampered).toBe(401);
    }
    // The real one still works: the refusals above revoked nothing.
    expect((await me(token)).statusCode).toBe(200);
  });

  it('ends every session of a user deleted (deactivated) through the API at once, even while they are cached', async () => {
    const [rep] = await findUsers(t.db, { role: 'seller', activated: true, limit: 1 });
    const [boss] = await findUsers(t.db, { role: 'wholesaler', activated: true, limit: 1 });
    for (const victim of [rep, boss]) {
      if (!victim) throw new Error('the demo seed has too few users');
      const a = await t.login(victim.email);
      const b = await t.login(victim.email);
      // Warm the session cache with both tokens.
      for (const token of [a, b, a, b]) expect((await me(token)).statusCode).toBe(200);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: bearer(root) });
      expect(del.statusCode, del.body).toBe(200);
      for (const token of [a, b]) {
        expect((await me(token)).statusCode).toBe(401);
        // Not only /api/me: any route refuses it.
        const list = await t.app.inject({ method: 'GET', url: '/api/articles', headers: bearer(token) });
        expect(list.statusCode).toBe(401);
      }
    }
  });

  it('ends a cached session at once when its password is changed through a set-password link', async () => {
    const [victim] = await findUsers(t.db, { role: 'seller', activated: true, limit: 2 }).then((u) => u.slice(1));
    if (!victim) throw new Error('the demo seed has too few sellers');
    const token = await t.login(victim.email);
    for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(admin),
      payload: { email: victim.email },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const link = linkParams((await t.lastMailTo(victim.email)).link as string);
    const password = 'Zmienione-Haslo-2026';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { ...link, password, password_confirmation: password, rules: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------- uploads

/** Hostile files, each with the name and type a browser would claim. */
async function hostileImages(): Promise<{ what: string; filename: string; contentType: string; bytes: Buffer }[]> {
  const png = await articlePng();
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
  );
  const html = '<html><body><script>alert(document.cookie)</script></body></html>';
  return [
    { what: 'an SVG', filename: 'logo.svg', contentType: 'image/svg+xml', bytes: svg },
    { what: 'an SVG renamed .png', filename: 'logo.png', contentType: 'image/png', bytes: svg },
    {
      what: 'PNG magic bytes followed by HTML',
      filename: 'zdjecie.png',
      contentType: 'image/png',
      bytes: Buffer.concat([png.subarray(0, 8), Buffer.from(html)]),
    },
    {
      what: 'a valid PNG with HTML after its end (polyglot)',
      filename: 'zdjecie.png',
      contentType: 'image/png',
      bytes: Buffer.concat([png, Buffer.from(html)]),
    },
    { what: 'a GIF renamed .png', filename: 'zdjecie.png', contentType: 'image/png', bytes: gif },
    {
      what: 'a PDF renamed .jpg',
      filename: 'zdjecie.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    },
    { what: 'HTML renamed .png', filename: 'zdjecie.png', contentType: 'image/png', bytes: Buffer.from(html) },
  ];
}

/** A valid form for each upload route, but for the file; a route missing here fails the test. */
let seq = 0;
interface UploadForm {
  url: string;
  fields: FormPart[];
  /** Fields for a further call, when the first ones cannot be sent twice. */
  fresh?: () => FormPart[];
}
async function formFor(route: string): Promise<UploadForm | undefined> {
  switch (route) {
    case 'POST /api/admin/articles':
    case 'POST /api/articles':
      return { url: route.slice(5), fields: articleFields() };
    case 'POST /api/admin/articles/:id':
    case 'POST /api/articles/:id': {
      const made = await sendForm('/api/admin/articles', [...articleFields(), image(await articlePng())]);
      expect(made.statusCode, made.body).toBeLessThan(300);
      const id = (made.json() as { article_id?: number; id?: number }).article_id ?? made.json().id;
      return { url: route.slice(5).replace(':id', String(id)), fields: articleFields() };
    }
    case 'POST /api/quiz':
    case 'POST /api/quiz/:id/packed-update':
    case 'POST /api/quiz/:id/submit-details': {
      const quiz = await insertQuiz(t.db);
      const fields = route.endsWith('submit-details')
        ? textParts({
            name: 'Quiz',
            lead: 'Wstęp',
            text: '<p>Treść</p>',
            video_url: '',
            date_from: '2026.01.01 00:00:00',
            date_to: '2030.01.01',
            is_one_time: 'true',
            price: '1,00',
            is_survey: 'false',
            correct_answers: '1',
          })
        : textParts({
            name: 'Quiz',
            lead: 'Wstęp',
            text: '<p>Treść</p>',
            video_url: '',
            questions: JSON.stringify([
              {
                questionText: '<p>Pytanie</p>',
                type: 'multiple_choice',
                points: 10,
                answers: [{ answerText: 'Tak', isCorrect: true }],
              },
            ]),
          });
      return { url: route.slice(5).replace(':id', String(quiz.id)), fields };
    }
    case 'POST /api/products':
      // A new product needs a code of its own each time.
      return {
        url: '/api/products',
        fields: textParts({ name: 'Produkt do ataku', code: `ATK-NEW-${++seq}`, description: 'Opis' }),
        fresh: () => textParts({ name: 'Produkt do ataku', code: `ATK-NEW-${++seq}`, description: 'Opis' }),
      };
    case 'POST /api/products/:id': {
      const id = await codedProduct(t.db, 'Produkt do ataku');
      return {
        url: `/api/products/${id}`,
        fields: textParts({ name: 'Produkt do ataku', code: `ATK-${id}`, description: 'Opis' }),
      };
    }
    case 'POST /api/challenges':
    case 'POST /api/challenges/:id': {
      const product = await codedProduct(t.db, 'Produkt wyzwania ataku');
      const fields = challengeFields([{ product_id: product, reward: '1.00' }]);
      if (route === 'POST /api/challenges') return { url: '/api/challenges', fields };
      const made = await sendForm('/api/challenges', [...fields, image(await articlePng())]);
      expect(made.statusCode, made.body).toBeLessThan(300);
      const id = made.json().challenge_id ?? made.json().id;
      return { url: `/api/challenges/${id}`, fields };
    }
    default:
      return undefined;
  }
}

const textParts = (fields: Record<string, string>): FormPart[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));
const image = (bytes: Buffer, filename = 'zdjecie.png', contentType = 'image/png'): FormPart => ({
  name: 'image',
  filename,
  contentType,
  bytes,
});
function sendForm(url: string, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(root) } });
}
const imageRows = async () => (await t.db.select({ n: count() }).from(images))[0]?.n ?? 0;

describe('uploads', () => {
  const uploadRoutes = () =>
    routes.filter((r) => r.consumes.includes('multipart/form-data')).map((r) => `${r.method} ${r.url}`);

  it('finds the upload routes in the route table', () => {
    expect(uploadRoutes().sort()).toEqual([
      'POST /api/admin/articles',
      'POST /api/admin/articles/:id',
      'POST /api/articles',
      'POST /api/articles/:id',
      'POST /api/challenges',
      'POST /api/challenges/:id',
      'POST /api/onboarding/imports',
      'POST /api/products',
      'POST /api/products/:id',
      'POST /api/quiz',
      'POST /api/quiz/:id/packed-update',
      'POST /api/quiz/:id/submit-details',
      'POST /api/sales-imports',
    ]);
  });

  it('refuses SVG, polyglot and renamed files on every image upload route with 422, storing nothing', async () => {
    const files = await hostileImages();
    let calls = 0;
    for (const route of uploadRoutes()) {
      if (route === 'POST /api/sales-imports' || route === 'POST /api/onboarding/imports') continue;
      const form = await formFor(route);
      expect(form, `no valid form for ${route}: add one to formFor`).toBeDefined();
      if (!form) continue;
      // The valid form with a real PNG works, so a refusal below is the file's.
      const good = await sendForm(form.url, [...form.fields, image(await articlePng())]);
      expect(good.statusCode, `${route} with a PNG: ${good.body}`).toBeLessThan(300);
      for (const f of files) {
        const before = await imageRows();
        const fields = form.fresh?.() ?? form.fields;
        const res = await sendForm(form.url, [...fields, image(f.bytes, f.filename, f.contentType)]);
        calls++;
        expect(res.statusCode, `${route}: ${f.what} -> ${res.body}`).toBe(422);
        expect(res.json().message, `${route}: ${f.what}`).toMatch(/^(Nieprawidłowy typ pliku|Nie udało się odczytać)/);
        expect(await imageRows(), `${route}: ${f.what}`).toBe(before);
      }
    }
    expect(calls).toBe(11 * files.length);
  }, 300_000);

  it('serves only re-encoded variants: a JPEG with a ZIP and HTML after its end reaches nobody', async () => {
    // Phones append data after a JPEG's end (Ultra HDR gain maps, motion photos), so such a JPEG is
    // accepted; what is stored and served is the decoded picture encoded afresh, never the upload.
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer();
    const zip = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.from('<script>alert(1)</script>'),
      Buffer.alloc(64, 7),
    ]);
    const res = await sendForm('/api/products', [
      ...textParts({ name: 'Produkt poliglota', code: 'POLY-1', description: '' }),
      image(Buffer.concat([jpeg, zip]), 'zdjecie.jpg', 'image/jpeg'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/products?search=poliglota', headers: bearer(root) });
    const url = list.json().data[0].image.url as string;
    for (const variant of [url, url.replace(/\.jpg$/, '.webp')]) {
      const img = await t.app.inject({ method: 'GET', url: variant });
      expect(img.statusCode, variant).toBe(200);
      expect(img.headers['content-type'], variant).toMatch(/^image\/(jpeg|webp)$/);
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      expect(img.rawPayload.includes(Buffer.from('PK\x03\x04'))).toBe(false);
      expect(img.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('refuses an SVG, HTML, a PDF and an image named .csv or .xlsx for the sales import and the onboarding import', async () => {
    const png = await articlePng();
    for (const [url, fields] of [
      ['/api/sales-imports', []],
      ['/api/onboarding/imports', [{ name: 'kind', value: 'people' }]],
    ] as const)
      for (const [filename, bytes] of [
        ['sprzedaz.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ['sprzedaz.csv', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ['sprzedaz.csv', Buffer.from('<html><script>alert(1)</script></html>')],
        ['sprzedaz.xlsx', Buffer.from('%PDF-1.7\n%%EOF\n')],
        ['sprzedaz.xlsx', png],
      ] as const) {
        const body = multipart([...fields, { name: 'file', filename, contentType: 'text/csv', bytes }]);
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...body.headers, ...bearer(root) },
        });
        expect(res.statusCode, `${url} ${filename}: ${res.body}`).toBe(422);
        expect(res.json().message, filename).toBeTruthy();
      }
  });
});

// ---------------------------------------------------------------- headers

describe('security headers', () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name as string, values]),
    );

  it('sends a CSP, nosniff and frame protection on HTML pages, static assets, API JSON, CSV and images', async () => {
    const png = await articlePng();
    const made = await sendForm('/api/products', [
      ...textParts({ name: 'Produkt nagłówków', code: 'HDR-1', description: '' }),
      image(png),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/products?search=nag%C5%82%C3%B3wk',
      headers: bearer(root),
    });
    const imageUrl = list.json().data[0].image.url as string;
    const cases: { url: string; token?: string; type: RegExp }[] = [
      { url: '/', type: /text\/html/ },
      { url: '/dashboard', type: /text\/html/ },
      { url: '/assets/app-abc123.js', type: /javascript/ },
      { url: '/assets/app-abc123.css', type: /text\/css/ },
      { url: '/api/health', type: /application\/json/ },
      { url: '/api/me', token: root, type: /application\/json/ },
      { url: '/api/me', type: /application\/json/ },
      { url: '/api/users/export.csv', token: root, type: /text\/csv/ },
      { url: imageUrl, type: /image\/jpeg/ },
      { url: '/api/no-such-route', type: /application\/json/ },
      { url: '/api/users?page=abc', token: root, type: /application\/json/ },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: c.token ? bearer(c.token) : {} });
      expect(res.statusCode, c.url).toBeLessThan(500);
      expect(res.headers['content-type'], c.url).toMatch(c.type);
      expect(res.headers['x-content-type-options'], c.url).toBe('nosniff');
      const csp = directives(String(res.headers['content-security-policy'] ?? ''));
      expect(csp.get('default-src'), c.url).toEqual(["'self'"]);
      // 'self', plus at most the hashes of the rep home's inline shell (never 'unsafe-inline' or eval).
      const scripts = csp.get('script-src') ?? [];
      expect(scripts[0], c.url).toBe("'self'");
      for (const s of scripts.slice(1)) expect(s, c.url).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
      expect(csp.get('object-src'), c.url).toEqual(["'none'"]);
      expect(["'none'", "'self'"], c.url).toContain(csp.get('frame-ancestors')?.join(' '));
      expect(csp.get('base-uri'), c.url).toEqual(["'self'"]);
      expect(['DENY', 'SAMEORIGIN'], c.url).toContain(res.headers['x-frame-options']);
      expect(res.headers['referrer-policy'], c.url).toBeDefined();
    }
  });
});
