import { API, apiPath, PAGES, REP_ARTICLE_PAGE_SIZE, REP_QUIZ_PAGE_SIZE } from '@incentive/contracts';
import { buildUrl, type Query } from '../lib/build-url.ts';

/*
 * The first GETs of each rep page. Its first-load HTML starts them for a rep while the entry is
 * still on its way (first-load/first-load-html.ts `repFirstLoadScript`, decision 030), beside GET
 * /api/me, instead of after the page's chunk has arrived and rendered: on a phone that is the
 * whole chain of HTML, entry, session gate and page chunk, a round trip each. The page's hook
 * builds its call from the same functions below, so the URLs are equal and api-client.ts hands
 * the early answer to the page.
 */

/** The media box of a rep list shell's first card (first-load/page-shell.tsx), which the first-load script fills. */
export const FIRST_CARD_MEDIA = 'data-first-card-media';

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

/**
 * The URLs a rep page asks for first, given the list's page (`?page=`, 1 when absent or not a
 * page number, as `useUrlPage` reads it) and the record's id (the path's; null when the path has
 * none or one the page would refuse, then nothing is asked).
 */
export function firstPageCalls(route: string, page: number, id: number | null): string[] {
  switch (route) {
    case PAGES.quizPh:
      return [buildUrl(API.quizzes, repQuizListQuery(page))];
    case PAGES.articlesPh:
      return [buildUrl(API.articles, repArticleListQuery(page))];
    // A link to one challenge (?id=) may need a second call; the list is asked either way.
    case PAGES.challengesPh:
      return [API.challengesActive];
    case PAGES.withdraw:
      return [buildUrl(API.wallet, MY_WITHDRAWALS_FIRST_PAGE), buildUrl(API.walletHistory, moneyHistoryQuery(1))];
    case PAGES.quizPhTake:
      return id === null ? [] : [apiPath(API.quiz, { id })];
    case PAGES.articlePh:
      return id === null ? [] : [apiPath(API.article, { id })];
    default:
      return [];
  }
}
