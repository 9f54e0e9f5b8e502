import { API, type ForgotPasswordBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/forgot-password: a set-password link to the account's own address (the same answer for any address). */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return fetchOrThrow<{ message: string }>(API.forgotPassword, { method: 'POST', body });
}

/** Changes nothing the app has cached. */
export const useRequestPasswordReset = () => useApiMutation({ mutationFn: requestPasswordReset, invalidates: [] });
