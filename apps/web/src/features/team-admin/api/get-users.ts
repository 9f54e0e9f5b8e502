import type { Paged, UserListItem, UserListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

export type UserListParams = UserListQuery;

export function getUsers(params: UserListParams, signal?: AbortSignal) {
  return fetchOrThrow<Paged<UserListItem>>(BACK_OFFICE_API.users, { query: { ...params }, signal });
}

/** GET /api/users: the sales rep lists (role seller or seller_reg) and the admin pickers (role wholesaler). */
export function useUsers(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: queryKey('users.list', params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
