import type { UserDetails } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** GET /api/users/{id}: a rep's or an admin's record for the details page and the edit forms. */
export function useUser(id: number | null) {
  return useQuery({
    queryKey: queryKey('users.one', id),
    queryFn: ({ signal }) => fetchOrThrow<UserDetails>(BACK_OFFICE_API.user(id as number), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
