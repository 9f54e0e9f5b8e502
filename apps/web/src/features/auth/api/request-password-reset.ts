import { API, type ForgotPasswordBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** POST /api/forgot-password: a set-password link to the account's own address (same answer for any address). */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return request<{ message: string }>(API.forgotPassword, { method: 'POST', body });
}
