/*
 * The challenge back office's entry: one loader of its pages, and nothing else (not even React). The
 * app's entry reaches it through one lazy import (app/page-elements.tsx), so the chunks its pages
 * need (the date picker, the drop zone, the data table) stay out of everyone's first load. One
 * loader by name rather than one per page: every byte of the map of pages is in a phone's first load.
 */

export type ChallengeAdminPage = 'list' | 'editor' | 'imports' | 'ranking';

export function loadChallengePage(page: ChallengeAdminPage) {
  if (page === 'list') return import('./pages/challenge-list-page.tsx').then((m) => m.ChallengeListPage);
  if (page === 'editor') return import('./pages/challenge-editor-page.tsx').then((m) => m.ChallengeEditorPage);
  if (page === 'imports') return import('./pages/sales-import-page.tsx').then((m) => m.SalesImportPage);
  return import('./pages/ranking-page.tsx').then((m) => m.RankingPage);
}
