import type { UserUpsertBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** PUT /api/auth/profile/{id}. */
export function updateUser({ id, body }: { id: number; body: UserUpsertBody }) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.userProfile(id), { method: 'PUT', body });
}

/** The user, user lists, and the warehouses' counts (a role or a warehouse may change). */
export const useUpdateUser = () => useApiMutation({ mutationFn: updateUser, invalidates: ['users', 'warehouses'] });
