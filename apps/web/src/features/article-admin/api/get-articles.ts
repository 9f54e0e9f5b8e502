import type { AdminArticleListQuery, AdminArticleListRow, Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { ARTICLE_ADMIN_API } from './endpoints.ts';

export type ArticleListParams = Omit<AdminArticleListQuery, 'search' | 'status'> & {
  search: string | undefined;
  status: AdminArticleListQuery['status'];
};

/** GET /api/admin/articles: the back office's paged list (drafts and scheduled too), searched, sorted and filtered on the server. */
export function useArticles(params: ArticleListParams) {
  return useQuery({
    queryKey: queryKey('articles.admin-list', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<AdminArticleListRow>>(ARTICLE_ADMIN_API.articles, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
