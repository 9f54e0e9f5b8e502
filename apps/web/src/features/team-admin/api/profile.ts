import { API, type RepProfile, type RepProfileBody } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** GET /api/profile: the signed-in rep's phone, address and tax data (only asked on its own details). */
export function useMyProfile(enabled: boolean) {
  return useQuery({
    queryKey: queryKey('users.profile'),
    queryFn: ({ signal }) => fetchOrThrow<RepProfile>(API.myProfile, { signal }),
    enabled,
    retry: false,
  });
}

/** PUT /api/profile. */
export function saveProfile(body: RepProfileBody) {
  return fetchOrThrow<{ message: string; profile: RepProfile }>(API.myProfile, { method: 'PUT', body });
}

/** The profile, the rep's details (phone, tax data) and GET /api/me (the home's reminder). */
export const useSaveProfile = () => useApiMutation({ mutationFn: saveProfile, invalidates: ['users', 'me'] });
