import { API, apiPath } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/withdrawals/{id}/paid: the money has left. */
export function markPaid(id: number) {
  return fetchOrThrow<{ message: string }>(apiPath(API.withdrawalPaid, { id }), { method: 'POST' });
}

/**
 * The withdrawals (after a refusal too: one may have changed elsewhere), and
 * the rep's withdrawn and in-withdrawal amounts in the user lists.
 */
export const useMarkPaid = () =>
  useApiMutation({
    mutationFn: markPaid,
    invalidates: ['wallet', 'users'],
    invalidatesOnError: ['wallet'],
  });
