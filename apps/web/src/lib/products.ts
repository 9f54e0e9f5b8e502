import { API, type Paged, type Product } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from './api-client.ts';
import { queryKey } from './query-keys.ts';

/** How many products a picker offers per search: the first page, by name. */
export const PRODUCT_PICKER_SIZE = 25;

/**
 * GET /api/products: the back office's product pickers (an article's product, a challenge's product
 * rows), searched on the server (debounced by the caller). Under the lazy `products` root
 * (lib/query-keys.ts), which saving or deleting an article or a product invalidates.
 */
export function useProducts(search: string | undefined) {
  return useQuery({
    queryKey: queryKey('products.picker', search ?? ''),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<Product>>(API.products, {
        query: { page: 1, per_page: PRODUCT_PICKER_SIZE, sort: 'name', order: 'asc', search },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
