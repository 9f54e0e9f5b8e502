import type { AdjustmentBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** POST /api/admin/adjustments: a manual credit or debit with a reason. */
export function adjust(body: AdjustmentBody) {
  return request<{ message: string }>('/api/admin/adjustments', { method: 'POST', body });
}
