import { type ActiveChallenge, type ActiveChallengeList, API } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { earlyAnswerOptions, fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/**
 * GET /api/challenges/active: the rep's running and recently ended challenges with what it earned
 * and its places, and the date of the last sales import. The home's box and the page share it.
 */
export function useActiveChallenges() {
  return useQuery({
    queryKey: queryKey('challenges.active'),
    queryFn: ({ signal }) => fetchOrThrow<ActiveChallengeList>(API.challengesActive, { signal }),
    // The challenges page's first load: its answer, when it has come before the page renders (decision 035).
    ...earlyAnswerOptions<ActiveChallengeList>(API.challengesActive),
    retry: false,
  });
}

/** GET /api/challenges/active/{id}: one challenge the list does not hold (a link's ?id=); only when asked. */
export function useActiveChallenge(id: number | null) {
  return useQuery({
    queryKey: queryKey('challenges.active-one', id),
    queryFn: ({ signal }) =>
      fetchOrThrow<ActiveChallenge>(generatePath(API.challengeActive, { id: String(id) }), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
