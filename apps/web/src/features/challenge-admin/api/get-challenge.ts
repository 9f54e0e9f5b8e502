import type { ChallengeDetails } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** GET /api/challenges/{id}: the challenge with its products (the selector's table, the editor, the ranking's title). */
export function useChallenge(id: number | null, opts: { editing?: boolean } = {}) {
  return useQuery({
    queryKey: queryKey('challenges.one', id),
    queryFn: ({ signal }) => fetchOrThrow<ChallengeDetails>(CHALLENGE_ADMIN_API.challenge(id as number), { signal }),
    enabled: id !== null,
    retry: false,
    // The editor is filled once from the record; a background refetch must not overwrite what is typed.
    refetchOnWindowFocus: !opts.editing,
    staleTime: opts.editing ? 0 : undefined,
  });
}
