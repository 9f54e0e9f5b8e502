import { API } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/**
 * POST /api/logout: revokes the token on the server. A failure changes nothing: the token is forgotten
 * here anyway. Not a mutation hook: the login page signs out and carries no query library
 * (use-sign-out.ts; the signed-in area's cache empties itself when the token goes).
 */
export function logoutOnServer() {
  return request<{ message: string }>(API.logout, { method: 'POST' });
}
