import { API, type LoginBody, type LoginResponse } from '@incentive/contracts';
import { request } from '../../../lib/api-client.ts';

export function login(body: LoginBody) {
  return request<LoginResponse>(API.login, { method: 'POST', body });
}
