import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearToken, getToken } from '../../lib/session.ts';
import { logoutOnServer } from './api/logout.ts';

/** Ends the session: revokes the token on the server, forgets it here and drops every cached query. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (getToken()) await logoutOnServer();
    clearToken();
    queryClient.clear();
  }, [queryClient]);
}
