import type { Paged, SalesHeldListQuery, SalesHeldRow } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

export type HeldRowsParams = Omit<SalesHeldListQuery, 'search'>;

/** A held row with the `id` the table keys its rows and checkboxes by: its row number in the file. */
export type HeldRowRecord = SalesHeldRow & { id: number };

/**
 * GET /api/sales-imports/{id}/held: the rows held for a decision (too many units, or the rep's total
 * in the import too high), paged in file order. Asked only while the panel is open.
 */
export function useHeldRows(importId: number, params: HeldRowsParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKey('sales-imports.held', importId, params),
    queryFn: async ({ signal }): Promise<Paged<HeldRowRecord>> => {
      const page = await fetchOrThrow<Paged<SalesHeldRow>>(CHALLENGE_ADMIN_API.salesImportHeld(importId), {
        query: { ...params },
        signal,
      });
      return { ...page, data: page.data.map((r) => ({ ...r, id: r.row_no })) };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
