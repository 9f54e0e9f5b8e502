import { useLogout } from './api/logout.ts';

/** Ends the session (see useLogout); resolves when the token is gone here. */
export function useSignOut(): () => Promise<void> {
  return useLogout().mutateAsync;
}
