import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { ARTICLE_ADMIN_API } from './endpoints.ts';

/** DELETE /api/admin/articles/{id}: hidden from reps, kept (as deleted) in the back office's history. */
export function deleteArticle(id: number) {
  return fetchOrThrow<{ message?: string }>(ARTICLE_ADMIN_API.article(id), { method: 'DELETE' });
}

export const useDeleteArticle = () =>
  useApiMutation({ mutationFn: deleteArticle, invalidates: ['articles', 'products'] });
