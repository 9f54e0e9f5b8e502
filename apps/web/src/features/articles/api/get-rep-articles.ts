import {
  API,
  CAROUSEL_ARTICLES,
  type Paged,
  REP_ARTICLE_PAGE_SIZE,
  type RepArticleListItem,
} from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { repArticleListQuery } from '../../../first-load/first-page-data.ts';
import { earlyAnswerOptions, fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

const fetchArticles = (page: number, perPage: number, signal: AbortSignal) =>
  fetchOrThrow<Paged<RepArticleListItem>>(API.articles, {
    query: repArticleListQuery(page, perPage),
    signal,
  });

/** GET /api/articles as a rep: published articles whose date has come, newest first, 4 a page (SPEC.md section 9). */
export function useRepArticles(page: number) {
  return useQuery({
    queryKey: queryKey('articles.rep-list', page),
    queryFn: ({ signal }) => fetchArticles(page, REP_ARTICLE_PAGE_SIZE, signal),
    // The first load's answer, when it has come before the page renders (decision 035).
    ...earlyAnswerOptions<Paged<RepArticleListItem>>(API.articles, repArticleListQuery(page)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The home carousel's articles: the first 100 (SPEC.md section 9). */
export function useCarouselArticles() {
  return useQuery({
    queryKey: queryKey('articles.carousel'),
    queryFn: ({ signal }) => fetchArticles(1, CAROUSEL_ARTICLES, signal).then((r) => r.data),
    retry: false,
  });
}
