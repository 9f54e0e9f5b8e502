import type { WarehouseUpsertBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** PUT /api/warehouses/{id}. */
export function updateWarehouse({ id, body }: { id: number; body: WarehouseUpsertBody }) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.warehouse(id), { method: 'PUT', body });
}

/** The warehouse, the lists, and the users' warehouse names and admin links. */
export const useUpdateWarehouse = () =>
  useApiMutation({ mutationFn: updateWarehouse, invalidates: ['warehouses', 'users'] });
