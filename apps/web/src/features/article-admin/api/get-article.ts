import { useQuery } from '@tanstack/react-query';
import { adminArticleQuery } from '../../../lib/admin-article-query.ts';

/** The editor's and the admin preview's query (drafts, scheduled and deleted ones too). */
export function articleQueryOptions(id: number | null) {
  return {
    ...adminArticleQuery(id),
    enabled: id !== null,
    retry: false,
    // The form is filled once from the record; a background refetch must not overwrite what is typed.
    refetchOnWindowFocus: false,
    staleTime: 0,
  };
}

/** GET /api/admin/articles/{id}: the editor and the admin preview. */
export function useArticle(id: number | null) {
  return useQuery(articleQueryOptions(id));
}
