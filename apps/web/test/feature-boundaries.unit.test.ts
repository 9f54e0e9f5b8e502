import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A web feature owns its folder (docs/decisions/053-web-feature-folders.md): code outside
 * src/features/<f>/ reaches <f> only through src/features/<f>/index.ts (static or dynamic import), or
 * its lazy entry src/features/<f>/load-pages.ts by a dynamic `import()` only (first-load/README.md,
 * decision 054: a dynamic import of an index that others import statically would merge the chunks and
 * grow the rep's first load), or not at all. That holds for app/, lib/, components/, first-load/ and
 * the other features, for static imports, `export … from`, and dynamic `import()` alike. Tests are the
 * one exception: a test may open what it tests.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const IMPORT_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The features/<f>/… internal a file imports from outside <f>, as `feature`, or null when allowed. */
function breach(fromFile: string, target: string, dynamic: boolean): string | null {
  const feature = target.match(/^features\/([^/]+)\/(.+)$/);
  if (!feature) return null;
  const [, name, rest] = feature;
  if (fromFile.startsWith(`features/${name}/`)) return null;
  if (rest === 'index.ts' || (dynamic && rest === 'load-pages.ts')) return null;
  return name ?? null;
}

/** Every import of one source file that breaks the rule, as `file → target`. */
function breachesOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_SPECIFIER)) {
    const spec = m[2] ?? '';
    if (!spec.startsWith('.')) continue;
    const dynamic = (m[1] ?? '').startsWith('import') && (m[1] ?? '').includes('(');
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (breach(file, target, dynamic)) out.push(`${file} → ${target}`);
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.tsx?$/.test(f) && !isTest(f));
}

describe('web feature boundaries', () => {
  it('reads the imports it checks', () => {
    expect(breachesOf('app/x.tsx', "import { A } from '../features/auth/api/get-me.ts';")).toEqual([
      'app/x.tsx → features/auth/api/get-me.ts',
    ]);
    expect(breachesOf('app/x.tsx', "const p = () => import('../features/quizzes/pages/p.tsx');")).toEqual([
      'app/x.tsx → features/quizzes/pages/p.tsx',
    ]);
    expect(breachesOf('features/a/b.ts', "export { X } from '../c/d.ts';")).toEqual([
      'features/a/b.ts → features/c/d.ts',
    ]);
    expect(breachesOf('features/a/b.ts', "import type { T } from '../../features/c/lib/t.ts';")).toEqual([
      'features/a/b.ts → features/c/lib/t.ts',
    ]);
    // Allowed: a feature's index, a feature's own files, everything outside features/, packages.
    expect(breachesOf('app/x.tsx', "const p = () => import('../features/quizzes/index.ts');")).toEqual([]);
    // A feature's lazy entry: by a dynamic import only.
    expect(breachesOf('app/x.tsx', "const p = () => import('../features/quizzes/load-pages.ts');")).toEqual([]);
    expect(breachesOf('app/x.tsx', "import { loadQuizListPage } from '../features/quizzes/load-pages.ts';")).toEqual([
      'app/x.tsx → features/quizzes/load-pages.ts',
    ]);
    expect(breachesOf('features/a/pages/p.tsx', "import { X } from '../components/x.tsx';")).toEqual([]);
    expect(breachesOf('features/a/pages/p.tsx', "import { X } from '../../../lib/x.ts';")).toEqual([]);
    expect(breachesOf('features/a/pages/p.tsx', "import { z } from 'zod';")).toEqual([]);
  });

  it('sees a feature only through its index.ts from outside its folder', () => {
    const all = sourceFiles().flatMap((file) => breachesOf(file, readFileSync(path.join(src, file), 'utf8')));
    expect(
      all,
      'A feature is used only through its index.ts: export what others need from src/features/<f>/index.ts ' +
        '(or, for a routed page, a loader in its load-pages.ts reached by a dynamic import: first-load/README.md), ' +
        'or move what several features share to components/ or lib/ (decision 053).',
    ).toEqual([]);
  });
});
