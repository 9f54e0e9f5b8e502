import { API, type User } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { takeEarlyAnswer, takeEarlyMe } from '../../../first-load/early-me.ts';
import { fetchOrThrow, payloadOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { getToken } from '../../../lib/session.ts';

/** The signed-in user. Refetched after anything that changes the wallet (quiz submit, withdrawal). */
export function useMe() {
  return useQuery({
    queryKey: queryKey('me'),
    // The first time, the call the entry already started (first-load/early-me.ts).
    // Already answered when the session gate first renders (it waits for it): start with that user.
    initialData: takeEarlyAnswer,
    queryFn: ({ signal }) => takeEarlyMe()?.then(payloadOrThrow) ?? fetchOrThrow<User>(API.me, { signal }),
    enabled: getToken() !== null,
    retry: false,
    staleTime: 30_000,
  });
}
