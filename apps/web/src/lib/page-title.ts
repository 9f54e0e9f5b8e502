import type { PageName } from '@incentive/contracts';

/** A page's own name and the product's: 'Quizy · Program motywacyjny' (WCAG 2.4.2; decision 046). */
export function pageTitle(t: (key: string) => string | undefined, page: PageName | 'notFound'): string {
  const app = t('app.name') ?? '';
  const own = t(`pageTitle.${page}`);
  return own ? `${own} · ${app}` : app;
}
