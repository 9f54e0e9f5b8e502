import { errorResponseSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool, userRow, writeCounts } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

/*
 * Bad input for every endpoint of the auth feature: each gets a 4xx JSON error
 * `{message, errors?}` in the request's language, never a 500, and nothing is written.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const longEmail = `${'a'.repeat(10 * 1024)}@example.com`;

const MESSAGES = {
  invalidJson: {
    pl: 'Nieprawidłowy format danych: oczekiwano poprawnego JSON',
    en: 'Invalid data: well-formed JSON expected',
  },
  tooLarge: { pl: 'Przesłane dane są zbyt duże', en: 'The data sent is too large' },
  mediaType: { pl: 'Nieobsługiwany typ danych', en: 'Unsupported content type' },
  emailTooLong: {
    pl: 'Adres e-mail może mieć najwyżej 254 znaki',
    en: 'An e-mail address may have at most 254 characters',
  },
  emailRequired: { pl: 'Pole e-mail jest wymagane', en: 'E-mail is required' },
  emailInvalid: {
    pl: 'Podaj poprawny adres e-mail, np. jan.kowalski@example.com',
    en: 'Enter a valid e-mail address, e.g. john.smith@example.com',
  },
  passwordRequired: { pl: 'Pole hasło jest wymagane', en: 'Password is required' },
  passwordTooLong: { pl: 'Hasło może mieć najwyżej 128 znaków', en: 'A password may have at most 128 characters' },
  textInvalid: {
    pl: 'Tekst zawiera niedozwolony znak (znak NUL lub niepełny znak Unicode)',
    en: 'The text contains a character that is not allowed (NUL or an incomplete Unicode character)',
  },
} as const;

type Lang = 'pl' | 'en';

interface BadCase {
  name: string;
  /** Raw payload (string or Buffer is sent as is) and headers. */
  payload?: string | Buffer | object;
  contentType?: string;
  status: number;
  /** The exact top-level message, per language; when absent any non-empty message is accepted. */
  message?: { pl: string; en: string };
  /** Field errors the answer must contain (first message of each), per language. */
  errors?: Record<string, { pl: string; en: string }>;
}

function send(
  url: string,
  c: { payload?: BadCase['payload']; contentType?: string },
  lang: Lang,
  token?: string,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) Object.assign(headers, bearer(token));
  if (c.contentType) headers['content-type'] = c.contentType;
  const opts: InjectOptions = { method: 'POST', url, headers };
  if (c.payload !== undefined) {
    opts.payload = typeof c.payload === 'string' || Buffer.isBuffer(c.payload) ? c.payload : JSON.stringify(c.payload);
    if (!c.contentType && typeof c.payload === 'object' && !Buffer.isBuffer(c.payload)) {
      headers['content-type'] = 'application/json';
    }
  }
  return t.app.inject(opts);
}

function expectClientError(res: LightMyRequestResponse, c: BadCase, lang: Lang) {
  const label = `${c.name} [${lang}]: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBe(c.status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json();
  expect(() => errorResponseSchema.strict().parse(body), label).not.toThrow();
  expect(body.message.length, label).toBeGreaterThan(0);
  if (c.message) expect(body.message, label).toBe(c.message[lang]);
  for (const [field, msg] of Object.entries(c.errors ?? {})) {
    expect(body.errors?.[field]?.[0], `${label} field ${field}`).toBe(msg[lang]);
  }
  // Nothing internal leaks.
  expect(res.body, label).not.toMatch(/stack|at \w+ \(|node_modules|SELECT|drizzle|FST_/i);
}

/** Cases every JSON POST endpoint must survive. */
function commonCases(fields: { emailField: boolean }): BadCase[] {
  const cases: BadCase[] = [
    {
      name: 'malformed JSON',
      payload: '{"email": "a@b.pl", ',
      contentType: 'application/json',
      status: 400,
      message: MESSAGES.invalidJson,
    },
    {
      name: 'JSON with trailing garbage',
      payload: '{"email": "a@b.pl"} x',
      contentType: 'application/json',
      status: 400,
      message: MESSAGES.invalidJson,
    },
    {
      name: 'empty JSON body',
      payload: '',
      contentType: 'application/json',
      status: 400,
      message: MESSAGES.invalidJson,
    },
    {
      name: 'prototype poisoning',
      payload: '{"__proto__": {"role": "root"}, "email": "a@b.pl"}',
      contentType: 'application/json',
      status: 400,
    },
    {
      name: 'constructor poisoning',
      payload: '{"constructor": {"prototype": {"role": "root"}}, "email": "a@b.pl"}',
      contentType: 'application/json',
      status: 400,
    },
    {
      name: '2 MB body',
      payload: JSON.stringify({ email: 'a@b.pl', pad: 'x'.repeat(2 * MB) }),
      contentType: 'application/json',
      status: 413,
      message: MESSAGES.tooLarge,
    },
    {
      name: '2 MB of garbage',
      payload: Buffer.alloc(2 * MB, 0x7b),
      contentType: 'application/json',
      status: 413,
      message: MESSAGES.tooLarge,
    },
    {
      name: 'form encoded',
      payload: 'email=a%40b.pl&password=x',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      message: MESSAGES.mediaType,
    },
    {
      name: 'XML',
      payload: '<login><email>a@b.pl</email></login>',
      contentType: 'application/xml',
      status: 415,
      message: MESSAGES.mediaType,
    },
    {
      name: 'multipart',
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.pl\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
      status: 415,
      message: MESSAGES.mediaType,
    },
    { name: 'plain text', payload: '{"email":"a@b.pl"}', contentType: 'text/plain', status: 422 },
    { name: 'no body at all', status: 422 },
    { name: 'JSON null', payload: 'null', contentType: 'application/json', status: 422 },
    { name: 'JSON array', payload: '[{"email":"a@b.pl"}]', contentType: 'application/json', status: 422 },
    { name: 'JSON string', payload: '"a@b.pl"', contentType: 'application/json', status: 422 },
    { name: 'JSON number', payload: '42', contentType: 'application/json', status: 422 },
  ];
  if (fields.emailField) {
    cases.push(
      { name: 'missing e-mail', payload: {}, status: 422, errors: { email: MESSAGES.emailRequired } },
      { name: 'empty e-mail', payload: { email: '   ' }, status: 422, errors: { email: MESSAGES.emailRequired } },
      { name: '10 kB e-mail', payload: { email: longEmail }, status: 422, errors: { email: MESSAGES.emailTooLong } },
      { name: 'e-mail as a number', payload: { email: 12345 }, status: 422, errors: { email: MESSAGES.emailRequired } },
      {
        name: 'e-mail as an array',
        payload: { email: ['admin@example.com'] },
        status: 422,
        errors: { email: MESSAGES.emailRequired },
      },
      {
        name: 'e-mail as an object',
        payload: { email: { $ne: '' } },
        status: 422,
        errors: { email: MESSAGES.emailRequired },
      },
      { name: 'e-mail as null', payload: { email: null }, status: 422, errors: { email: MESSAGES.emailRequired } },
      {
        name: 'invalid e-mail',
        payload: { email: 'admin(at)example.com' },
        status: 422,
        errors: { email: MESSAGES.emailInvalid },
      },
      {
        name: 'e-mail with a NUL byte',
        payload: { email: 'admin@example.com\u0000' },
        status: 422,
        errors: { email: MESSAGES.textInvalid },
      },
      {
        name: 'SQL in the e-mail',
        payload: { email: "x' or '1'='1@example.com" },
        status: 422,
        errors: { email: MESSAGES.emailInvalid },
      },
    );
  }
  return cases;
}

interface Endpoint {
  url: string;
  token?: () => string;
  cases: BadCase[];
}

const endpoints: Endpoint[] = [
  {
    url: '/api/login',
    cases: [
      ...commonCases({ emailField: true }),
      {
        name: 'missing password',
        payload: { email: 'admin@example.com' },
        status: 422,
        errors: { password: MESSAGES.passwordRequired },
      },
      {
        name: 'empty password',
        payload: { email: 'admin@example.com', password: '' },
        status: 422,
        errors: { password: MESSAGES.passwordRequired },
      },
      {
        name: 'password as a number',
        payload: { email: 'admin@example.com', password: 12345678 },
        status: 422,
        errors: { password: MESSAGES.passwordRequired },
      },
      {
        name: 'password as a boolean',
        payload: { email: 'admin@example.com', password: true },
        status: 422,
        errors: { password: MESSAGES.passwordRequired },
      },
      {
        name: '10 kB password',
        payload: { email: 'admin@example.com', password: 'x'.repeat(10 * 1024) },
        status: 422,
        errors: { password: MESSAGES.passwordTooLong },
      },
      {
        name: 'both fields missing',
        payload: {},
        status: 422,
        errors: { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired },
      },
    ],
  },
  {
    url: '/api/set-password',
    cases: [
      ...commonCases({ emailField: true }),
      {
        name: '10 kB password',
        payload: {
          email: 'seller@example.com',
          token: 'x'.repeat(43),
          password: 'x'.repeat(10 * 1024),
          password_confirmation: 'x'.repeat(10 * 1024),
          rules: true,
        },
        status: 422,
        errors: { password: MESSAGES.passwordTooLong },
      },
      {
        name: '10 kB token',
        payload: {
          email: 'seller@example.com',
          token: 'x'.repeat(10 * 1024),
          password: 'Haslo-1234',
          password_confirmation: 'Haslo-1234',
          rules: true,
        },
        status: 422,
      },
      {
        name: 'token as a number',
        payload: {
          email: 'seller@example.com',
          token: 123,
          password: 'Haslo-1234',
          password_confirmation: 'Haslo-1234',
          rules: true,
        },
        status: 422,
      },
      {
        name: 'rules as 1',
        payload: {
          email: 'seller@example.com',
          token: 'x'.repeat(43),
          password: 'Haslo-1234',
          password_confirmation: 'Haslo-1234',
          rules: 1,
        },
        status: 422,
        errors: { rules: { pl: 'Zaznacz wszystkie potrzebne zgody', en: 'Tick all the required consents' } },
      },
    ],
  },
  {
    url: '/api/resend-set-password',
    token: () => adminToken,
    cases: commonCases({ emailField: true }),
  },
  {
    url: '/api/logout',
    token: () => adminToken,
    // Logout takes no body; a broken one is still refused before anything happens (the session stays).
    cases: commonCases({ emailField: false }).filter((c) => c.status !== 422),
  },
];

describe.each(endpoints)('bad input to POST $url', (endpoint) => {
  it.each(endpoint.cases)('$name -> $status', async (c) => {
    const before = await writeCounts(t.db);
    const mails = (await t.outbox()).length;
    for (const lang of ['pl', 'en'] as const) {
      expectClientError(await send(endpoint.url, c, lang, endpoint.token?.()), c, lang);
    }
    expect(await writeCounts(t.db)).toEqual(before);
    expect((await t.outbox()).length).toBe(mails);
  });
});

describe('bad input to GET /api/me', () => {
  it('ignores query strings and bodies, and rejects junk authorization headers with 401', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/me?id=1&role=root', headers: bearer(adminToken) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role).toBe('admin');
    for (const authorization of [
      `Bearer ${adminToken}x`,
      `Bearer ${adminToken} `,
      `Bearer  ${adminToken}`,
      `Token ${adminToken}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(() => errorResponseSchema.strict().parse(res.json())).not.toThrow();
    }
  });

  it('answers unknown methods and paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/login'],
      ['DELETE', '/api/me'],
      ['PUT', '/api/set-password'],
      ['GET', '/api/does-not-exist'],
      ['POST', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ message: 'No such API address' });
    }
  });
});

describe('extra fields cannot change anything they should not', () => {
  it('login ignores unknown fields such as a role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'seller@example.com', password: DEMO_PASSWORD, role: 'root', token_type: 'Admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(res.json().token) });
    expect(me.json().role).toBe('seller');
  });

  it('set-password ignores a role or an id sent along, and changes only the linked account', async () => {
    const take = userPool(t.db);
    const u = await take({ role: 'seller', activated: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(adminToken),
      payload: { email: u.email, role: 'root' },
    });
    const link = new URL((await t.lastMailTo(u.email)).link as string);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: {
        token: link.searchParams.get('token'),
        email: u.email,
        password: 'Haslo-12345',
        password_confirmation: 'Haslo-12345',
        rules: true,
        role: 'root',
        id: 1,
        user_id: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(t.db, u.email)).role).toBe('seller');
    expect((await userRow(t.db, 'root@example.com')).passwordHash).not.toBeNull();
    expect(await t.login('root@example.com')).toBeTruthy();
  });

  it('an unknown role in the database never signs in as anything', async () => {
    // The schema forbids roles outside the six; prove the database refuses one.
    await expect(
      t.db.execute(sql`update users set role = 'superadmin' where email = 'seller@example.com'`),
    ).rejects.toThrow();
  });
});

describe('a request that is still being refused leaves the session alone', () => {
  it('logout with a broken body does not revoke the token', async () => {
    const token = await t.login('provider@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });
});
