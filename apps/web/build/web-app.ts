import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Manifest, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import type { ManifestOptions } from 'vite-plugin-pwa';

/*
 * The installable app's build pieces (decision 067): its web app manifest, and which built files the
 * service worker keeps (the offline page's, nothing of the app's).
 */

/** The web app manifest: the rep's pages on a phone's home screen, opening on the rep home. */
export const APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Program motywacyjny',
  short_name: 'Program',
  description: 'Quizy, wyzwania sprzedażowe i portfel przedstawiciela handlowego.',
  lang: 'pl',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#f1f3f5',
  theme_color: '#1864ab',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
/** The offline page's own build manifest (under dist/, which the server does not serve: a dot folder). */
const OFFLINE_MANIFEST = '.vite/offline-manifest.json';

/**
 * Builds offline.html and its script on their own, after the app's build has written dist/ and before
 * the service worker's precache list is made (this plugin's closeBundle comes first). Built with the
 * app, it shared modules with the app's entry (the session keys, the money format), which split the
 * app's chunks and added files to every rep page's first load; built alone, it is one script and
 * one stylesheet that repeat those few hundred bytes.
 */
export function offlinePageBuild(): Plugin {
  return {
    name: 'offline-page-build',
    apply: 'build',
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          // As the app's files: each also as .br and .gz, which the server sends as they are.
          plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite\//], logLevel: 'silent' })],
          build: {
            outDir: dist,
            emptyOutDir: false,
            manifest: OFFLINE_MANIFEST,
            rolldownOptions: { input: path.join(root, 'offline.html') },
          },
        });
      },
    },
  };
}

/** offline.html and everything it loads, by its build's manifest. */
function offlinePageFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(dist, OFFLINE_MANIFEST), 'utf8')) as Manifest;
  const files = new Set<string>(['offline.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`web-app: ${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) files.add(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('offline.html');
  return files;
}

/**
 * The precache list, cut to the offline page's files, the favicon and the icons: the glob finds
 * every script and stylesheet of the build, and a rep's phone should not download the back office
 * (a few MB) to keep a page it shows without a connection.
 */
export function offlinePageOnly<T extends { url: string }>(entries: T[]) {
  const keep = offlinePageFiles();
  const manifest = entries.filter((e) => keep.has(e.url) || e.url === 'favicon.svg' || e.url.startsWith('icons/'));
  const missing = [...keep].filter((f) => !manifest.some((e) => e.url === f));
  return { manifest, warnings: missing.map((f) => `the offline page's ${f} is not in the precache list`) };
}
