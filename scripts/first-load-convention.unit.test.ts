import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/*
 * The web app's first-load convention (apps/web/src/first-load/README.md, decision 054): a page loads one way, through its
 * feature's lazy entry `load-pages.ts`, reached by a dynamic import; that entry holds loaders only.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const read = (file: string) => readFileSync(path.join(src, file), 'utf8');
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const lazyEntries = features.filter((f) => readdirSync(path.join(src, 'features', f)).includes('load-pages.ts'));

describe('the first-load convention', () => {
  test("the app reaches a feature's pages only through the feature's load-pages.ts, by a dynamic import", () => {
    for (const file of ['app/page-elements.tsx', 'app/back-office-pages.tsx', 'app/router.tsx']) {
      const text = read(file);
      const featureImports = [...text.matchAll(/import\(\s*'(\.\.\/features\/[^']+)'\s*\)/g)].map((m) => m[1]);
      expect(featureImports.length, file).toBeGreaterThan(0);
      for (const spec of featureImports) expect(spec, file).toMatch(/^\.\.\/features\/[\w-]+\/load-pages\.ts$/);
      // No static import of a feature: its pages' lists of chunks would join the entry everyone downloads.
      expect(text, file).not.toMatch(/^import [^;]*from '\.\.\/features\//m);
      // One way to make a lazy page: first-load/lazy-page.ts.
      expect(text, file).not.toMatch(/\b(React\.)?lazy\(/);
    }
  });

  test("a feature's load-pages.ts holds loaders only: no static import, each export a dynamic import of its own files", () => {
    expect(lazyEntries.length).toBeGreaterThanOrEqual(10);
    for (const feature of lazyEntries) {
      const file = `features/${feature}/load-pages.ts`;
      const code = read(file)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/^import\b/m);
      const exports = code.match(/^export const \w+ =/gm) ?? [];
      expect(exports.length, file).toBeGreaterThan(0);
      expect(code.match(/import\('\.\/[^']+'\)/g)?.length, file).toBe(exports.length);
      expect(
        exports.every((e) => /^export const load[A-Z]\w* =/.test(e)),
        file,
      ).toBe(true);
    }
  });

  test("a route's first-load HTML names its page through the same lazy entry", () => {
    const html = read('first-load/first-load-html.ts');
    const pageChunks = [...html.matchAll(/'src\/features\/([\w-]+)\/pages\/[\w-]+\.tsx'/g)].map((m) => m[1]);
    expect(pageChunks.length).toBeGreaterThan(0);
    for (const feature of pageChunks) expect(html).toContain(`'src/features/${feature}/load-pages.ts'`);
  });

  test('nothing outside first-load/ keeps first-load machinery: no shell, early call or lazy-page module elsewhere', () => {
    const moved = ['early-form', 'early-me', 'first-page-data', 'home-shell', 'shell-slots', 'deferred-styles'];
    for (const dir of ['lib', 'components', 'app']) {
      const names = readdirSync(path.join(src, dir));
      for (const name of moved) expect(names, dir).not.toContain(`${name}.ts`);
      expect(names, dir).not.toContain('page-shell.tsx');
      expect(names, dir).not.toContain('lazy-page.ts');
    }
    for (const feature of features) {
      const names = readdirSync(path.join(src, 'features', feature));
      expect(
        names.filter((n) => /^load-(?!pages\.ts$)/.test(n) || /-size\.ts$/.test(n)),
        feature,
      ).toEqual([]);
    }
  });
});
