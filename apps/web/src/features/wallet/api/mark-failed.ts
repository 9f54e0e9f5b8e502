import { API, apiPath } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/withdrawals/{id}/failed: the money returns to the wallet, with the reason. */
export function markFailed({ id, reason }: { id: number; reason: string }) {
  return fetchOrThrow<{ message: string }>(apiPath(API.withdrawalFailed, { id }), { method: 'POST', body: { reason } });
}

/**
 * The withdrawals (after a refusal too: one may have changed elsewhere), and
 * the rep's balances in the user lists.
 */
export const useMarkFailed = () =>
  useApiMutation({
    mutationFn: markFailed,
    invalidates: ['wallet', 'users'],
    invalidatesOnError: ['wallet'],
  });
