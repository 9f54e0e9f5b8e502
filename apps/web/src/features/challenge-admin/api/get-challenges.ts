import { CHALLENGE_DROPDOWN, type ChallengeListQuery, type ChallengeListRow, type Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

export type ChallengeListParams = Omit<ChallengeListQuery, 'search' | 'status'> & { search: string | undefined };

/** GET /api/challenges: the read-only table, paged, searched and sorted on the server (figures within the caller's scope). */
export function useChallenges(params: ChallengeListParams) {
  return useQuery({
    queryKey: queryKey('challenges.list', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<ChallengeListRow>>(CHALLENGE_ADMIN_API.challenges, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/challenges?per_page=1000: the selector's options (SPEC.md section 9), newest first. */
export function useChallengeOptions() {
  return useQuery({
    queryKey: queryKey('challenges.options'),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<ChallengeListRow>>(CHALLENGE_ADMIN_API.challenges, {
        query: { page: 1, per_page: CHALLENGE_DROPDOWN, sort: 'start_at', order: 'desc' },
        signal,
      }),
    retry: false,
  });
}
