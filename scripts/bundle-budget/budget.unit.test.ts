import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import type { ChunkContents } from '../../apps/web/build/chunk-contents.ts';
import { checkBudget, importCycles, isForbidden, pageFiles, toBaseline, unwatchedPages } from './budget.ts';
import type { BudgetPage } from './pages.ts';

/*
 * A small build as Vite's manifest describes it: an entry with a shared vendor chunk, a login page,
 * a rep page sharing a UI chunk with the back office, and a back-office page with the data table.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/login.tsx', 'src/rep.tsx', 'src/office.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_vendor.js'], css: ['assets/ui.css'] },
  '_table.js': { file: 'assets/table.js', imports: ['_ui.js'], css: ['assets/table.css'] },
  'src/login.tsx': { file: 'assets/login.js', src: 'src/login.tsx', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/rep.tsx': {
    file: 'assets/rep.js',
    src: 'src/rep.tsx',
    isDynamicEntry: true,
    imports: ['_ui.js'],
    dynamicImports: ['src/office.tsx'],
  },
  'src/office.tsx': { file: 'assets/office.js', src: 'src/office.tsx', isDynamicEntry: true, imports: ['_table.js'] },
};

const contents: ChunkContents = {
  'assets/index.js': { 'src/main.tsx': 1000 },
  'assets/vendor.js': { react: 3000, 'react-dom': 7000 },
  'assets/ui.js': { '@mantine/core': 2000 },
  'assets/table.js': { 'mantine-datatable': 4000 },
  'assets/login.js': { 'src/features/auth/pages/login-page.tsx': 500 },
  'assets/rep.js': { 'src/features/dashboard/pages/rep.tsx': 400, 'src/features/back-office/index.ts': 100 },
  'assets/office.js': { 'src/features/back-office/pages/office.tsx': 900 },
};

/** Sizes in "gzip bytes" chosen for the test: 1 kB per file, the vendor 10 kB, the table 5 kB. */
const sizes: Record<string, number> = {
  'assets/index.js': 1024,
  'assets/vendor.js': 10 * 1024,
  'assets/ui.js': 1024,
  'assets/table.js': 5 * 1024,
  'assets/login.js': 1024,
  'assets/rep.js': 1024,
  'assets/office.js': 1024,
  'assets/index.css': 1024,
  'assets/ui.css': 1024,
  'assets/table.css': 2 * 1024,
};
const gzipSize = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};

const FORBID = ['src/features/back-office', 'mantine-datatable'];
const login: BudgetPage = { name: 'login', path: '/', chunks: ['src/login.tsx'], forbid: FORBID };
const rep: BudgetPage = { name: 'rep', path: '/rep', chunks: ['src/rep.tsx'], forbid: FORBID };
const office: BudgetPage = { name: 'office', path: '/office', chunks: ['src/office.tsx'], forbid: FORBID };

describe('pageFiles', () => {
  it('takes the entry, the lazy chunks and their static imports, never their dynamic imports', () => {
    expect(pageFiles(manifest, ['src/rep.tsx'])).toEqual({
      js: ['assets/index.js', 'assets/vendor.js', 'assets/rep.js', 'assets/ui.js'],
      css: ['assets/index.css', 'assets/ui.css'],
    });
  });

  it('refuses a chunk that is not lazy or not there, naming it', () => {
    expect(() => pageFiles(manifest, ['_ui.js'])).toThrow(/_ui\.js is not a lazy chunk/);
    expect(() => pageFiles(manifest, ['src/gone.tsx'])).toThrow(/src\/gone\.tsx is not a lazy chunk/);
  });
});

describe('isForbidden', () => {
  it('matches a package or a folder, but allows a feature index (its lazy public entry)', () => {
    expect(isForbidden('mantine-datatable', FORBID)).toBe('mantine-datatable');
    expect(isForbidden('mantine-datatable-extra', FORBID)).toBeUndefined();
    expect(isForbidden('src/features/back-office/pages/x.tsx', FORBID)).toBe('src/features/back-office');
    expect(isForbidden('src/features/back-office/index.ts', FORBID)).toBeUndefined();
  });
});

describe('importCycles', () => {
  it('finds chunks that import each other, and none in a tree', () => {
    const m = {
      'a.ts': { file: 'assets/a.js', imports: ['b.ts'] },
      'b.ts': { file: 'assets/b.js', imports: ['c.ts'] },
      'c.ts': { file: 'assets/c.js', imports: ['a.ts'] },
      'd.ts': { file: 'assets/d.js', imports: ['c.ts'] },
    } as unknown as Manifest;
    expect(importCycles(m)).toEqual([['assets/a.js', 'assets/b.js', 'assets/c.js']]);
    const tree = { 'a.ts': { file: 'assets/a.js', imports: ['b.ts'] }, 'b.ts': { file: 'assets/b.js' } };
    expect(importCycles(tree as unknown as Manifest)).toEqual([]);
  });
});

describe('checkBudget', () => {
  it('passes pages within the limits and reports their sizes', () => {
    const result = checkBudget({
      pages: [login, rep],
      limits: { js: 14 * 1024, css: 3 * 1024 },
      manifest,
      contents,
      gzipSize,
    });
    expect(result.ok).toBe(true);
    expect(result.measures.map((m) => [m.page.name, m.js, m.css])).toEqual([
      ['login', 12 * 1024, 1024],
      ['rep', 13 * 1024, 2 * 1024],
    ]);
    expect(result.report).toContain('rep (/rep): JS 13.0 kB, CSS 2.0 kB');
    expect(result.report).toContain('All pages within the budget.');
  });

  it('fails a page over a limit and says by how much and what it is made of', () => {
    const result = checkBudget({
      pages: [login, rep],
      limits: { js: 12.5 * 1024, css: 1.5 * 1024 },
      manifest,
      contents,
      gzipSize,
    });
    expect(result.ok).toBe(false);
    expect(result.report).toContain('FAILED:');
    expect(result.report).toContain(
      'rep: JS 13.0 kB is over the 12.5 kB limit by 0.5 kB. Largest parts: react-dom 7.0 kB',
    );
    expect(result.report).toContain(
      'rep: CSS 2.0 kB is over the 1.5 kB limit by 0.5 kB: assets/index.css 1.0 kB, assets/ui.css 1.0 kB.',
    );
    expect(result.report).not.toContain('login: JS');
  });

  it('fails a page that needs more script files than the limit', () => {
    const result = checkBudget({
      pages: [login, rep],
      limits: { js: 100 * 1024, css: 100 * 1024, jsFiles: 2 },
      manifest,
      contents,
      gzipSize,
    });
    expect(result.ok).toBe(false);
    expect(result.report).toMatch(/rep: \d+ script files, over the limit of 2/);
    const roomy = checkBudget({
      pages: [login, rep],
      limits: { js: 100 * 1024, css: 100 * 1024, jsFiles: 10 },
      manifest,
      contents,
      gzipSize,
    });
    expect(roomy.ok).toBe(true);
  });

  it("applies a page's own limit where it has one, and still fails it above that", () => {
    const roomy = { ...rep, limits: { js: 13 * 1024 } };
    const ok = checkBudget({ pages: [roomy], limits: { js: 12 * 1024, css: 3 * 1024 }, manifest, contents, gzipSize });
    expect(ok.ok).toBe(true);
    expect(ok.report).toContain('[own limits: JS 13.0 kB, CSS 3.0 kB]');
    const tight = { ...rep, limits: { js: 12.9 * 1024 } };
    const over = checkBudget({
      pages: [tight],
      limits: { js: 20 * 1024, css: 3 * 1024 },
      manifest,
      contents,
      gzipSize,
    });
    expect(over.ok).toBe(false);
    expect(over.report).toContain('rep: JS 13.0 kB is over the 12.9 kB limit');
  });

  it('fails a page that loads a forbidden library or back-office code', () => {
    const result = checkBudget({
      pages: [office],
      limits: { js: 100 * 1024, css: 100 * 1024 },
      manifest,
      contents,
      gzipSize,
    });
    expect(result.ok).toBe(false);
    expect(result.report).toContain('office must not load mantine-datatable (mantine-datatable in assets/table.js).');
    expect(result.report).toContain('office must not load src/features/back-office');
  });

  it('names what grew against the recorded baseline', () => {
    const before = checkBudget({
      pages: [rep],
      limits: { js: 100 * 1024, css: 100 * 1024 },
      manifest,
      contents,
      gzipSize,
    });
    const baseline = toBaseline(before.measures);
    const grown: ChunkContents = { ...contents, 'assets/ui.js': { '@mantine/core': 2000, '@mantine/dates': 2000 } };
    sizes['assets/ui.js'] = 3 * 1024;
    try {
      const after = checkBudget({
        pages: [rep],
        limits: { js: 14 * 1024, css: 100 * 1024 },
        manifest,
        contents: grown,
        gzipSize,
        baseline,
      });
      expect(after.ok).toBe(false);
      expect(after.report).toContain('baseline JS 13.0 kB');
      expect(after.report).toMatch(/Grew since the baseline: @mantine\/dates \+1\.5 kB \(new\)/);
    } finally {
      sizes['assets/ui.js'] = 1024;
    }
  });
});

describe('unwatchedPages', () => {
  const withPages: Manifest = {
    ...manifest,
    'src/features/quizzes/pages/quiz-list-page.tsx': {
      file: 'assets/quiz-list.js',
      src: 'src/features/quizzes/pages/quiz-list-page.tsx',
      isDynamicEntry: true,
    },
    'src/features/wallet/pages/withdrawals-page.tsx': {
      file: 'assets/withdrawals.js',
      src: 'src/features/wallet/pages/withdrawals-page.tsx',
      isDynamicEntry: true,
    },
    'src/features/back-office/pages/admin-page.tsx': {
      file: 'assets/admin.js',
      src: 'src/features/back-office/pages/admin-page.tsx',
      isDynamicEntry: true,
    },
  };
  const withdrawals: BudgetPage = {
    name: 'withdrawals',
    path: '/withdraw',
    chunks: ['src/features/wallet/pages/withdrawals-page.tsx'],
    forbid: FORBID,
  };

  it('names a new feature page that is neither watched nor set aside, and fails the check for it', () => {
    expect(unwatchedPages(withPages, [withdrawals], ['src/features/back-office/'])).toEqual([
      'src/features/quizzes/pages/quiz-list-page.tsx',
    ]);
    const result = checkBudget({
      pages: [login, rep],
      limits: { js: 14 * 1024, css: 3 * 1024 },
      manifest: withPages,
      contents,
      gzipSize: (file) => (withPages[file] ? gzipSize(file) : 100),
      notWatched: ['src/features/back-office/', 'src/features/wallet/'],
    });
    expect(result.ok).toBe(false);
    expect(result.report).toContain(
      'src/features/quizzes/pages/quiz-list-page.tsx is a page the budget does not watch',
    );
  });

  it('is satisfied once every feature page is watched or set aside', () => {
    expect(
      unwatchedPages(withPages, [withdrawals], ['src/features/back-office/', 'src/features/quizzes/pages/']),
    ).toEqual([]);
  });
});
