/** As first-load/first-load-html.ts marks them (kept apart: the build's module is not bundled). */
const DEFERRED = 'link[data-deferred-style]';

/**
 * The rep home's first-load page paints its shell from inline critical CSS and only preloads the
 * route's stylesheets (decision 028). This applies them where they stand in the head, so the
 * cascade is the same as with ordinary links, and resolves once they have loaded: React renders
 * nothing before every rule is in place. Other pages have no such link: it resolves at once.
 */
export function applyDeferredStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>(DEFERRED)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          // A stylesheet that fails renders the page as an absent one would: unstyled, not blank.
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-deferred-style');
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
