// As load-article-list-page.ts: the article page's files are named here, not in the app's entry.
export const loadArticlePage = () => import('./pages/article-page.tsx').then((m) => m.ArticlePage);
