import type { Paged, Product } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { ARTICLE_ADMIN_API } from './endpoints.ts';

/** How many products the picker offers per search: the first page, by name. */
export const PRODUCT_PICKER_SIZE = 25;

/** GET /api/products: the article form's product picker, searched on the server (the search is debounced by the caller). */
export function useProducts(search: string | undefined) {
  return useQuery({
    queryKey: queryKey('products.picker', search ?? ''),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<Product>>(ARTICLE_ADMIN_API.products, {
        query: { page: 1, per_page: PRODUCT_PICKER_SIZE, sort: 'name', order: 'asc', search },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
