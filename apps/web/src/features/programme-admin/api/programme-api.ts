import { API, type ProgrammeStats, type StatsBucket } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

export type StatsParams = { from: string; to: string; bucket: StatsBucket };

/** GET /api/stats/programme: the figures of a period. */
export function useProgrammeStats(params: StatsParams) {
  return useQuery({
    queryKey: queryKey('stats.programme', params),
    queryFn: ({ signal }) => fetchOrThrow<ProgrammeStats>(API.programmeStats, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
