import type { SalesImport } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { isImportRunning, pollDelay } from '../lib/import-progress.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/**
 * GET /api/sales-imports/{id}: one import, asked again while it runs (decision 050: the upload
 * answers 202 and a background job checks and applies it). The query stops when the import leaves
 * SALES_IMPORT_RUNNING. Nothing is asked while the tab is hidden (react-query's focus manager:
 * `refetchIntervalInBackground` off), and a tab shown again asks at once (refetch on focus).
 */
export function useSalesImport(id: number, initial?: SalesImport) {
  return useQuery({
    queryKey: queryKey('sales-imports.one', id),
    queryFn: ({ signal }) => fetchOrThrow<SalesImport>(CHALLENGE_ADMIN_API.salesImport(id), { signal }),
    initialData: initial,
    // The 202's import (or the history's row) is a fresh answer: the first poll comes a second later.
    initialDataUpdatedAt: initial ? Date.now() : undefined,
    staleTime: 1_000,
    refetchInterval: (q) => (isImportRunning(q.state.data) ? pollDelay(q.state.dataUpdateCount) : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
