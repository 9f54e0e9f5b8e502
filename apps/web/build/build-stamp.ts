import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { type BuildStamp, hashBuildInputs, STAMP_FILE } from './build-inputs.ts';

/**
 * Writes dist/.build-stamp.json when a build has finished: the hash of the inputs as they were when
 * it started. `npm start` compares it with the sources (scripts/build-web.ts) and skips a build that
 * would produce the same files. A failed build leaves no stamp (the out dir is emptied first).
 */
export function buildStamp(): Plugin {
  let outDir = '';
  let inputs = '';
  return {
    name: 'build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      inputs = hashBuildInputs();
    },
    closeBundle: {
      order: 'post',
      handler() {
        const stamp: BuildStamp = { inputs, builtAt: new Date().toISOString() };
        writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify(stamp)}\n`);
      },
    },
  };
}
