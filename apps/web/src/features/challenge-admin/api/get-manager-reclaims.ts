import type { ManagerReclaimList } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** GET /api/sales-imports/manager-reclaims: money taken back from regional managers (decision 045). */
export function useManagerReclaims() {
  return useQuery({
    queryKey: queryKey('sales-imports.manager-reclaims'),
    queryFn: ({ signal }) => fetchOrThrow<ManagerReclaimList>(CHALLENGE_ADMIN_API.managerReclaims, { signal }),
  });
}
