import type { Paged, RankingQuery, RankingRow } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

export type RankingParams = Omit<RankingQuery, 'search' | 'warehouse_id'> & {
  search: string | undefined;
  warehouse_id: number | undefined;
};

/** GET /api/challenges/{id}/ranking: the reps with a result, best first, within the caller's scope. */
export function useRanking(id: number, params: RankingParams) {
  return useQuery({
    queryKey: queryKey('challenges.ranking', id, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<RankingRow>>(CHALLENGE_ADMIN_API.ranking(id), { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
