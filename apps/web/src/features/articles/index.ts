/*
 * What other features use of the articles: the view of one article (the back office's preview
 * renders it too, with 'Inne artykuły' pointing to /articles). Light on purpose: no Mantine
 * components beyond the shared ones, so neither the rep's nor the admin's page grows with it.
 */
export { ArticleView, type ArticleViewData } from './components/article-view.tsx';
