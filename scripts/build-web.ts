/**
 * Builds the web app only when its sources changed since the build in apps/web/dist (`npm start`):
 * the build writes a hash of everything it reads (apps/web/build/build-inputs.ts) into
 * dist/.build-stamp.json, and an unchanged hash means the same files would come out again.
 * `--force` builds anyway.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashBuildInputs, readBuildStamp } from '../apps/web/build/build-inputs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const stamp = readBuildStamp(dist);
const current = existsSync(path.join(dist, 'index.html')) && stamp?.inputs === hashBuildInputs();
if (current && !process.argv.includes('--force')) {
  console.log(`web app: the build from ${stamp.builtAt} is current, not rebuilding`);
} else {
  console.log(stamp ? 'web app: sources changed since the last build, building…' : 'web app: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
