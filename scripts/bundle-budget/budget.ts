import type { Manifest } from 'vite';
import type { ChunkContents } from '../../apps/web/build/chunk-contents.ts';
import type { BudgetPage } from './pages.ts';

/** The files a page downloads before it renders: the entry, the route's lazy chunks, their static imports, their CSS. */
export interface PageFiles {
  js: string[];
  css: string[];
}

export interface PageMeasure {
  page: BudgetPage;
  files: PageFiles;
  /** gzip bytes. */
  js: number;
  css: number;
  /** Estimated gzip bytes per package or app folder (a chunk's bytes shared by its modules' sizes). */
  parts: Record<string, number>;
  /** Forbidden packages or folders found, with the file that carries each. */
  forbidden: string[];
}

export interface Baseline {
  pages: Record<string, { js: number; css: number; parts: Record<string, number> }>;
}

export interface BudgetResult {
  ok: boolean;
  report: string;
  measures: PageMeasure[];
}

/** Walks Vite's manifest from the entry and the named lazy chunks through their static imports. */
export function pageFiles(manifest: Manifest, chunks: readonly string[]): PageFiles {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit((entries[0] as [string, unknown])[0]);
  for (const key of chunks) {
    if (!manifest[key]?.isDynamicEntry) {
      throw new Error(
        `${key} is not a lazy chunk in the build manifest: is the route still loaded with import(), and is the path right?`,
      );
    }
    visit(key);
  }
  return { js: [...js], css: [...css] };
}

/** A package stays itself; the app's files are summed by folder (src/features/wallet, src/app, …). */
export function groupOf(origin: string): string {
  const feature = /^src\/features\/[^/]+/.exec(origin);
  if (feature) return feature[0];
  const app = /^src\/[^/]+(?=\/)/.exec(origin);
  return app ? app[0] : origin;
}

/** Whether a module origin is one the page must not carry. A feature's index.ts (its lazy public entry) is allowed. */
export function isForbidden(origin: string, forbid: readonly string[]): string | undefined {
  if (/^src\/features\/[^/]+\/index\.ts$/.test(origin)) return undefined;
  return forbid.find((f) => origin === f || origin.startsWith(f.endsWith('/') ? f : `${f}/`));
}

export function measurePage(
  page: BudgetPage,
  manifest: Manifest,
  contents: ChunkContents,
  gzipSize: (file: string) => number,
): PageMeasure {
  const files = pageFiles(manifest, page.chunks);
  const parts: Record<string, number> = {};
  const forbidden: string[] = [];
  let js = 0;
  for (const file of files.js) {
    const size = gzipSize(file);
    js += size;
    const origins = contents[file] ?? {};
    const total = Object.values(origins).reduce((a, b) => a + b, 0);
    for (const [origin, bytes] of Object.entries(origins)) {
      const group = groupOf(origin);
      if (total > 0) parts[group] = (parts[group] ?? 0) + (size * bytes) / total;
      const hit = isForbidden(origin, page.forbid);
      if (hit) forbidden.push(`${hit} (${origin} in ${file})`);
    }
  }
  const css = files.css.reduce((sum, file) => sum + gzipSize(file), 0);
  return { page, files, js, css, parts, forbidden: [...new Set(forbidden)] };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function topParts(parts: Record<string, number>, n: number): string {
  return Object.entries(parts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
}

/** What changed against the recorded baseline: parts that grew, appeared or shrank by at least 0.5 kB. */
function diffParts(now: Record<string, number>, before: Record<string, number>): string {
  const names = new Set([...Object.keys(now), ...Object.keys(before)]);
  const changes: Array<[string, number, boolean]> = [];
  for (const name of names) {
    const delta = (now[name] ?? 0) - (before[name] ?? 0);
    if (Math.abs(delta) >= 512) changes.push([name, delta, before[name] === undefined]);
  }
  changes.sort((a, b) => b[1] - a[1]);
  return changes
    .map(([name, delta, isNew]) => `${name} ${delta > 0 ? '+' : ''}${kb(delta)}${isNew ? ' (new)' : ''}`)
    .join(', ');
}

/** The lazy pages of the app's features (`src/features/<feature>/pages/…`) in the build. */
const FEATURE_PAGE = /^src\/features\/[^/]+\/pages\/.+\.tsx$/;

/**
 * Feature pages the budget does not watch and was not told to leave alone: a new page (a rep's quiz
 * list, say) must be added to the budget, or to the list of pages that are nobody's first load on a
 * phone, so no rep page goes unchecked.
 */
export function unwatchedPages(
  manifest: Manifest,
  pages: readonly BudgetPage[],
  notWatched: readonly string[],
): string[] {
  const watched = new Set(pages.flatMap((p) => p.chunks));
  return Object.entries(manifest)
    .filter(([key, c]) => c.isDynamicEntry && FEATURE_PAGE.test(c.src ?? key))
    .map(([key, c]) => c.src ?? key)
    .filter((src) => !watched.has(src) && !notWatched.some((prefix) => src.startsWith(prefix)))
    .sort();
}

/** Measures every page, compares with the limits (and the baseline, for the report), and says what went over. */
export function checkBudget(opts: {
  pages: readonly BudgetPage[];
  limits: { js: number; css: number; jsFiles?: number };
  manifest: Manifest;
  contents: ChunkContents;
  gzipSize: (file: string) => number;
  baseline?: Baseline;
  /** Feature pages (or folders) knowingly not watched; any other feature page in the build fails the check. */
  notWatched?: readonly string[];
}): BudgetResult {
  const { baseline } = opts;
  const lines = [
    `Bundle budget: gzip bytes a page needs before its first render (limits JS ${kb(opts.limits.js)}, CSS ${kb(opts.limits.css)}${opts.limits.jsFiles === undefined ? '' : `, ${opts.limits.jsFiles} script files`} unless a page has its own)`,
  ];
  const failures: string[] = [];
  const measures = opts.pages.map((page) => measurePage(page, opts.manifest, opts.contents, opts.gzipSize));
  for (const m of measures) {
    const limits = { ...opts.limits, ...m.page.limits };
    const before = baseline?.pages[m.page.name];
    const vs = before ? ` (baseline JS ${kb(before.js)}, CSS ${kb(before.css)})` : '';
    const own = m.page.limits ? ` [own limits: JS ${kb(limits.js)}, CSS ${kb(limits.css)}]` : '';
    lines.push('', `${m.page.name} (${m.page.path}): JS ${kb(m.js)}, CSS ${kb(m.css)}${vs}${own}`);
    lines.push(
      `  JS files: ${m.files.js.length}, CSS files: ${m.files.css.length}; largest parts: ${topParts(m.parts, 8)}`,
    );
    const changed = before ? diffParts(m.parts, before.parts) : '';
    if (changed) lines.push(`  changed since the baseline: ${changed}`);
    if (m.js > limits.js) {
      failures.push(
        `${m.page.name}: JS ${kb(m.js)} is over the ${kb(limits.js)} limit by ${kb(m.js - limits.js)}. ` +
          (changed ? `Grew since the baseline: ${changed}.` : `Largest parts: ${topParts(m.parts, 8)}.`),
      );
    }
    if (m.css > limits.css) {
      const cssFiles = m.files.css.map((f) => `${f} ${kb(opts.gzipSize(f))}`).join(', ');
      failures.push(
        `${m.page.name}: CSS ${kb(m.css)} is over the ${kb(limits.css)} limit by ${kb(m.css - limits.css)}: ${cssFiles}.`,
      );
    }
    if (limits.jsFiles !== undefined && m.files.js.length > limits.jsFiles) {
      failures.push(
        `${m.page.name}: ${m.files.js.length} script files, over the limit of ${limits.jsFiles}: put small chunks ` +
          'that load together into one (CHUNK_GROUPS in apps/web/vite.config.ts, decision 058).',
      );
    }
    for (const f of m.forbidden) failures.push(`${m.page.name} must not load ${f}.`);
  }
  if (opts.notWatched) {
    for (const src of unwatchedPages(opts.manifest, opts.pages, opts.notWatched)) {
      failures.push(
        `${src} is a page the budget does not watch: add it to BUDGET_PAGES in scripts/bundle-budget/pages.ts ` +
          '(a rep page) or to NOT_WATCHED there (nobody opens it first on a phone).',
      );
    }
  }
  if (failures.length) lines.push('', 'FAILED:', ...failures.map((f) => `  - ${f}`));
  else lines.push('', 'All pages within the budget.');
  return { ok: failures.length === 0, report: lines.join('\n'), measures };
}

/** The numbers to keep as the new baseline (bench/baselines/bundle-budget.json). */
export function toBaseline(measures: readonly PageMeasure[]): Baseline {
  const round = (n: number) => Math.round(n);
  return {
    pages: Object.fromEntries(
      measures.map((m) => [
        m.page.name,
        {
          js: m.js,
          css: m.css,
          parts: Object.fromEntries(
            Object.entries(m.parts)
              .sort((a, b) => b[1] - a[1])
              .map(([k, v]) => [k, round(v)]),
          ),
        },
      ]),
    ),
  };
}

/**
 * Chunks that import each other, directly or through others (their files, in import order). A
 * cycle between chunks lets one start before what it imports has run: a page fails with "x is not
 * a function" (a chunk group that took a module used by its own importer did so, decision 058).
 */
export function importCycles(manifest: Manifest): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (key: string) => {
    state.set(key, 'open');
    stack.push(key);
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((k) => manifest[k]?.file ?? k));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key);
  return cycles;
}
