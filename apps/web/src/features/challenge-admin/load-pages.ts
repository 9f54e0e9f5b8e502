/*
 * The feature's lazy entry (first-load/README.md): one loader per routed page or lazily shown block,
 * and nothing else (not even React). Reached only by a dynamic import (app/page-elements.tsx), so the
 * list of files each page needs is named in this small chunk, not in the entry everyone downloads
 * (decision 024); the first-load HTML names this chunk and the page's for a first visit (decision 054).
 */

export const loadChallengeListPage = () => import('./pages/challenge-list-page.tsx').then((m) => m.ChallengeListPage);
export const loadChallengeEditorPage = () =>
  import('./pages/challenge-editor-page.tsx').then((m) => m.ChallengeEditorPage);
export const loadSalesImportPage = () => import('./pages/sales-import-page.tsx').then((m) => m.SalesImportPage);
export const loadRankingPage = () => import('./pages/ranking-page.tsx').then((m) => m.RankingPage);
