import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A web feature owns its folder (docs/decisions/053-web-feature-folders.md): code outside
 * src/features/<f>/ reaches <f> only through src/features/<f>/index.ts, or not at all. That holds for
 * app/, lib/, components/, the other features and the pre-render entry, for static imports, `export …
 * from`, and dynamic `import()` alike (a lazy page stays lazy by importing the feature's index
 * lazily). Tests are the one exception: a test may open what it tests.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** The features/<f>/… internal a file imports from outside <f>, as `feature`, or null when allowed. */
function breach(fromFile: string, target: string): string | null {
  const feature = target.match(/^features\/([^/]+)\/(.+)$/);
  if (!feature) return null;
  const [, name, rest] = feature;
  if (fromFile.startsWith(`features/${name}/`)) return null;
  return rest === 'index.ts' ? null : (name ?? null);
}

/** Every import of one source file that breaks the rule, as `file → target`. */
function breachesOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_SPECIFIER)) {
    const spec = m[1] ?? '';
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (breach(file, target)) out.push(`${file} → ${target}`);
  }
  return out;
}

/*
 * Breaches that wait for the first-load work of issue 29 (decision 054), which moves exactly these files
 * (app/page-elements.tsx, app/router.tsx, prerender.tsx, the rep home's use of the features' load-*.ts
 * and *-size.ts): listed one by one so the list can only shrink (an entry that is no longer a breach
 * fails too). Nothing may be added here.
 */
const WAITING_FOR_FIRST_LOAD = [
  'prerender.tsx → features/dashboard/components/rep-home-shell.tsx',
  'app/page-elements.tsx → features/team-admin/load-pages.ts',
  'app/page-elements.tsx → features/dashboard/pages/dashboard-page.tsx',
  'app/page-elements.tsx → features/wallet/pages/withdrawals-page.tsx',
  'app/page-elements.tsx → features/quizzes/pages/quiz-list-page.tsx',
  'app/page-elements.tsx → features/quizzes/pages/quiz-take-page.tsx',
  'app/page-elements.tsx → features/quizzes/pages/quiz-summary-page.tsx',
  'app/page-elements.tsx → features/articles/load-article-list-page.ts',
  'app/page-elements.tsx → features/articles/load-article-page.ts',
  'app/page-elements.tsx → features/challenges/load-challenge-list-page.ts',
  'app/router.tsx → features/auth/pages/login-page.tsx',
  'app/router.tsx → features/auth/pages/register-page.tsx',
  'app/router.tsx → features/rules/pages/rules-page.tsx',
  'app/router.tsx → features/not-found/not-found-page.tsx',
  'features/dashboard/components/rep-home-shell.tsx → features/articles/carousel-size.ts',
  'features/dashboard/components/rep-home.tsx → features/articles/carousel-size.ts',
  'features/dashboard/components/rep-home.tsx → features/challenges/box-size.ts',
  'features/dashboard/components/rep-home.tsx → features/articles/load-article-carousel.ts',
  'features/dashboard/components/rep-home.tsx → features/challenges/load-challenge-box.ts',
];

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
    expect(breachesOf('features/a/pages/p.tsx', "import { X } from '../components/x.tsx';")).toEqual([]);
    expect(breachesOf('features/a/pages/p.tsx', "import { X } from '../../../lib/x.ts';")).toEqual([]);
    expect(breachesOf('features/a/pages/p.tsx', "import { z } from 'zod';")).toEqual([]);
  });

  it('sees a feature only through its index.ts from outside its folder', () => {
    const all = sourceFiles().flatMap((file) => breachesOf(file, readFileSync(path.join(src, file), 'utf8')));
    const breaches = all.filter((b) => !WAITING_FOR_FIRST_LOAD.includes(b));
    expect(
      WAITING_FOR_FIRST_LOAD.filter((b) => !all.includes(b)),
      'Fixed: remove these lines from WAITING_FOR_FIRST_LOAD.',
    ).toEqual([]);
    expect(
      breaches,
      'A feature is used only through its index.ts: export what others need from src/features/<f>/index.ts ' +
        '(a lazy page as a loader, `() => import(./pages/x.tsx)`, so it stays out of the importer’s chunk), ' +
        'or move what several features share to components/ or lib/ (decision 053).',
    ).toEqual([]);
  });
});
