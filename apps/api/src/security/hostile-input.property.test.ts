import * as contracts from '@incentive/contracts';
import { API, type Role } from '@incentive/contracts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePng } from '../../test/article-fixtures.ts';
import { insertChallenge } from '../../test/challenge-fixtures.ts';
import { userPool } from '../../test/fixtures.ts';
import { insertQuiz } from '../../test/quiz-fixtures.ts';
import { createTestAppWithRoutes, type SeenRoute } from '../../test/routes.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { giveCard } from '../../test/wallet-fixtures.ts';
import { wtf8UrlEncode } from '../../test/wtf8-url.ts';
import { checkLedger } from '../modules/wallet/ledger-check.ts';
import type { Access } from '../plugins/auth.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';

/*
 * Hostile input on every API route of the server's own route table (issue 16 point 4): generated
 * path ids, queries and bodies (JSON shaped after the route's OpenAPI schema with fields swapped for
 * wrong types, huge or broken text, deep JSON, SQL and HTML; multipart garbage on the upload routes;
 * malformed bodies of every kind), each sent by a caller the route's guard lets in (admin, seller or
 * nobody for public routes), and a few unauthenticated. No answer is a 5xx, an error answer is JSON
 * with a `message` and no internals (stack, paths, SQL, error classes), and the books balance after.
 * hostile-text.property.test.ts covers the text fields' exact 422; this one covers the rest.
 *
 * Reproducible: a fixed seed per route and caller (API_FUZZ_SEED changes it, API_FUZZ_RUNS the runs).
 */

const SEED = Number(process.env.API_FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 30);

type Actor = 'admin' | 'seller' | 'nobody';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string; schema: JsonSchema }[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };

// ---------------------------------------------------------------------------------------------
// Values

const SQL = [
  "' or '1'='1",
  '1; drop table users; --',
  "1' union select password_hash from users --",
  "'); select pg_sleep(0); --",
  '$$; select 1; $$',
  "\\'; --",
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return 1")()}}',
  '\u0024{7*7}',
];
const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '\u202eabc\u202d',
  'שלום עולם',
  'مرحبا',
  '😀🇵🇱👩‍👩‍👧‍👦',
  'Zażółć gęślą jaźń',
  '\ufeff\u200b\u200d',
  '\u0301\u0301\u0301',
  '\r\n\t\u000b\u000c',
  '\u2028\u2029',
  '\uffff\ufffe',
  'ﷺ'.repeat(50),
];
const ODD = [
  '',
  ' ',
  '%00',
  '%',
  '..%2f..%2f',
  '../../etc/passwd',
  'C:\\Windows',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  'true',
  '[]',
  '{}',
  '%s%n%x',
  '=SUM(A1)',
  '\\x00',
];

/** Strings a form would plausibly send: offered to string fields that have a format or pattern. */
const PLAUSIBLE = [
  '1',
  '2',
  '1.00',
  '0.01',
  '10.50',
  '-1.00',
  '2026-12-31',
  '2026-01-01',
  '2026-11-24T10:00:00Z',
  'seller@example.com',
  'admin@example.com',
  'fuzz@example.com',
  '4111111111111111',
  'Haslo-12345',
  'a'.repeat(43),
  'PH-000001',
  'Jan',
  'true',
  'false',
  'asc',
  'desc',
  '600100200',
  '[]',
  '[{"product_id":1,"points":"1.00"}]',
  '[{"content":"Pytanie","type":"text","answers":[]}]',
];

/** Values that pass a format check yet sit at a type's edge: impossible dates, money past int8, ids past int4 in JSON. */
const EDGES = [
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '99999-12-31',
  '1970-01-01T00:00:00+99:00',
  '99999999999999999.99',
  '92233720368547758.07',
  '-99999999999999999.99',
  '0.00',
  '-0.00',
  '[{"product_id":2147483648,"points":"1.00"}]',
  '[{"product_id":1,"points":"99999999999999999.99"}]',
  '[{"product_id":-1,"points":"-1.00"}]',
  '[null]',
  '{"a":1}',
];

const huge = (n: number) => 'Ż'.repeat(n);
const deepJson = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL, ...HTML, ...UNICODE, ...ODD) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...PLAUSIBLE), fc.constantFrom(...UNICODE, ...SQL, ...HTML))
      .map(([a, b]) => `${a}${b}`),
  },
  { weight: 1, arbitrary: fc.constantFrom(huge(300), huge(5_000), huge(70_000), '9'.repeat(400)) },
);

/** Numbers and number-like strings that are not valid ids or amounts. */
const hostileNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    0.1 + 0.2,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    4_294_967_296,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    1e308,
    -1e308,
    5e-324,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '0x10',
    ' 7',
    '7.0',
    '٣',
    '1_000',
    '9223372036854775808',
    '-9223372036854775809',
    '00000000001',
  ),
  fc.integer(),
  fc.double(),
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('id', 'a', '__proto__', 'constructor', '0'), hostileLeaf, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** What a field of that name holds, so that some bodies pass validation and reach the handler. */
const NAME_HINTS: [RegExp, fc.Arbitrary<string>][] = [
  [/email/i, fc.stringMatching(/^[a-z0-9]{1,10}$/).map((s) => `fz-${s}@example.com`)],
  [/amount|price|points/i, fc.constantFrom('1.00', '0.01', '12.50', '-1.00', '99999999999999999.99')],
  [/^number$/, fc.constantFrom('4111111111111111', '5500000000000004')],
  [/phone/i, fc.constantFrom('600100200', '+48 600 100 200')],
  [/nip/i, fc.constantFrom('5260250274', '1234563218')],
  [/password/i, fc.constant('Haslo-12345')],
  [/token/i, fc.constant('a'.repeat(43))],
  [/asseco/i, fc.stringMatching(/^[A-Z0-9]{1,8}$/).map((s) => `FZ-${s}`)],
  [/_at$|_on$|date|start|end/i, fc.constantFrom('2026-12-31', '2026-01-01', '2026-11-24T10:00:00Z')],
];

/** A value of a schema as a careful client would send it (ids from the database's own records). */
function plausible(
  schema: JsonSchema | undefined,
  idPool: () => readonly number[],
  depth = 0,
  name = '',
): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, idPool, depth + 1, name)));
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], idPool, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const withNull = (a: fc.Arbitrary<unknown>) =>
    schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null')) ? fc.option(a, { freq: 5 }) : a;
  switch (type) {
    case 'string': {
      const re = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const fits = PLAUSIBLE.filter(
        (s) =>
          (!re || re.test(s)) &&
          s.length >= (schema.minLength ?? 0) &&
          s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
          (schema.format !== 'email' || s.includes('@')),
      );
      const free = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
      const hint = NAME_HINTS.find(([re]) => re.test(name))?.[1];
      if (hint) return withNull(fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: free }));
      return withNull(fits.length ? fc.oneof(fc.constantFrom(...fits), free) : free);
    }
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -5, -1000);
      const max = Math.max(min, Math.min(schema.maximum ?? 1000, 1000));
      return withNull(
        fc.oneof(fc.constantFrom(...idPool()), fc.integer({ min: Math.ceil(min), max: Math.floor(max) })),
      );
    }
    case 'boolean':
      return withNull(fc.boolean());
    case 'array':
      return withNull(
        fc.array(plausible(schema.items, idPool, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        }),
      );
    case 'object': {
      const props = schema.properties ?? {};
      if (!Object.keys(props).length)
        return withNull(fc.dictionary(fc.string({ maxLength: 5 }), hostileLeaf, { maxKeys: 2 }));
      return withNull(
        fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, plausible(s, idPool, depth + 1, k)])), {
          requiredKeys: (schema.required ?? []).filter((k) => k in props),
        }),
      );
    }
    default:
      return hostileValue;
  }
}

/** A schema-shaped object with some fields hostile, some dropped and some added. */
function mutatedObject(schema: JsonSchema, idPool: () => readonly number[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      plausible(schema, idPool),
      fc.oneof(
        fc.constant([]),
        fc.array(fc.tuple(fc.constantFrom(...keys, '__proto__', 'constructor', 'extra'), hostileValue), {
          minLength: 1,
          maxLength: 2,
        }),
      ),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.subarray(keys, { maxLength: 1 }) },
      ),
    )
    .map(([base, swaps, drops]) => {
      const out: Record<string, unknown> = { ...(base && typeof base === 'object' ? base : {}) };
      for (const [k, v] of swaps)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const k of drops) delete out[k];
      return out;
    });
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

// ---------------------------------------------------------------------------------------------
// Requests

/** What one run sends, before it becomes an inject call (fast-check prints and shrinks this). */
interface Input {
  params: Record<string, string>;
  /** Query pairs; a repeated key is an array. */
  query: [string, string][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string | null; text: string }
    | { kind: 'form'; parts: Part[]; damage: 'none' | 'no-boundary' | 'cut' | 'wrong-boundary' };
  lang: string | null;
}
type Part =
  | { name: string; value: string }
  | {
      name: string;
      filename: string;
      contentType: string;
      bytes: 'png' | 'random' | 'empty' | 'svg';
      random: number[];
    };

const RAW_BODIES: fc.Arbitrary<{ contentType: string | null; text: string }> = fc.oneof(
  fc.record({
    contentType: fc.constant('application/json'),
    text: fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[1,2',
      'nul',
      'undefined',
      "{'a':1}",
      '{"a":1,}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"role":"root"}}}',
      '"\\ud800"',
      '"\\u0000"',
      '1e999999',
      '-',
      '\u0000',
      deepJson(200),
      deepJson(20_000),
      deepObject(5_000),
      `[${'1,'.repeat(200_000)}1]`,
      `"${'x'.repeat(1_100_000)}"`,
    ),
  }),
  fc.record({ contentType: fc.constant('application/json'), text: fc.string({ unit: 'binary', maxLength: 60 }) }),
  fc.record({
    contentType: fc.constantFrom(
      null,
      'text/plain',
      'text/csv',
      'text/xml',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/vnd.api+json',
      '*/*',
      'application/json\u0000',
    ),
    text: fc.constantFrom(
      'a=1&b=2',
      '{"a":1}',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      'id;amount\r\n1;1.00',
      '\u0000\u0001',
    ),
  }),
);

/** Field names of every multipart form the contracts describe (their `*FieldsSchema`), and the file parts'. */
const formFieldNames = (): string[] => [
  ...new Set([
    ...Object.entries(contracts)
      .filter(([name]) => name.endsWith('FieldsSchema'))
      .flatMap(([, s]) => Object.keys((s as { shape?: object }).shape ?? {})),
    'image',
    'file',
    'encoding',
    'id',
  ]),
];

const formPart = (): fc.Arbitrary<Part> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        name: fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...formFieldNames()) },
          { weight: 1, arbitrary: hostileString },
        ),
        value: fc.oneof(fc.constantFrom(...PLAUSIBLE), hostileString),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        name: fc.constantFrom('image', 'file', 'photo', ''),
        filename: fc.oneof(fc.constantFrom('a.png', 'a.csv', '../../x.png', 'a.svg', 'a\u0000.png', ''), hostileString),
        contentType: fc.constantFrom('image/png', 'text/csv', 'image/svg+xml', 'application/octet-stream', ''),
        bytes: fc.constantFrom('png', 'random', 'empty', 'svg'),
        random: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
      }),
    },
  );

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';

function multipartBody(parts: Part[], damage: string, png: Buffer): { payload: Buffer; contentType: string } {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}`
        : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    if ('filename' in p) {
      const bytes = { png, svg: Buffer.from(SVG), empty: Buffer.alloc(0), random: Buffer.from(p.random) }[p.bytes];
      chunks.push(bytes);
    } else {
      chunks.push(Buffer.from(p.value));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (damage === 'cut') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    damage === 'no-boundary'
      ? 'multipart/form-data'
      : damage === 'wrong-boundary'
        ? 'multipart/form-data; boundary=other'
        : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}

// ---------------------------------------------------------------------------------------------
// Checks

/** Internals an error answer must never carry (unless the request itself sent that text). */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>[\] ]+ \(?[^)\s]*:\d+:\d+\)?/],
  ['file path', /(\/work\/|\/home\/|\/usr\/|\/tmp\/|node_modules|file:\/\/|\w\.(ts|js|mjs):\d+)/],
  ['SQL text', /\b(select\s[\s\S]*\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i],
  [
    'error class',
    /\b(Error|TypeError|RangeError|SyntaxError|ReferenceError|ZodError|DrizzleQueryError|DatabaseError):/,
  ],
  [
    'database message',
    /(violates .* constraint|relation "|syntax error at|invalid input syntax|out of range for type|duplicate key|PGlite|pg_|sqlstate)/i,
  ],
  ['framework code', /\b(FST_[A-Z_]+|ERR_[A-Z_]+)\b/],
];

interface Sent {
  options: InjectOptions;
  /** All the text the request carried, decoded, to tell an echo from a leak. */
  text: string;
}

function problems(res: LightMyRequestResponse, sent: Sent): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`);
  if (res.statusCode < 400 || sent.options.method === 'HEAD') return out;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) out.push(`content-type ${type}`);
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    out.push('body is not JSON');
  }
  if (typeof message !== 'string' || !message) out.push('no message');
  for (const [what, re] of LEAKS) {
    const m = res.body.match(re);
    if (m && !sent.text.includes(m[0])) out.push(`${what}: ${m[0]}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

let seen: SeenRoute[] = [];
let t: TestApp;
let doc: Doc;
let png: Buffer;
const tokens: Partial<Record<Actor, string>> = {};
let actorIds: number[] = [];
let ids: number[] = [];
let ipCounter = 0;
const freshIp = () =>
  `10.${16 + (Math.floor(++ipCounter / 62500) % 200)}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: API.login,
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

let sellerEmail = '';

beforeAll(async () => {
  ({ t, routes: seen } = await createTestAppWithRoutes());
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
  png = await articlePng();
  const take = userPool(t.db);
  const seller = await take({ role: 'seller', activated: true });
  const victim = await take({ role: 'seller', activated: true });
  await giveCard(t.db, seller.id);
  await giveCard(t.db, victim.id);
  sellerEmail = seller.email;
  tokens.admin = await signIn('admin@example.com');
  tokens.seller = await signIn(seller.email);
  const me = await t.app.inject({ method: 'GET', url: API.me, headers: bearer(tokens.admin) });
  actorIds = [me.json<{ id: number }>().id, seller.id];
  // Money on the seller's and the victim's wallets, so withdrawals, batches and results can happen.
  for (const id of [seller.id, victim.id]) {
    const credit = await t.app.inject({
      method: 'POST',
      url: API.adjustments,
      headers: bearer(tokens.admin),
      payload: { user_id: id, amount: '500.00', reason: 'Na testy' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
  }
  const quiz = await insertQuiz(t.db);
  ids = [victim.id, quiz.id, ...quiz.questions.map((q) => q.id), await insertChallenge(t.db), 1, 2, 3, 4, 5, 7, 10, 20];
  ids = [...new Set(ids)].filter((id) => !actorIds.includes(id));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const apiRoutes = () => seen.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const mayCall = (access: Access | undefined, actor: Actor): boolean => {
  if (!access) return false;
  if ('public' in access) return actor === 'nobody';
  return actor !== 'nobody' && access.roles.includes(actor as Role);
};

/** Route parameters: a plausible record id most of the time, otherwise anything a URL can carry. */
const paramValue = (name: string): fc.Arbitrary<string> =>
  name === 'id'
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ids).map(String) },
        { weight: 2, arbitrary: hostileNumber.map(String) },
        { weight: 1, arbitrary: hostileString },
      )
    : fc.oneof(fc.constantFrom('a'.repeat(64), '0'.repeat(64), 'w640.webp', 'original.png', 'x.svg'), hostileString);

function inputOf(route: SeenRoute): fc.Arbitrary<Input> {
  const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? doc.paths[openApiPath(route.url)]?.get;
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const idPool = () => ids;
  const query = fc
    .tuple(
      fc.subarray(queryParams),
      fc.array(
        fc.tuple(fc.constantFrom('page', 'per_page', 'search', 'sort', '__proto__', 'x[y]', ''), hostileString),
        {
          maxLength: 2,
        },
      ),
    )
    .chain(([chosen, extra]) =>
      fc
        .tuple(
          ...chosen.map((p) =>
            fc
              .oneof({ weight: 3, arbitrary: plausible(p.schema, idPool) }, { weight: 2, arbitrary: hostileValue })
              .map((v): [string, string][] =>
                Array.isArray(v) ? v.map((x): [string, string] => [p.name, asText(x)]) : [[p.name, asText(v)]],
              ),
          ),
        )
        .map((pairs) => [...pairs.flat(), ...extra]),
    );
  const json = op?.requestBody?.content['application/json']?.schema;
  const textBody = op?.requestBody?.content['text/csv'] ?? op?.requestBody?.content['text/plain'];
  let body: fc.Arbitrary<Input['body']>;
  if (route.consumes.includes('multipart/form-data')) {
    body = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('form' as const),
          parts: fc.array(formPart(), { maxLength: 8 }),
          damage: fc.constantFrom('none', 'none', 'none', 'no-boundary', 'cut', 'wrong-boundary'),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
      { weight: 1, arbitrary: RAW_BODIES.map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE') {
    body = fc.oneof(
      { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
    );
  } else {
    const shaped =
      json?.type === 'object' || json?.properties
        ? mutatedObject(json, idPool)
        : json
          ? plausible(json, idPool)
          : fc.constant({});
    body = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('json' as const), value: shaped }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
      { weight: 2, arbitrary: RAW_BODIES.map((r) => ({ kind: 'raw' as const, ...r })) },
      ...(textBody
        ? [
            {
              weight: 4,
              arbitrary: fc
                .array(
                  fc.array(
                    fc.oneof(
                      fc.constantFrom('withdrawal_id', 'status', 'reason', 'paid', 'failed', ...ids.map(String)),
                      hostileString,
                    ),
                    {
                      maxLength: 4,
                    },
                  ),
                  { maxLength: 5 },
                )
                .map((rows) => ({
                  kind: 'raw' as const,
                  contentType: 'text/csv',
                  text: rows.map((r) => r.join(';')).join('\r\n'),
                })),
            },
          ]
        : []),
    );
  }
  return fc.record({
    params: fc.record(Object.fromEntries(params.map((p) => [p, paramValue(p)]))) as fc.Arbitrary<
      Record<string, string>
    >,
    query,
    body,
    lang: fc.oneof(
      { weight: 5, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('en', 'pl', 'de', '*', 'en;q=x', '\u00ff'.repeat(100)) },
    ),
  });
}

function toRequest(route: SeenRoute, input: Input, token: string | undefined): Sent {
  let path = route.url;
  for (const [k, v] of Object.entries(input.params)) path = path.replace(`:${k}`, wtf8UrlEncode(v));
  const qs = input.query.map(([k, v]) => `${wtf8UrlEncode(k)}=${wtf8UrlEncode(v)}`).join('&');
  const url = qs ? `${path}?${qs}` : path;
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
  if (input.lang !== null) headers['accept-language'] = input.lang;
  let payload: string | Buffer | undefined;
  let bodyText = '';
  const b = input.body;
  if (b.kind === 'json') {
    headers['content-type'] = 'application/json';
    // JSON.stringify writes a lone surrogate as a \u escape, so it reaches the server as it is.
    payload = JSON.stringify(b.value) ?? 'null';
    bodyText = `${payload} ${asText(b.value)}`;
  } else if (b.kind === 'raw') {
    if (b.contentType !== null) headers['content-type'] = b.contentType;
    payload = b.text;
    bodyText = b.text;
  } else if (b.kind === 'form') {
    const form = multipartBody(b.parts, b.damage, png);
    headers['content-type'] = form.contentType;
    payload = form.payload;
    bodyText = form.payload.toString('latin1') + form.payload.toString('utf8');
  }
  const method = route.method as InjectOptions['method'];
  const options: InjectOptions = {
    method,
    url,
    headers,
    remoteAddress: freshIp(),
    ...(payload !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
  };
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A lone surrogate's bytes do not decode: the raw parts below still count as sent.
  }
  const text = [decoded, url, bodyText, ...Object.values(input.params), ...input.query.flat(), input.lang ?? ''].join(
    '\n',
  );
  return { options, text };
}

describe('hostile input on every route of the route table', () => {
  it('collects the routes, each with a caller its guard lets in', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const k of [
      'POST /api/withdrawal',
      'POST /api/quiz/:id/submit',
      'POST /api/sales-imports',
      'GET /api/images/:hash/:file',
    ]) {
      expect(keys).toContain(k);
    }
    const uncallable = routes.filter(
      (r) => !(['admin', 'seller', 'nobody'] as const).some((a) => mayCall(r.declared, a)),
    );
    expect(uncallable.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it(`no 5xx, no internals, JSON errors with a message, and the ledger holds (${RUNS} runs per route and caller)`, async () => {
    expect(formFieldNames().length).toBeGreaterThan(10);
    const failures: string[] = [];
    const answered = new Map<string, Set<number>>();
    let requests = 0;
    for (const route of apiRoutes()) {
      const actors = (['admin', 'seller', 'nobody'] as const).filter(
        (a) => mayCall(route.declared, a) || (a === 'nobody' && route.declared && 'roles' in route.declared),
      );
      for (const actor of actors) {
        const allowed = mayCall(route.declared, actor);
        const runs = Math.max(2, Math.round((allowed ? RUNS : RUNS / 6) / (route.method === 'HEAD' ? 4 : 1)));
        const key = `${route.method} ${route.url} as ${actor}`;
        const codes = new Set<number>();
        answered.set(key, codes);
        const result = await fc.check(
          fc.asyncProperty(inputOf(route), async (input) => {
            // Signing out ends the session it is sent with: that route gets a session of its own each run.
            const token =
              actor === 'nobody'
                ? undefined
                : route.url === API.logout
                  ? await signIn(actor === 'admin' ? 'admin@example.com' : sellerEmail)
                  : tokens[actor];
            const sent = toRequest(route, input, token);
            const res = await t.app.inject(sent.options);
            requests++;
            codes.add(res.statusCode);
            const found = problems(res, sent);
            if (found.length) {
              throw new Error(`${res.statusCode} ${found.join('; ').slice(0, 200)} | ${res.body.slice(0, 200)}`);
            }
          }),
          { seed: seedOf(key), numRuns: runs },
        );
        if (result.failed) {
          const input = fc.stringify(result.counterexample).slice(0, 400);
          const error =
            result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
          failures.push(
            `${key} (seed ${result.seed}, path ${result.counterexample ? result.counterexamplePath : '-'}): ${error}\n    input: ${input}`,
          );
        }
      }
    }
    await t.app.background.idle();
    console.info(
      `hostile input: ${apiRoutes().length} routes, ${answered.size} route-caller pairs, ${requests} requests`,
    );
    if (process.env.API_FUZZ_REPORT) {
      for (const [k, codes] of answered) console.info(`${k}: ${[...codes].sort().join(' ')}`);
    }
    expect(failures, `\n${failures.join('\n')}`).toEqual([]);

    // The guard let every allowed caller through (its session stayed alive): handlers really ran.
    const neverPast = [...answered].filter(([k, codes]) => !k.endsWith('nobody') && [...codes].every((c) => c === 401));
    expect(neverPast.map(([k]) => k)).toEqual([]);

    const ledger = await checkLedger(t.db);
    expect(ledger.mismatches).toEqual([]);
    expect(ledger.ok).toBe(true);
    const viaApi = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ledger/check',
      headers: bearer(tokens.admin as string),
    });
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect(viaApi.json<{ ok: boolean }>().ok).toBe(true);
  }, 900_000);
});

/** A seed per route and caller, so a new route does not change what the others are sent. */
function seedOf(key: string): number {
  let h = SEED | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x9e3779b1);
  return h | 0;
}
