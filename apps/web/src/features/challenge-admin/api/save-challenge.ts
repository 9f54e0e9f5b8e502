import type { ChallengeSaved } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QueryRoot } from '../../../lib/query-keys.ts';
import { CHALLENGE_ADMIN_API } from './endpoints.ts';

/** POST /api/challenges (multipart: name, intro, start_at, end_at, products as JSON, image). */
export function createChallenge(body: FormData) {
  return fetchOrThrow<ChallengeSaved>(CHALLENGE_ADMIN_API.challenges, { method: 'POST', body });
}

/** POST /api/challenges/{id}: the same fields; no image part keeps the stored one. */
export function updateChallenge({ id, body }: { id: number; body: FormData }) {
  return fetchOrThrow<ChallengeSaved>(CHALLENGE_ADMIN_API.challenge(id), { method: 'POST', body });
}

const changes: QueryRoot[] = ['challenges'];

export const useCreateChallenge = () => useApiMutation({ mutationFn: createChallenge, invalidates: changes });
export const useUpdateChallenge = () => useApiMutation({ mutationFn: updateChallenge, invalidates: changes });
