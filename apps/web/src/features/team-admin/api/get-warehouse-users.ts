import type { Paged, UserListItem, UserListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

export type WarehouseUserParams = Omit<UserListQuery, 'role'> & { role: 'seller' | 'wholesaler' };

/** GET /api/warehouses/{id}/users: its sales reps (role seller) or its admins (role wholesaler). */
export function useWarehouseUsers(warehouseId: number | null, params: WarehouseUserParams) {
  return useQuery({
    queryKey: queryKey('users.warehouse', warehouseId, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<UserListItem>>(BACK_OFFICE_API.warehouseUsers(warehouseId as number), {
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: warehouseId !== null,
  });
}
