import { API, type SetPasswordBody } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

export function setPassword(body: SetPasswordBody) {
  return request<{ message: string }>(API.setPassword, { method: 'POST', body });
}
