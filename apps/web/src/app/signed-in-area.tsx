import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client.ts';

/**
 * The pages that fetch through the query library (the set-password page and everything signed in),
 * with its cache. The library lives here, not in the entry: the login and rules pages do not use it.
 */
export function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
