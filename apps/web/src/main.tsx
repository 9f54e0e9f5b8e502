import './lib/zod-jitless.ts';
// First, before React and Mantine evaluate: a signed-in visitor's GET /api/me goes out now.
import { earlyUser } from './first-load/early-me.ts';
// Mantine's base styles; each component's own stylesheet comes with its code (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppTree } from './app/app-tree.tsx';
import { preloadRoute } from './app/router.tsx';
import { applyDeferredStyles } from './first-load/deferred-styles.ts';
import { removeHomeShell } from './first-load/home-shell.ts';
import { i18n, i18nReady } from './lib/i18n.ts';

// The rep home's stylesheets, preloaded while its shell painted, now apply (decision 028).
const stylesApplied = applyDeferredStyles();
// The first page's chunks load while React starts; the guarded page's once the user is known (the
// route match is kept for that second call, app/router.tsx).
const preloadFirstPage = () => {
  preloadRoute(location.pathname);
  // A stale token: the rep home's shell (decision 027) goes at once, the session gate signs out as before.
  void earlyUser().then((me) => (me ? preloadRoute(location.pathname, me) : removeHomeShell()));
};
// Behind a page the HTML has already painted (a rep's shell), in a task of its own: the preload
// links it adds (about 45 ms on a phone's CPU) no longer lengthen the long task that evaluates the
// app's modules, which Lighthouse counts as blocking time after that paint (decision 057). Not on
// the pre-rendered login page: there it moved its hydration's late content after Lighthouse's
// first paint (a layout shift of 0.03–0.11, docs/quality/web-tbt.md).
if (document.getElementById('root')?.dataset.prerendered) preloadFirstPage();
else setTimeout(preloadFirstPage, 0);

// The installable app (decision 067): the service worker, the offline line and the new-version
// toast, once the page has loaded, never on the first load's path.
addEventListener('load', () => {
  setTimeout(() => void import('./pwa/app-worker.tsx').then((m) => m.startAppWorker()), 1000);
});

// Polish is ready at once; a stored English choice waits for its chunk so no Polish text flashes.
// In a transition, React renders (or hydrates) the first page in slices of a few milliseconds
// instead of one long task: a phone's main thread stays free for input while the page builds.
void Promise.all([i18nReady, stylesApplied]).then(() => {
  const container = document.getElementById('root') as HTMLElement;
  const tree = <AppTree router={BrowserRouter} />;
  // The build pre-renders the login page in Polish (first-load/first-load-html.ts): hydrate what is
  // already on screen. Any other case (an English choice) starts from an empty root.
  if (container.dataset.prerendered === i18n.language) {
    startTransition(() => {
      hydrateRoot(container, tree);
    });
    return;
  }
  container.replaceChildren();
  const root = createRoot(container);
  startTransition(() => root.render(tree));
});
