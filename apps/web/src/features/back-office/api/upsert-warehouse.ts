import type { WarehouseUpsertBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** POST /api/warehouses. */
export function createWarehouse(body: WarehouseUpsertBody) {
  return request<{ id?: number; message?: string }>(BACK_OFFICE_API.warehouses, { method: 'POST', body });
}

/** PUT /api/warehouses/{id}. */
export function updateWarehouse(id: number, body: WarehouseUpsertBody) {
  return request<{ message?: string }>(BACK_OFFICE_API.warehouse(id), { method: 'PUT', body });
}
