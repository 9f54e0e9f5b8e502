import { API, type Withdrawal } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/withdrawal: the whole wallet, as a number equal to the money shown (SPEC.md section 7). */
export function requestWithdrawal(amount: number) {
  return fetchOrThrow<Withdrawal>(API.withdrawal, { method: 'POST', body: { amount } });
}

/** The wallet (in /api/me) and the withdrawals; a refusal may mean a stale balance, so the wallet then too. */
export const useRequestWithdrawal = () =>
  useApiMutation({
    mutationFn: requestWithdrawal,
    invalidates: ['me', 'wallet'],
    invalidatesOnError: ['me'],
  });
