import { API, type SetPasswordBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/set-password: the e-mailed link's token sets the password and activates the account. */
export function setPassword(body: SetPasswordBody) {
  return fetchOrThrow<{ message: string }>(API.setPassword, { method: 'POST', body });
}

/** Signed out: nothing cached to refresh. */
export const useSetPassword = () => useApiMutation({ mutationFn: setPassword, invalidates: [] });
