import { API, type PayoutBatch } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/payout-batches: the selected requested withdrawals become a batch for the card issuer. */
export function exportBatch(withdrawalIds: number[]) {
  return fetchOrThrow<PayoutBatch>(API.payoutBatches, { method: 'POST', body: { withdrawal_ids: withdrawalIds } });
}

/** The withdrawals change state. */
export const useExportBatch = () => useApiMutation({ mutationFn: exportBatch, invalidates: ['wallet'] });
