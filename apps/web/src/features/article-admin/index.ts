/*
 * The article back office's entry: loaders of its pages, and nothing else (not even React). The
 * app's entry reaches it through one lazy import (app/page-elements.tsx), so the chunks its pages
 * need (tiptap, the date-time picker, the drop zone, the data table) stay out of everyone's first load.
 */

export const loadArticleListPage = () => import('./pages/article-list-page.tsx').then((m) => m.ArticleListPage);
export const loadArticleEditorPage = () => import('./pages/article-editor-page.tsx').then((m) => m.ArticleEditorPage);
export const loadArticlePreviewPage = () =>
  import('./pages/article-preview-page.tsx').then((m) => m.ArticlePreviewPage);
