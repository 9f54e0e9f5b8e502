import type { WarehouseUpsertBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** POST /api/warehouses. */
export function createWarehouse(body: WarehouseUpsertBody) {
  return fetchOrThrow<{ id?: number; message?: string }>(BACK_OFFICE_API.warehouses, { method: 'POST', body });
}

/** The warehouse lists, and its admins' records. */
export const useCreateWarehouse = () =>
  useApiMutation({ mutationFn: createWarehouse, invalidates: ['warehouses', 'users'] });
