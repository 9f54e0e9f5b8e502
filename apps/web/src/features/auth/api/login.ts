import { API, type LoginBody, type LoginResponse } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

/** POST /api/login. */
export function login(body: LoginBody) {
  return fetchOrThrow<LoginResponse>(API.login, { method: 'POST', body });
}

/** Nothing is cached before sign-in (signing out clears the cache). */
export const useLogin = () => useApiMutation({ mutationFn: login, invalidates: [] });
