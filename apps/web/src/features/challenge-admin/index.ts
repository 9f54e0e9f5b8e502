/*
 * The challenge back office's entry: one loader of its pages, and nothing else (not even React). The
 * app's entry reaches it through one lazy import (app/page-elements.tsx), so the chunks its pages
 * need (the date picker, the drop zone, the data table) stay out of everyone's first load. One
 * loader by name rather than one per page: every byte of the map of pages is in a phone's first load.
 */

export type ChallengeAdminPage = 'list' | 'editor' | 'imports' | 'ranking';

/*
 * One property per page, not an if/else chain: the minifier folded the chain's four preload calls
 * into one (`preload(page === 'list' ? … : …, deps)`), which then carried only the ranking page's
 * stylesheets, so the editor's date picker, the list and the import page rendered unstyled.
 */
const PAGES = {
  list: () => import('./pages/challenge-list-page.tsx').then((m) => m.ChallengeListPage),
  editor: () => import('./pages/challenge-editor-page.tsx').then((m) => m.ChallengeEditorPage),
  imports: () => import('./pages/sales-import-page.tsx').then((m) => m.SalesImportPage),
  ranking: () => import('./pages/ranking-page.tsx').then((m) => m.RankingPage),
} as const;

export function loadChallengePage(page: ChallengeAdminPage) {
  return PAGES[page]();
}
