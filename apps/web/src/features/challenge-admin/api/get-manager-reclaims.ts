import type { ManagerReclaimList } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { CHALLENGE_ADMIN_API, challengeKeys } from './endpoints.ts';

/** GET /api/sales-imports/manager-reclaims: money taken back from regional managers (decision 045). */
export function useManagerReclaims() {
  return useQuery({
    queryKey: [...challengeKeys.salesImports, 'manager-reclaims'],
    queryFn: ({ signal }) => fetchOrThrow<ManagerReclaimList>(CHALLENGE_ADMIN_API.managerReclaims, { signal }),
  });
}
