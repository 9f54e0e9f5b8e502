import type { UserUpsertBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** POST /api/users: creates a rep, a regional manager or an admin; the server e-mails the set-password link. */
export function createUser(body: UserUpsertBody) {
  return fetchOrThrow<{ id: number; message: string }>(BACK_OFFICE_API.users, { method: 'POST', body });
}

/** User lists, and the warehouses' counts of admins and reps. */
export const useCreateUser = () => useApiMutation({ mutationFn: createUser, invalidates: ['users', 'warehouses'] });
