/*
 * The bundler writes the files a dynamic import preloads into the chunk that imports it. Reached
 * through this tiny module (as the quiz back office's index.ts is), the list page's files are named
 * here, not in the app's entry that every page downloads (decision 024). The price: one small
 * request before the page's chunk.
 */
export const loadArticleListPage = () => import('./pages/article-list-page.tsx').then((m) => m.ArticleListPage);
