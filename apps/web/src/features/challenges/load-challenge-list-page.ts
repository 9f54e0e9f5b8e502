// As features/articles/load-article-list-page.ts: the page's files are named here, not in the app's entry.
export const loadChallengeListPage = () => import('./pages/challenge-list-page.tsx').then((m) => m.ChallengeListPage);
