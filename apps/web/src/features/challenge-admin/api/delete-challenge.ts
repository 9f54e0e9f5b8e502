import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** DELETE /api/challenges/{id}: refused (409 challenge.hasSales) once sales were imported into it. */
export function deleteChallenge(id: number) {
  return fetchOrThrow<{ message?: string }>(CHALLENGE_ADMIN_API.challenge(id), { method: 'DELETE' });
}

export const useDeleteChallenge = () => useApiMutation({ mutationFn: deleteChallenge, invalidates: ['challenges'] });
