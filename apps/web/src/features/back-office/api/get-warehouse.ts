import type { Warehouse } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API, QK } from './paths.ts';

/** GET /api/warehouses/{id}. */
export function useWarehouse(id: number | null) {
  return useQuery({
    queryKey: [...QK.warehouses, 'one', id],
    queryFn: ({ signal }) => fetchOrThrow<Warehouse>(BACK_OFFICE_API.warehouse(id as number), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
