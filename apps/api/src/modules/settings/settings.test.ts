import { programmeSettingsSavedSchema, programmeSettingsSchema, type Role, translate } from '@incentive/contracts';
import { count, desc } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, demoIds, demoTokens, expectError } from '../../../test/back-office.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { programmeRules, programmeSettings } from '../../db/schema.ts';

/*
 * Issue 27 point 10 (decision 047): the programme's organiser, contact and rules. Anyone reads
 * them (the footer, the rules page, the set-password page); root and admin write them; rules
 * arrive as the editor's HTML and are stored sanitized, each change a new version.
 */

let t: TestApp;
let call: ReturnType<typeof client>;
let tok: Record<Role, string>;
let ids: Record<Role, number>;
const pl = (key: string) => translate('pl', key);

beforeAll(async () => {
  t = await createTestApp();
  call = client(t);
  tok = await demoTokens(t);
  ids = await demoIds(t.db);
});
afterAll(async () => {
  await t?.close();
});

const valid = (n: string | number) => ({
  organiser: `Organizator ${n} Sp. z o.o.`,
  address: `ul. Prosta ${n}, 00-001 Warszawa`,
  phone: '+48 22 555 00 00',
  email: `kontakt${n}@example.com`,
  rules: `<h2>§1. Postanowienia ${n}</h2><ol><li><p>Punkt pierwszy.</p></li></ol>`,
});

async function publicSettings() {
  const res = await call(undefined, 'GET', '/api/settings');
  expect(res.statusCode, res.body).toBe(200);
  return programmeSettingsSchema.strict().parse(res.json());
}

const counts = async () => ({
  rules: (await t.db.select({ n: count() }).from(programmeRules))[0]?.n,
  settings: JSON.stringify(await t.db.select().from(programmeSettings)),
});

/** Every element and attribute of the HTML, parsed as a browser would. */
function elements(html: string): { name: string; attribs: Record<string, string> }[] {
  const out: { name: string; attribs: Record<string, string> }[] = [];
  const p = new Parser({ onopentag: (name, attribs) => out.push({ name, attribs }) }, { decodeEntities: true });
  p.write(html);
  p.end();
  return out;
}

describe('GET /api/settings', () => {
  it('answers without a sign-in: the demo organiser and the current rules', async () => {
    const s = await publicSettings();
    expect(s.organiser).toBe('Konsumencka Sp. z o.o.');
    expect(s.email).toBe('program@example.com');
    expect(s.rules?.html).toContain('<h2>§1. Organizator i czas trwania</h2>');
    expect(s.rules?.version).toBeGreaterThan(0);
  });

  it('answers every signed-in role the same', async () => {
    const anon = await publicSettings();
    for (const role of ['seller', 'wholesaler', 'admin'] as const) {
      const res = await call(tok[role], 'GET', '/api/settings');
      expect(res.statusCode).toBe(200);
      expect(programmeSettingsSchema.parse(res.json()).organiser).toBe(anon.organiser);
    }
  });
});

describe('PUT /api/settings', () => {
  it('refuses a caller without a sign-in (401) and every role but root and admin (403), writing nothing', async () => {
    const before = await counts();
    expectError(await call(undefined, 'PUT', '/api/settings', valid('x')), 401);
    for (const role of ['seller', 'wholesaler', 'seller_reg', 'provider_admin'] as const) {
      expectError(await call(tok[role], 'PUT', '/api/settings', valid(role)), 403, pl('errors.forbidden'));
    }
    expect(await counts()).toEqual(before);
  });

  it('lets an admin save: the footer facts change and changed rules become the new current version', async () => {
    const before = await publicSettings();
    const res = await call(tok.admin, 'PUT', '/api/settings', valid(1));
    expect(res.statusCode, res.body).toBe(200);
    const saved = programmeSettingsSavedSchema.strict().parse(res.json());
    expect(saved.message).toBe(pl('settings.saved'));
    expect(saved.settings).toMatchObject({
      organiser: 'Organizator 1 Sp. z o.o.',
      address: 'ul. Prosta 1, 00-001 Warszawa',
      phone: '+48 22 555 00 00',
      email: 'kontakt1@example.com',
    });
    expect(saved.settings.rules?.version).toBeGreaterThan(before.rules?.version ?? 0);
    expect(saved.settings.rules?.html).toBe(valid(1).rules);
    // Anyone reads what was saved.
    expect(await publicSettings()).toEqual(saved.settings);
    const [row] = await t.db.select().from(programmeSettings);
    expect(row?.updatedBy).toBe(ids.admin);
  });

  it('keeps the rules version when only the footer changed; root may save too, without a phone', async () => {
    const first = programmeSettingsSavedSchema.parse((await call(tok.admin, 'PUT', '/api/settings', valid(2))).json());
    // The phone is optional: left out, none is shown.
    const { phone: _phone, ...noPhone } = valid(2);
    const res = await call(tok.root, 'PUT', '/api/settings', { ...noPhone, organiser: 'Inny Organizator' });
    expect(res.statusCode, res.body).toBe(200);
    const second = programmeSettingsSavedSchema.parse(res.json());
    expect(second.settings.organiser).toBe('Inny Organizator');
    expect(second.settings.phone).toBe('');
    expect(second.settings.rules?.version).toBe(first.settings.rules?.version);
    // The earlier versions stay: issue 30 points at the one a user accepted.
    const versions = await t.db.select({ id: programmeRules.id }).from(programmeRules).orderBy(desc(programmeRules.id));
    expect(versions.length).toBeGreaterThanOrEqual(3);
  });

  it('stores hostile HTML sanitized: nothing in the rules can run, the text stays; footer text loses its tags', async () => {
    const hostile = [
      '<p>Regulamin<script>alert(1)</script></p>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">link</a>',
      '<p onclick="alert(1)" style="background:url(javascript:alert(1))">Klik</p>',
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<svg onload=alert(1)></svg>',
      '<a href="https://example.com/regulamin">pełny tekst</a>',
    ].join('');
    const res = await call(tok.admin, 'PUT', '/api/settings', {
      ...valid(3),
      organiser: 'Firma <b onmouseover="alert(1)">Zła</b><script>alert(2)</script>',
      rules: hostile,
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = (await publicSettings()).rules?.html ?? '';
    for (const el of elements(s)) {
      expect(['p', 'a']).toContain(el.name);
      for (const [name, value] of Object.entries(el.attribs)) {
        expect(name).not.toMatch(/^on/i);
        expect(value).not.toMatch(/javascript:/i);
      }
    }
    expect(s).toContain('Regulamin');
    expect(s).toContain('<a href="https://example.com/regulamin" target="_blank" rel="noopener noreferrer nofollow">');
    expect((await publicSettings()).organiser).toBe('Firma Zła');
  });

  it('refuses bad input with 422 and a Polish message per field, writing nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid(4), organiser: '   ' }, 'organiser', pl('settings.organiserRequired')],
      [{ ...valid(4), address: '' }, 'address', pl('settings.addressRequired')],
      [{ ...valid(4), email: 'nie-mail' }, 'email', pl('validation.emailInvalid')],
      [{ ...valid(4), rules: '' }, 'rules', pl('settings.rulesRequired')],
      // An emptied editor, or markup that keeps no text once sanitized, is no rules either.
      [{ ...valid(4), rules: '<p><br></p>' }, 'rules', pl('settings.rulesRequired')],
      [{ ...valid(4), rules: '<script>alert(1)</script>' }, 'rules', pl('settings.rulesRequired')],
      [{ ...valid(4), organiser: '<script>x</script>' }, 'organiser', pl('settings.organiserRequired')],
      [{ ...valid(4), rules: `<p>${'a'.repeat(200_001)}</p>` }, 'rules', pl('settings.rulesTooLong')],
      [{ ...valid(4), phone: '1'.repeat(101) }, 'phone', pl('validation.tooLong')],
      [{ ...valid(4), organiser: 'a\u0000b' }, 'organiser', pl('validation.textInvalid')],
      [{ organiser: 'X' }, 'address', pl('settings.addressRequired')],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(tok.admin, 'PUT', '/api/settings', body);
      expectError(res, 422);
      const errors = (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
      expect(errors[field], `${field}: ${res.body.slice(0, 200)}`).toContain(message);
    }
    // English when asked.
    const en = await call(tok.admin, 'PUT', '/api/settings', { ...valid(4), address: '' }, 'en');
    expectError(en, 422, translate('en', 'settings.addressRequired'));
    expect(await counts()).toEqual(before);
  });
});
