import type { PageName } from '@incentive/contracts';
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
