import { API, apiPath, type LedgerEntry, type Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { moneyHistoryQuery } from '../first-load/first-page-data.ts';
import { fetchOrThrow } from './api-client.ts';
import { queryKey } from './query-keys.ts';

/** The signed-in rep's money history (GET /api/wallet/history), or a user's ledger for an admin. */
export function useMoneyHistory(page: number, userId?: number) {
  const path = userId === undefined ? API.walletHistory : apiPath(API.userLedger, { id: userId });
  return useQuery({
    queryKey: queryKey('wallet.history', userId ?? 'me', page),
    queryFn: ({ signal }) => fetchOrThrow<Paged<LedgerEntry>>(path, { query: moneyHistoryQuery(page), signal }),
    placeholderData: keepPreviousData,
  });
}
