import type { Plugin } from 'vite';

/** Written next to Vite's manifest: for each JS chunk, where its code comes from and how much (bytes before minifying). */
export const CHUNK_CONTENTS_FILE = '.vite/chunk-contents.json';

export type ChunkContents = Record<string, Record<string, number>>;

/**
 * Where a module comes from: the package for node_modules (`react-dom`, `@mantine/core`), the file for
 * the app's own code (`src/features/wallet/pages/withdrawals-page.tsx`), the workspace package otherwise.
 */
export function originOf(id: string): string {
  const clean = id.replace(/\\/g, '/').replace(/^\0/, '').split('?')[0] ?? id;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(clean);
  if (pkg?.[1]) return pkg[1];
  const app = /\/apps\/web\/(src\/.+)$/.exec(clean);
  if (app?.[1]) return app[1];
  const workspace = /\/(packages\/[^/]+)\//.exec(clean);
  if (workspace?.[1]) return workspace[1];
  return '(other)';
}

/**
 * Records which packages and app folders each chunk holds, so the budget check (scripts/bundle-budget.ts)
 * can say what a page's bytes are made of and prove that a rep's page carries no back-office library.
 */
export function chunkContents(): Plugin {
  return {
    name: 'chunk-contents',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out: ChunkContents = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const origins: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) {
          if (info.renderedLength === 0) continue;
          const origin = originOf(id);
          origins[origin] = (origins[origin] ?? 0) + info.renderedLength;
        }
        out[chunk.fileName] = Object.fromEntries(Object.entries(origins).sort((a, b) => b[1] - a[1]));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_CONTENTS_FILE, source: `${JSON.stringify(out, null, 1)}\n` });
    },
  };
}
