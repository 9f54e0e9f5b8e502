import { API, apiPath } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/payout-batches/{id}/paid: every exported withdrawal of the batch is paid. */
export function markBatchPaid(batchId: number) {
  return fetchOrThrow<{ paid: number }>(apiPath(API.payoutBatchPaid, { id: batchId }), { method: 'POST' });
}

/**
 * The withdrawals (after a refusal too: one may have changed elsewhere), and
 * the reps' withdrawn and in-withdrawal amounts in the user lists.
 */
export const useMarkBatchPaid = () =>
  useApiMutation({
    mutationFn: markBatchPaid,
    invalidates: ['wallet', 'users'],
    invalidatesOnError: ['wallet'],
  });
