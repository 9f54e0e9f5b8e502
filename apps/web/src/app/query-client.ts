import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from '../lib/session.ts';

/** The signed-in area's data cache (SignedInArea provides it); a sign-out empties it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
onSessionEnd(() => queryClient.clear());
