import { API, type RepArticle } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** GET /api/articles/{id} as a rep: a published article whose date has come; 404 for anything else. */
export function useRepArticle(id: number | null) {
  return useQuery({
    queryKey: queryKey('articles.rep-article', id),
    queryFn: ({ signal }) => fetchOrThrow<RepArticle>(generatePath(API.article, { id: String(id) }), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
