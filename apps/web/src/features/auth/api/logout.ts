import { API } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

/** Revokes the token on the server; the caller clears it locally whatever the answer. */
export function logoutOnServer() {
  return request<{ message: string }>(API.logout, { method: 'POST' });
}
