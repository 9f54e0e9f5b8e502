import type { Paged, Warehouse, WarehouseListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

export type WarehouseListParams = WarehouseListQuery;

export function getWarehouses(params: WarehouseListParams, signal?: AbortSignal) {
  return fetchOrThrow<Paged<Warehouse>>(BACK_OFFICE_API.warehouses, { query: { ...params }, signal });
}

/** GET /api/warehouses: the dashboard's paged, sorted, searched warehouse list (scoped by the server). */
export function useWarehouses(params: WarehouseListParams, enabled = true) {
  return useQuery({
    queryKey: queryKey('warehouses.list', params),
    queryFn: ({ signal }) => getWarehouses(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
