import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** DELETE /api/users/{id}: deactivates the account; its history and money stay. */
export function deleteUser(id: number) {
  return request<{ message?: string }>(BACK_OFFICE_API.user(id), { method: 'DELETE' });
}
