import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Rules of the web app's sources that no type can say (decision 056), read from disk:
 * - messages typed: the type of `t()`'s key is computed in lib/message-keys.ts from the Polish
 *   locale files, so it covers only the files it lists: every Polish locale file must be there;
 * - messages registered on purpose: no text is registered by a bare `import './strings.ts'`: a
 *   strings module only exports its texts, the module that shows them calls registerStrings();
 * - query keys written once: every key comes from lib/query-keys.ts, none is written elsewhere.
 */

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const rel = (f: string) => path.relative(srcDir, f).split(path.sep).join('/');

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full, test);
    return test(e.name) ? [full] : [];
  });
}

const code = files(srcDir, (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n));

/**
 * Bare imports of the app's own modules that are allowed, and why: neither registers a text.
 * zod-jitless.ts switches zod's JIT off before any schema is built (CSP); dayjs.ts sets dayjs'
 * plugins and locale, a library's setting.
 */
const SETUP_IMPORTS = ['lib/zod-jitless.ts', 'lib/dayjs.ts'];

describe('the texts t() accepts', () => {
  it('are typed from every Polish locale file', () => {
    const keysFile = readFileSync(path.join(srcDir, 'lib/message-keys.ts'), 'utf8');
    const listed = new Set([...keysFile.matchAll(/from '\.\.\/(locales\/[^']+\.json)'/g)].map((m) => m[1]));
    const polish = files(path.join(srcDir, 'locales'), (n) => /(^|-)pl\.json$/.test(n)).map(rel);
    expect(polish.length).toBeGreaterThan(10);
    expect(polish.filter((f) => !listed.has(f))).toEqual([]);
  });
});

describe('no text is registered by a side-effect import', () => {
  it("imports none of the app's modules for its side effects, except the two setup modules", () => {
    const found: string[] = [];
    for (const file of code) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+['"](\.[^'"]+)['"]/gm)) {
        const target = rel(path.resolve(path.dirname(file), m[1] as string));
        if (!target.endsWith('.css') && !SETUP_IMPORTS.includes(target)) found.push(`${rel(file)} imports ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('has strings modules that only export their texts', () => {
    const modules = code.filter((f) => /(^|[-/])strings\.ts$/.test(rel(f)) && !rel(f).startsWith('lib/'));
    expect(modules.length).toBeGreaterThanOrEqual(7);
    const registering = modules.filter((f) => /\b(registerStrings|addStrings)\s*\(/.test(readFileSync(f, 'utf8')));
    expect(registering.map(rel)).toEqual([]);
  });

  it('registers texts only through registerStrings()', () => {
    const callers = code.filter((f) => /\baddStrings\s*\(/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(callers.sort()).toEqual(['lib/i18n.ts', 'lib/lazy-strings.ts']);
  });
});

describe('no key outside the factory', () => {
  const forbidden: [RegExp, string][] = [
    [/queryKey\s*:(?!\s*(queryKey|rootKey)\()/, 'a queryKey that is not built by queryKey() or rootKey()'],
    [/\[\s*\.\.\.\s*(queryKey|rootKey)\(/, 'a key extended outside the factory'],
  ];

  it('recognises what it refuses', () => {
    const bad = [
      "queryKey: ['articles', 'list', params],",
      'queryKey: settingsKey,',
      "queryKey: [...rootKey('quizzes'), 'one', id],",
      'queryKey: queryKeys.me,',
    ];
    for (const line of bad)
      expect(
        forbidden.some(([re]) => re.test(line)),
        line,
      ).toBe(true);
    expect(forbidden.some(([re]) => re.test("queryKey: queryKey('quizzes.one', id),"))).toBe(false);
  });

  it('finds every key of apps/web/src written through lib/query-keys.ts', () => {
    const files = code.filter((f) => rel(f) !== 'lib/query-keys.ts');
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [re, what] of forbidden) if (re.test(text)) found.push(`${rel(file)}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
