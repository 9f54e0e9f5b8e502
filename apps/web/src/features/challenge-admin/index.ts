/*
 * The challenge back office's entry: loaders of its pages, and nothing else (not even React). The
 * app's entry reaches it through one lazy import (app/page-elements.tsx), so the chunks its pages
 * need (the date picker, the drop zone, the data table) stay out of everyone's first load.
 */

export const loadChallengeListPage = () => import('./pages/challenge-list-page.tsx').then((m) => m.ChallengeListPage);
export const loadChallengeEditorPage = () =>
  import('./pages/challenge-editor-page.tsx').then((m) => m.ChallengeEditorPage);
export const loadSalesImportPage = () => import('./pages/sales-import-page.tsx').then((m) => m.SalesImportPage);
export const loadRankingPage = () => import('./pages/ranking-page.tsx').then((m) => m.RankingPage);
