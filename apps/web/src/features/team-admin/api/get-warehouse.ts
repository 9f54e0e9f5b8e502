import type { Warehouse } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** GET /api/warehouses/{id}. */
export function useWarehouse(id: number | null) {
  return useQuery({
    queryKey: queryKey('warehouses.one', id),
    queryFn: ({ signal }) => fetchOrThrow<Warehouse>(BACK_OFFICE_API.warehouse(id as number), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
