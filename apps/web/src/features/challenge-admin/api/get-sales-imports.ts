import type { Paged, SalesImport, SalesImportListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { isImportRunning } from '../lib/import-progress.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

export type SalesImportListParams = Omit<SalesImportListQuery, 'search'> & { search: string | undefined };

/** The history is asked again this often while any import on its page runs (not while the tab is hidden). */
export const HISTORY_POLL_MS = 3_000;

/** GET /api/sales-imports: the import history, newest first; refreshed every 3 s while one of its imports runs. */
export function useSalesImports(params: SalesImportListParams) {
  return useQuery({
    queryKey: queryKey('sales-imports.list', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<SalesImport>>(CHALLENGE_ADMIN_API.salesImports, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(isImportRunning) ? HISTORY_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
