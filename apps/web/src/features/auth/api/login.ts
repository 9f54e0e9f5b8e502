import { API, type LoginBody, type LoginResponse } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';

/** POST /api/login (called directly by the login page, which carries no query library). */
export function login(body: LoginBody) {
  return fetchOrThrow<LoginResponse>(API.login, { method: 'POST', body });
}
