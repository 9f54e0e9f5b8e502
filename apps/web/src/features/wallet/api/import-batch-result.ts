import { API, apiPath } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/payout-batches/{id}/result: the card issuer's result file, uploaded as CSV text. */
export async function importBatchResult({ batchId, file }: { batchId: number; file: File }) {
  const text = await file.text();
  return fetchOrThrow<{ paid: number; failed: number; unchanged: number }>(
    apiPath(API.payoutBatchResult, { id: batchId }),
    {
      method: 'POST',
      body: new Blob([text], { type: 'text/csv' }),
    },
  );
}

/** The withdrawals it settles (after a refusal too), and the reps' balances in the user lists. */
export const useImportBatchResult = () =>
  useApiMutation({
    mutationFn: importBatchResult,
    invalidates: ['wallet', 'users'],
    invalidatesOnError: ['wallet'],
  });
