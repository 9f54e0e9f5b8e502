import { API, apiPath } from '@incentive/contracts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The article back office's API paths (SPEC.md section 7 "Articles"), from the contracts the server registers. */
export const ARTICLE_ADMIN_API = {
  articles: API.adminArticles,
  article: (id: number) => apiPath(API.adminArticle, { id }),
  products: API.products,
} as const;

/**
 * The query roots this feature reads and writes: the articles (shared with the rep's pages, so a
 * write refreshes them too) and the product catalogue (declared by type in lib/query-keys.ts).
 */
export const articleKeys = { articles: queryKeys.articles, products: ['products'] as const };
