import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * The inputs hostile-input.property.test.ts found answering badly, each kept as a plain case.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

const VALIDATION = { pl: 'Przesłane dane są nieprawidłowe', en: 'The data sent is invalid' };

describe("paths Fastify's router refuses before any route runs", () => {
  it.each([
    // Half a surrogate pair as the 3 bytes it would take in UTF-8 (WTF-8): not a valid URL component.
    ['a lone surrogate in an id', '/api/users/%ED%A0%80', 400],
    ['a lone surrogate after a valid id', '/api/challenges/1%ED%B0%80%ED%A0%80/ranking', 400],
    ['an id over the router’s parameter length', `/api/users/${'%C5%BB'.repeat(201)}`, 414],
  ])('%s: JSON with a translated message, no framework code or echoed path', async (_name, url, status) => {
    for (const lang of ['pl', 'en'] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(admin), 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: VALIDATION[lang] });
    }
  });
});
