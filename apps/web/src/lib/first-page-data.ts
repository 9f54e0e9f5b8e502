import { API, apiPath, PAGES, REP_ARTICLE_PAGE_SIZE, REP_QUIZ_PAGE_SIZE } from '@incentive/contracts';
import { type Query, startEarlyGet } from './api-client.ts';
import { parseId } from './paths.ts';
import { GREETING_NAME, getToken } from './session.ts';

/*
 * The first request of each rep page, started by the entry as it is evaluated (main.tsx imports
 * this right after lib/early-me.ts), beside GET /api/me, instead of after the page's chunk has
 * arrived and rendered: on a phone that is the whole chain of HTML, entry, session gate and page
 * chunk, a round trip each (issue 16, point 6). The page's hook builds its call from the same
 * function below, so the URLs are equal and api-client.ts hands the early answer to the page.
 * Only for a browser that holds a rep's session (the greeting name is kept for reps only): an
 * admin previewing these pages, or anyone else, asks as before.
 */

/** GET /api/quiz as a rep: a page of 4, newest first (features/quizzes/api/get-rep-quizzes.ts). */
export const repQuizListQuery = (page: number) =>
  ({ page, per_page: REP_QUIZ_PAGE_SIZE, sort: 'id', order: 'desc' }) satisfies Query;

/** GET /api/articles as a rep: a page of 4, newest first (features/articles/api/get-rep-articles.ts). */
export const repArticleListQuery = (page: number, perPage = REP_ARTICLE_PAGE_SIZE) =>
  ({ page, per_page: perPage, sort: 'published_at', order: 'desc' }) satisfies Query;

/** The rep's withdrawals, first page (features/wallet/components/my-withdrawals.tsx). */
export const MY_WITHDRAWALS_FIRST_PAGE = { page: 1, per_page: 10, sort: 'id', order: 'desc' } as const;

/** The rep's money history: 10 a page (features/wallet/api/get-history.ts). */
export const moneyHistoryQuery = (page: number) => ({ page, per_page: 10 }) satisfies Query;

const urlPage = (search: URLSearchParams) => parseId(search.get('page')) ?? 1;

/** The calls a rep page makes first, by its path; none for any other path. */
export function firstPageCalls(pathname: string, search: URLSearchParams): [string, Query?][] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const id = /^\/(?:quiz-ph|articles-ph)\/(\d+)$/.exec(path)?.[1];
  if (path === PAGES.quizPh) return [[API.quizzes, repQuizListQuery(urlPage(search))]];
  if (path === PAGES.articlesPh) return [[API.articles, repArticleListQuery(urlPage(search))]];
  // A link to one challenge (?id=) may need a second call; the list is asked either way.
  if (path === PAGES.challengesPh) return [[API.challengesActive]];
  if (path === PAGES.withdraw) {
    return [
      [API.wallet, MY_WITHDRAWALS_FIRST_PAGE],
      [API.walletHistory, moneyHistoryQuery(1)],
    ];
  }
  const quizId = id && path.startsWith('/quiz-ph/') ? parseId(id) : null;
  if (quizId !== null) return [[apiPath(API.quiz, { id: quizId })]];
  const articleId = id && path.startsWith('/articles-ph/') ? parseId(id) : null;
  if (articleId !== null) return [[apiPath(API.article, { id: articleId })]];
  return [];
}

function startFirstPageData() {
  try {
    if (!getToken() || !localStorage.getItem(GREETING_NAME)) return;
  } catch {
    return;
  }
  for (const [path, query] of firstPageCalls(location.pathname, new URLSearchParams(location.search))) {
    startEarlyGet(path, query);
  }
}

startFirstPageData();
