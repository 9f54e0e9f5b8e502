import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Everything a web build reads besides node_modules: when none of it changed, the build in dist is current. */
const INPUTS = [
  'apps/web/index.html',
  'apps/web/offline.html',
  'apps/web/sw',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/build',
  'apps/web/public',
  'apps/web/src',
  'packages/contracts/package.json',
  'packages/contracts/src',
  // Installed packages change only with the lockfile (npm ci).
  'package-lock.json',
];

/** The build's record of what it was built from, written last (build-stamp.ts). */
export const STAMP_FILE = '.build-stamp.json';

export interface BuildStamp {
  inputs: string;
  builtAt: string;
}

/** A SHA-256 over the paths and contents of every input file (a few hundred files: milliseconds). */
export function hashBuildInputs(): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesOf(path.join(repo, input))) {
      hash.update(path.relative(repo, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

function filesOf(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** The stamp of the build in `dist`, or null when there is none (never built, or a build that did not finish). */
export function readBuildStamp(dist: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(path.join(dist, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}
