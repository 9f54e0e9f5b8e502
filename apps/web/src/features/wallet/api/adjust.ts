import { type AdjustmentBody, API } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** POST /api/admin/adjustments: a manual credit or debit with a reason. */
export function adjust(body: AdjustmentBody) {
  return request<{ message: string }>(API.adjustments, { method: 'POST', body });
}
