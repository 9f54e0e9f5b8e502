import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** DELETE /api/users/{id}: deactivates the account; its history and money stay. */
export function deleteUser(id: number) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.user(id), { method: 'DELETE' });
}

/** User lists, and the warehouses' counts of admins and reps. */
export const useDeleteUser = () => useApiMutation({ mutationFn: deleteUser, invalidates: ['users', 'warehouses'] });
