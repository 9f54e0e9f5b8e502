import { API, type WithdrawalList, type WithdrawalListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

export type WithdrawalParams = Partial<WithdrawalListQuery>;

/** GET /api/wallet: the withdrawals table (all for admins, own for a seller) with the filtered total. */
export function useWithdrawals(params: WithdrawalParams, enabled = true) {
  return useQuery({
    queryKey: queryKey('wallet.withdrawals', params),
    queryFn: ({ signal }) => fetchOrThrow<WithdrawalList>(API.wallet, { query: params, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
