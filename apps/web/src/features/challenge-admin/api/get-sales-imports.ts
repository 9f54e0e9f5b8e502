import type { Paged, SalesImport, SalesImportListQuery } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { CHALLENGE_ADMIN_API, challengeKeys } from './endpoints.ts';

export type SalesImportListParams = Omit<SalesImportListQuery, 'search'> & { search: string | undefined };

/** GET /api/sales-imports: the import history, newest first. */
export function useSalesImports(params: SalesImportListParams) {
  return useQuery({
    queryKey: [...challengeKeys.salesImports, 'list', params],
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<SalesImport>>(CHALLENGE_ADMIN_API.salesImports, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
