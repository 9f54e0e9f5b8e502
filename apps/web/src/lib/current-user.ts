import type { User } from '@incentive/contracts';
import { useOutletContext } from 'react-router';

/** The signed-in user, provided by the session gate to every page inside it. */
export function useCurrentUser(): User {
  return useOutletContext<{ me: User }>().me;
}
