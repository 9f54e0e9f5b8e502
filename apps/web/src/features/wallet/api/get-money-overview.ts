import { API, type MoneyOverview } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

export function useMoneyOverview() {
  return useQuery({
    queryKey: queryKey('wallet.overview'),
    queryFn: ({ signal }) => fetchOrThrow<MoneyOverview>(API.moneyOverview, { signal }),
  });
}
