import { type AdjustmentBody, API } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/admin/adjustments: a manual credit or debit with a reason. */
export function adjust(body: AdjustmentBody) {
  return fetchOrThrow<{ message: string }>(API.adjustments, { method: 'POST', body });
}

/** The rep's balances show in the user lists and details, the warehouses' amounts and the money views. */
export const useAdjust = () => useApiMutation({ mutationFn: adjust, invalidates: ['users', 'warehouses', 'wallet'] });
