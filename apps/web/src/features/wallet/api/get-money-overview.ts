import { API, type MoneyOverview } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useMoneyOverview() {
  return useQuery({
    queryKey: [...queryKeys.wallet, 'overview'],
    queryFn: ({ signal }) => fetchOrThrow<MoneyOverview>(API.moneyOverview, { signal }),
  });
}
