import { API, apiPath, type PayoutBatch } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** The payout actions of the withdrawals table (root and admin). */
export function exportBatch(withdrawalIds: number[]) {
  return request<PayoutBatch>(API.payoutBatches, { method: 'POST', body: { withdrawal_ids: withdrawalIds } });
}

export function markPaid(id: number) {
  return request<{ message: string }>(apiPath(API.withdrawalPaid, { id }), { method: 'POST' });
}

export function markFailed(id: number, reason: string) {
  return request<{ message: string }>(apiPath(API.withdrawalFailed, { id }), { method: 'POST', body: { reason } });
}

export function markBatchPaid(batchId: number) {
  return request<{ paid: number }>(apiPath(API.payoutBatchPaid, { id: batchId }), { method: 'POST' });
}

/** Uploads the issuer's result file as CSV text. */
export async function importBatchResult(batchId: number, file: File) {
  const text = await file.text();
  return request<{ paid: number; failed: number; unchanged: number }>(apiPath(API.payoutBatchResult, { id: batchId }), {
    method: 'POST',
    body: new Blob([text], { type: 'text/csv' }),
  });
}
