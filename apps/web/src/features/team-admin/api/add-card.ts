import type { AddCardBody } from '@incentive/contracts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

/** POST /api/card: the rep's new current card. */
export function addCard(body: AddCardBody) {
  return fetchOrThrow<{ message?: string }>(BACK_OFFICE_API.card, { method: 'POST', body });
}

/** The rep's cards and the lists that show its current card. */
export const useAddCard = () => useApiMutation({ mutationFn: addCard, invalidates: ['cards', 'users'] });
