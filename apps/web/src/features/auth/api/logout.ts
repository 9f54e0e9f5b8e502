import { API } from '@incentive/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { clearToken, getToken } from '../../../lib/session.ts';

/** POST /api/logout: revokes the token on the server. A failure changes nothing: the token is forgotten here anyway. */
export function logoutOnServer() {
  return request<{ message: string }>(API.logout, { method: 'POST' });
}

/**
 * Ends the session: revokes the token on the server (when there is one), forgets it here and
 * drops every cached query, whatever the server answered.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (getToken()) await logoutOnServer();
    },
    onSettled: () => {
      clearToken();
      // Queries only: the mutation cache holds this very logout.
      queryClient.removeQueries();
    },
  });
}
