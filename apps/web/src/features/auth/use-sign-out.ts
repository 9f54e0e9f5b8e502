import { useCallback } from 'react';
import { clearToken, getToken } from '../../lib/session.ts';
import { logoutOnServer } from './api/logout.ts';

/**
 * Ends the session: revokes the token on the server and forgets it here; forgetting it drops every
 * cached query (app/query-client.ts), without the login page having to load the query library.
 */
export function useSignOut() {
  return useCallback(async () => {
    if (getToken()) await logoutOnServer();
    clearToken();
  }, []);
}
