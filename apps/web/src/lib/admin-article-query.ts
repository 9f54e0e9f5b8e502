import { type AdminArticle, API, apiPath } from '@incentive/contracts';
import { fetchOrThrow } from './api-client.ts';
import { queryKey } from './query-keys.ts';

/**
 * GET /api/admin/articles/{id}, the ONE query under ['articles', 'admin-one', id]: the article
 * editor reads the whole record, the challenge editor's article picker its name (with `select`), so
 * the cache under that key always holds the same data whichever page filled it (issue 27 point 8).
 * Lives in lib (not in a feature) because two lazy back-office features share it; no rep page imports it.
 */
export function adminArticleQuery(id: number | null) {
  return {
    queryKey: queryKey('articles.admin-one', id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchOrThrow<AdminArticle>(apiPath(API.adminArticle, { id: id as number }), { signal }),
  };
}
