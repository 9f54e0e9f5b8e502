import type { UserUpsertBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** POST /api/users: creates a rep, a regional manager or an admin; the server e-mails the set-password link. */
export function createUser(body: UserUpsertBody) {
  return request<{ id: number; message: string }>(BACK_OFFICE_API.users, { method: 'POST', body });
}

/** PUT /api/auth/profile/{id}. */
export function updateUser(id: number, body: UserUpsertBody) {
  return request<{ message?: string }>(BACK_OFFICE_API.userProfile(id), { method: 'PUT', body });
}
