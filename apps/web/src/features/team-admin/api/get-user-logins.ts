import type { LoginRecord, Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

export interface SimpleListParams {
  page: number;
  per_page: number;
  sort: 'id' | 'created_at';
  order: 'asc' | 'desc';
}

/** GET /api/users/{id}/logins. */
export function useUserLogins(userId: number, params: SimpleListParams) {
  return useQuery({
    queryKey: queryKey('users.logins', userId, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<LoginRecord>>(BACK_OFFICE_API.userLogins(userId), { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
