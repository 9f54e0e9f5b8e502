/**
 * The bundle budget (issue 10): the gzip size of the JavaScript and CSS that the login page and the
 * rep's pages need before their first render, read from the build's own output (Vite's manifest and
 * .vite/chunk-contents.json), against the limits in bundle-budget/pages.ts. Exits 1 and says what grew
 * when a page goes over, or when it loads back-office code. Deterministic: gzip level 9 of the built files.
 *
 *   npm run build && npm run budget            # also part of `npm run test:e2e`
 *   npm run budget -- --update-baseline        # record the current sizes in bench/baselines/bundle-budget.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { CHUNK_CONTENTS_FILE, type ChunkContents } from '../apps/web/build/chunk-contents.ts';
import { type Baseline, checkBudget, importCycles, toBaseline } from './bundle-budget/budget.ts';
import { BUDGET_PAGES, LIMITS, NOT_WATCHED } from './bundle-budget/pages.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const baselineFile = path.join(root, 'bench/baselines/bundle-budget.json');

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const manifest = readJson<Manifest>(manifestFile);
const contents = readJson<ChunkContents>(path.join(dist, CHUNK_CONTENTS_FILE));
const baseline = existsSync(baselineFile) ? readJson<Baseline>(baselineFile) : undefined;

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const result = checkBudget({
  pages: BUDGET_PAGES,
  limits: LIMITS,
  manifest,
  contents,
  gzipSize,
  baseline,
  notWatched: NOT_WATCHED,
});
console.log(result.report);
const cycles = importCycles(manifest);
for (const cycle of cycles) console.error(`FAILED: chunks import each other: ${[...cycle, cycle[0]].join(' → ')}`);

if (process.argv.includes('--update-baseline')) {
  writeFileSync(baselineFile, `${JSON.stringify(toBaseline(result.measures), null, 2)}\n`);
  console.log(`\nbaseline written to ${path.relative(root, baselineFile)}`);
}
process.exit(result.ok && cycles.length === 0 ? 0 : 1);
