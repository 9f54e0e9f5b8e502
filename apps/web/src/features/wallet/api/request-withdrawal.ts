import { API, type Withdrawal } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** POST /api/withdrawal: the whole wallet, as a number equal to the money shown (SPEC.md section 7). */
export function requestWithdrawal(amount: number) {
  return request<Withdrawal>(API.withdrawal, { method: 'POST', body: { amount } });
}
