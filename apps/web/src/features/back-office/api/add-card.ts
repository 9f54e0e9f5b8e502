import type { AddCardBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';
import { BACK_OFFICE_API } from './paths.ts';

/** POST /api/card: the rep's new current card. */
export function addCard(body: AddCardBody) {
  return request<{ message?: string }>(BACK_OFFICE_API.card, { method: 'POST', body });
}
