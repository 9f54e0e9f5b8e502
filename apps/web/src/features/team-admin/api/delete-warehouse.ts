import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** DELETE /api/warehouses/{id}: 409 with a reason while reps or money remain. */
export function deleteWarehouse(id: number) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.warehouse(id), { method: 'DELETE' });
}

/** The warehouse lists, and the users' warehouse names. */
export const useDeleteWarehouse = () =>
  useApiMutation({ mutationFn: deleteWarehouse, invalidates: ['warehouses', 'users'] });
