import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** POST /api/resend-set-password with the row's e-mail: a fresh set-password link. */
export function sendActivationLink(email: string) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.resendSetPassword, { method: 'POST', body: { email } });
}

/** Changes nothing that a screen shows. */
export const useSendActivationLink = () => useApiMutation({ mutationFn: sendActivationLink, invalidates: [] });
