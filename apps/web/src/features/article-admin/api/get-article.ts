import type { AdminArticle } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { ARTICLE_ADMIN_API, articleKeys } from './endpoints.ts';

/** GET /api/admin/articles/{id}: the editor and the admin preview (drafts, scheduled and deleted ones too). */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: [...articleKeys.articles, 'admin-one', id],
    queryFn: ({ signal }) => fetchOrThrow<AdminArticle>(ARTICLE_ADMIN_API.article(id as number), { signal }),
    enabled: id !== null,
    retry: false,
    // The form is filled once from the record; a background refetch must not overwrite what is typed.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}
