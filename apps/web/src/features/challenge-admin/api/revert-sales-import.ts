import type { SalesImport } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QueryRoot } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** POST /api/sales-imports/{id}/revert: compensating entries; 409 when a rep no longer holds the money. */
export function revertSalesImport(id: number) {
  return fetchOrThrow<SalesImport>(CHALLENGE_ADMIN_API.salesImportRevert(id), { method: 'POST' });
}

/** Money moved: the history, the challenges' figures, the users' amounts and wallets change. */
export const MONEY_ROOTS: QueryRoot[] = ['sales-imports', 'challenges', 'users', 'wallet', 'me'];

export const useRevertSalesImport = () =>
  useApiMutation({ mutationFn: revertSalesImport, invalidates: MONEY_ROOTS, invalidatesOnError: MONEY_ROOTS });
