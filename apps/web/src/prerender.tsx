import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app-tree.tsx';

/**
 * The HTML of a signed-out page as React first renders it, for the build (build/first-load-html.ts):
 * the login page is painted from the HTML, before its scripts arrive, and main.tsx hydrates it.
 * Runs at build time only (never bundled); waits for the page's lazy chunk (prerender resolves Suspense).
 */
export async function prerenderPage(location: string): Promise<string> {
  const { prelude } = await prerender(
    <AppTree router={({ children }) => <StaticRouter location={location}>{children}</StaticRouter>} />,
  );
  return new Response(prelude).text();
}
