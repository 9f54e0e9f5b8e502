import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** POST /api/resend-set-password with the row's e-mail: a fresh set-password link. */
export function sendActivationLink(email: string) {
  return request<{ message?: string }>(BACK_OFFICE_API.resendSetPassword, { method: 'POST', body: { email } });
}
