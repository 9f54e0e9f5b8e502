import { API, type Paged, type Warehouse, type WarehouseListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from './api-client.ts';
import { queryKey } from './query-keys.ts';

export type WarehouseListParams = WarehouseListQuery;

export function getWarehouses(params: WarehouseListParams, signal?: AbortSignal) {
  return fetchOrThrow<Paged<Warehouse>>(API.warehouses, { query: { ...params }, signal });
}

/**
 * GET /api/warehouses: the paged, sorted, searched warehouse list (scoped by the server): the back
 * office's table and picker, and the challenge ranking's warehouse filter.
 */
export function useWarehouses(params: WarehouseListParams, enabled = true) {
  return useQuery({
    queryKey: queryKey('warehouses.list', params),
    queryFn: ({ signal }) => getWarehouses(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
