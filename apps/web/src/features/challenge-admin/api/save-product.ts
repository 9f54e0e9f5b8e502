import type { ProductSaved } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QueryRoot } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** POST /api/products (multipart: name, code, description, image). */
export function createProduct(body: FormData) {
  return fetchOrThrow<ProductSaved>(CHALLENGE_ADMIN_API.products, { method: 'POST', body });
}

/** POST /api/products/{id}: the same fields; no image part keeps the stored one. */
export function updateProduct({ id, body }: { id: number; body: FormData }) {
  return fetchOrThrow<ProductSaved>(CHALLENGE_ADMIN_API.product(id), { method: 'POST', body });
}

// A challenge shows its products' names and images: both roots.
const changes: QueryRoot[] = ['products', 'challenges'];

export const useCreateProduct = () => useApiMutation({ mutationFn: createProduct, invalidates: changes });
export const useUpdateProduct = () => useApiMutation({ mutationFn: updateProduct, invalidates: changes });
