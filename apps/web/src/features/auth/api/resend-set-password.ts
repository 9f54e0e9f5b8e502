import { API } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** E-mails a fresh set-password link (the sales rep table's activation button). */
export function resendSetPassword(email: string) {
  return request<{ message: string }>(API.resendSetPassword, { method: 'POST', body: { email } });
}
