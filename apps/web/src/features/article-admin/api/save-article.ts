import type { ArticleSaved } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QueryRoot } from '../../../lib/query-keys.ts';
import { ARTICLE_ADMIN_API } from './endpoints.ts';

/** POST /api/admin/articles (multipart: title, excerpt, content, image, product_id, video_url, published_at). */
export function createArticle(body: FormData) {
  return fetchOrThrow<ArticleSaved>(ARTICLE_ADMIN_API.articles, { method: 'POST', body });
}

/** POST /api/admin/articles/{id}: the same fields; no image part keeps the stored one. */
export function updateArticle({ id, body }: { id: number; body: FormData }) {
  return fetchOrThrow<ArticleSaved>(ARTICLE_ADMIN_API.article(id), { method: 'POST', body });
}

// A product's article link (challenge cards) follows its newest published article: products too.
const changes: QueryRoot[] = ['articles', 'products'];

export const useCreateArticle = () => useApiMutation({ mutationFn: createArticle, invalidates: changes });
export const useUpdateArticle = () => useApiMutation({ mutationFn: updateArticle, invalidates: changes });
