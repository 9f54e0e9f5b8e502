import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from '../app/app-tree.tsx';
import { Providers } from '../app/providers.tsx';
import { ArticleShell, QuizTakeShell, RepPageShell, shellScript } from './page-shell.tsx';
import { HOME_SHELL_SCRIPT, RepHomeShell } from './rep-home-shell.tsx';

/**
 * The HTML of a signed-out page as React first renders it, for the build (first-load/first-load-html.ts):
 * the login page is painted from the HTML, before its scripts arrive, and main.tsx hydrates it.
 * Runs at build time only (never bundled); waits for the page's lazy chunk (prerender resolves Suspense).
 */
export async function prerenderPage(location: string): Promise<string> {
  const { prelude } = await prerender(
    <AppTree router={({ children }) => <StaticRouter location={location}>{children}</StaticRouter>} />,
  );
  return new Response(prelude).text();
}

/**
 * The rep home's shell (features/dashboard/components/rep-home-shell.tsx) and the inline script that
 * keeps it for a rep or removes it. Never hydrated: its own id prefix keeps Mantine's generated class
 * names apart from the app's while both are in the document.
 */
export async function prerenderHomeShell(): Promise<{ markup: string; script: string }> {
  const { prelude } = await prerender(
    <Providers>
      <RepHomeShell />
    </Providers>,
    { identifierPrefix: 'shell-' },
  );
  return { markup: await new Response(prelude).text(), script: HOME_SHELL_SCRIPT };
}

/**
 * Another rep page's shell (first-load/page-shell.tsx, decision 030): the header, and the title and
 * description the build knows (Polish: the script keeps the shell only for a rep in Polish), and for
 * a list the box its first card's image goes in.
 */
/** The article page's or a quiz's shell (first-load/page-shell.tsx ArticleShell, QuizTakeShell). */
export async function prerenderRecordShell(kind: 'article' | 'quiz'): Promise<{ markup: string; script: string }> {
  const { prelude } = await prerender(
    <Providers>{kind === 'article' ? <ArticleShell /> : <QuizTakeShell />}</Providers>,
    { identifierPrefix: 'shell-' },
  );
  return { markup: await new Response(prelude).text(), script: shellScript(false) };
}

export async function prerenderRepPageShell(
  title?: string,
  subtitle?: string,
  body?: Parameters<typeof RepPageShell>[0]['body'],
): Promise<{ markup: string; script: string }> {
  const { prelude } = await prerender(
    <Providers>
      <RepPageShell title={title} subtitle={subtitle} body={body} />
    </Providers>,
    { identifierPrefix: 'shell-' },
  );
  return { markup: await new Response(prelude).text(), script: shellScript(false) };
}
