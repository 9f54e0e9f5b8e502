import type { CardRecord, Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';
import type { SimpleListParams } from './get-user-logins.ts';

/** GET /api/sales-rep/{id}/cards: every card the rep had, newest first by default. */
export function useUserCards(userId: number, params: SimpleListParams) {
  return useQuery({
    queryKey: queryKey('cards.user', userId, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<CardRecord>>(BACK_OFFICE_API.userCards(userId), { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
