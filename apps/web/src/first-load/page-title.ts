import { PAGES, type PageName } from '@incentive/contracts';
import { matchRoutes } from 'react-router';
import titles from '../locales/page-titles.json';

/*
 * The browser tab's text per page (WCAG 2.4.2; decision 046), in its own chunk: the router fetches
 * it after the first render (the first-load HTML already carries the Polish title, written at build
 * time from this same table), so no page's first load pays for it.
 */
type Lang = keyof typeof titles;

/** A page's own name and the product's: 'Quizy · Program motywacyjny'. */
export function pageTitle(lang: string, page: PageName | 'notFound'): string {
  const table: Record<string, string> = titles[(lang in titles ? lang : 'pl') as Lang];
  const own = table[page];
  return own ? `${own} · ${table.app}` : (table.app ?? '');
}

const PAGE_ROUTES = (Object.keys(PAGES) as PageName[]).map((page) => ({ path: PAGES[page], id: page }));

/** The title of the page a path shows (ranked as the router ranks it); an unknown path is 'notFound'. */
export function titleOfPath(lang: string, pathname: string): string {
  const page = matchRoutes(PAGE_ROUTES, pathname)?.at(-1)?.route.id as PageName | undefined;
  return pageTitle(lang, page ?? 'notFound');
}
