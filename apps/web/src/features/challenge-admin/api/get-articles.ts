import type { AdminArticle, AdminArticleListRow, Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminArticleQuery } from '../../../lib/admin-article-query.ts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** GET /api/admin/articles: a product row's optional article, searched on the server (published ones first by date). */
export function useArticleOptions(search: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKey('articles.challenge-picker', search ?? ''),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<AdminArticleListRow>>(CHALLENGE_ADMIN_API.articles, {
        query: { page: 1, per_page: 25, sort: 'created_at', order: 'desc', search },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/**
 * The name of the article a loaded challenge chose (its product row shows it): the article editor's
 * query (the same key holds the same whole record), of which the picker selects the name.
 */
export function articleNameQueryOptions(id: number | null) {
  return {
    ...adminArticleQuery(id),
    select: (a: AdminArticle) => a.name,
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  };
}

/** GET /api/admin/articles/{id}: the name of the article a loaded challenge chose. */
export function useArticleName(id: number | null) {
  return useQuery(articleNameQueryOptions(id));
}
