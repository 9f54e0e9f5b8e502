import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** DELETE /api/warehouses/{id}: 409 with a reason while reps or money remain. */
export function deleteWarehouse(id: number) {
  return request<{ message?: string }>(BACK_OFFICE_API.warehouse(id), { method: 'DELETE' });
}
