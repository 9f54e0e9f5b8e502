import type { SalesHeldDecision, SalesImport } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';
import { MONEY_ROOTS } from './revert-sales-import.ts';

export type HeldDecisionKind = 'confirm' | 'reject';

export interface HeldDecisionVars {
  importId: number;
  kind: HeldDecisionKind;
  decision: SalesHeldDecision;
}

/**
 * POST /api/sales-imports/{id}/held/confirm or /held/reject: the chosen rows (by row number) or all
 * of them. Confirming pays them in one transaction (422 'sales.held.overCap' when a rep would get
 * more than a withdrawal may carry from one import); rejecting puts them in the refused rows'
 * report. Answers the import with the server's `message`.
 */
export function decideHeldRows({ importId, kind, decision }: HeldDecisionVars) {
  const path =
    kind === 'confirm'
      ? CHALLENGE_ADMIN_API.salesImportHeldConfirm(importId)
      : CHALLENGE_ADMIN_API.salesImportHeldReject(importId);
  return fetchOrThrow<SalesImport>(path, { method: 'POST', body: decision });
}

/** Money may move: the import, its held rows, the history and every figure the money changes. */
export const useDecideHeldRows = () =>
  useApiMutation({ mutationFn: decideHeldRows, invalidates: MONEY_ROOTS, invalidatesOnError: MONEY_ROOTS });
