import { type AdminArticle, type AdminArticleListRow, API, apiPath, type Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { CHALLENGE_ADMIN_API, challengeKeys } from './endpoints.ts';

/** GET /api/admin/articles: a product row's optional article, searched on the server (published ones first by date). */
export function useArticleOptions(search: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...challengeKeys.articles, 'challenge-picker', search ?? ''],
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

/** GET /api/admin/articles/{id}: the name of the article a loaded challenge chose (its product row shows it). */
export function useArticleName(id: number | null) {
  return useQuery({
    queryKey: [...challengeKeys.articles, 'admin-one', id],
    queryFn: ({ signal }) =>
      fetchOrThrow<AdminArticle>(apiPath(API.adminArticle, { id: id as number }), { signal }).then((a) => a.name),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}
