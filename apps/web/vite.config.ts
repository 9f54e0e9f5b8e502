import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { hashBuildInputs } from './build/build-inputs.ts';
import { buildStamp } from './build/build-stamp.ts';
import { chunkContents } from './build/chunk-contents.ts';
import { mantineCssPerComponent } from './build/mantine-css.ts';
import { APP_MANIFEST, offlinePageBuild, offlinePageOnly } from './build/web-app.ts';
import { firstLoadHtml } from './src/first-load/first-load-html.ts';

/*
 * Fewer, larger chunks for the first load (decision 022). Left to itself the bundler cut the login
 * page into 27 scripts and 12 stylesheets and the rep home into 58 files of 1-3 kB each; over HTTP/1.1
 * a phone fetches six at a time, each waiting a round trip, which cost the first paint more than the
 * bytes did. These groups keep what loads together in one file, in order of priority:
 */
const inPackage = (names: string[]) => new RegExp(`/node_modules/(${names.join('|')})/`);
// Not use-sync-external-store: only tiptap's React binding (the quiz back office) uses it now, so it
// stays in that lazy chunk instead of every page's framework file.
const FRAMEWORK = inPackage(['react', 'react-dom', 'scheduler', 'react-router']);
// What both the login page and the signed-in shell draw; a component only one of them uses (the
// inputs, cards) stays in that page's chunks.
const MANTINE_BASE = new RegExp(
  '/@mantine/core/esm/core/|' +
    `/@mantine/core/esm/components/(${[
      ...['Anchor', 'Box', 'Button', 'Center', 'Container', 'Group', 'Loader', 'Paper', 'Stack', 'Text', 'Title'],
      ...['Transition', 'UnstyledButton', 'VisuallyHidden'],
    ].join('|')})/`,
);
const REP_CARDS =
  /\/src\/(components\/(card-media|responsive-image|link-button)\.|lib\/(video-source|use-error-toast)\.)|\/icons-react\/dist\/esm\/icons\/IconPhoto\./;
// The modules under every signed-in page that the login page does not use (decision 058).
const SIGNED_IN_SHELL = new RegExp(
  [
    '/src/app/query-client\\.',
    '/src/features/auth/(index|api/get-me)\\.',
    '/src/components/loading\\.',
    '/src/lib/query-keys\\.',
    '/src/features/team-admin/index\\.',
    '/@mantine/hooks/esm/(use-disclosure|use-merged-ref|use-collapse)/',
    '/@mantine/core/esm/components/(Collapse/|Accordion/AccordionChevron\\.)',
  ].join('|'),
);
const posix = (id: string) => id.replaceAll('\\', '/');
const CHUNK_GROUPS = [
  // React and the router: every page, before anything renders.
  { name: 'framework', test: (id: string) => FRAMEWORK.test(posix(id)), priority: 40 },
  // Mantine's provider and style system and the components the login page and the rep's pages draw first.
  { name: 'mantine-base', test: (id: string) => MANTINE_BASE.test(posix(id)), priority: 30 },
  // The query library: every signed-in page, never the login page.
  { name: 'query', test: (id: string) => posix(id).includes('/node_modules/@tanstack/'), priority: 20 },
  // What every signed-in page loads and the login page does not: the query area, the session gate,
  // the app's frame and the few Mantine and icon helpers they draw with. Eleven files of 1-3 kB each
  // were eleven preload links, requests and module records on every rep page's first load. The
  // routes' own lazy modules (signed-in-area, session-gate, app-layout) stay files of their own: the
  // manifest, the budget and the first-load HTML find a route's chunks by them.
  {
    name: 'signed-in',
    test: (id: string) => SIGNED_IN_SHELL.test(posix(id)),
    priority: 15,
    includeDependenciesRecursively: false,
  },
  // The text input and its parts (the login form's fields, every form's): one file, not four.
  {
    name: 'text-input',
    test: (id: string) => /\/@mantine\/core\/esm\/components\/(Input|InputBase|TextInput|ActionIcon)\//.test(posix(id)),
    priority: 12,
    includeDependenciesRecursively: false,
  },
  // The card pieces the rep's quiz and article lists share (image, video, placeholder icon, link
  // button, error toast): one file, not five small ones on each of those pages. Only these modules: their own
  // imports (React, Mantine) stay in the chunks above.
  {
    name: 'rep-cards',
    test: (id: string) => REP_CARDS.test(posix(id)),
    priority: 10,
    includeDependenciesRecursively: false,
  },
];

/**
 * Back-office pages whose lazy import keeps only its stylesheets in the preload list. Every preload
 * list sits in the entry, which every rep downloads first; these six name ~100 chunks a rep never
 * opens (2 kB gzip of file names). The same for the installable app's
 * modules (pwa/app-worker.tsx, loaded after the page; pwa/no-connection.tsx, seldom shown), whose lists
 * sat in the entry and the session gate that every rep page loads first. Without them an admin's first visit to such a page finds its
 * scripts through the page's own imports (a round trip or two more); the stylesheets still come with
 * the import, since only the preload helper adds them.
 */
const BACK_OFFICE_PAGE_CHUNK =
  /(^|\/)(back-office-dashboard|back-office-modals|warehouse-details-page|warehouse-form-page|sales-rep-form-page|admin-form-page|no-connection|app-worker)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    react(),
    mantineCssPerComponent(),
    chunkContents(),
    // Every text file also as .br and .gz, once, at the best ratio: the server sends the one the client accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.vite\//], logLevel: 'silent' }),
    firstLoadHtml(),
    // The offline page, built on its own once the app is written (before the service worker's list).
    offlinePageBuild(),
    // The installable app (decision 067): the web app manifest and its link in the HTML, and the
    // service worker (sw/sw.ts) with the offline page's files as its only precache.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: APP_MANIFEST,
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['offline.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
        manifestTransforms: [offlinePageOnly],
      },
    }),
    buildStamp(),
  ],
  // Which build a page or the service worker is (pwa/app-worker.tsx, sw/sw.ts): the hash of the build's inputs.
  define: { __APP_BUILD__: JSON.stringify(hashBuildInputs().slice(0, 16)) },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks and stylesheets each route needs (the budget check reads it).
    manifest: true,
    modulePreload: {
      resolveDependencies: (file, deps) =>
        BACK_OFFICE_PAGE_CHUNK.test(file) ? deps.filter((d) => d.endsWith('.css')) : deps,
    },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
