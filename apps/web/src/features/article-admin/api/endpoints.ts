import { API, apiPath } from '@incentive/contracts';

/** The article back office's API paths (SPEC.md section 7 "Articles"), from the contracts the server registers. */
export const ARTICLE_ADMIN_API = {
  articles: API.adminArticles,
  article: (id: number) => apiPath(API.adminArticle, { id }),
  products: API.products,
} as const;
