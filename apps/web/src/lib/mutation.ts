import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client.ts';
import { type QueryRoot, rootKey } from './query-keys.ts';

/**
 * A write to the API, for the hook beside its call in features/<f>/api/: react-query keeps its
 * pending state, and the queries it changes are named where it is declared and fetched again
 * after it succeeded (before the caller's own onSuccess runs, so a page navigated to shows fresh data).
 */
export function useApiMutation<TVars, TData>(opts: {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** The query roots this write changes. */
  invalidates: readonly QueryRoot[];
  /** Roots to fetch again after a failure too (e.g. a refused withdrawal shows the current balance). */
  invalidatesOnError?: readonly QueryRoot[];
}) {
  const queryClient = useQueryClient();
  const refresh = (roots: readonly QueryRoot[]) =>
    Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: rootKey(root) })));
  return useMutation<TData, ApiError, TVars>({
    mutationFn: opts.mutationFn,
    onSuccess: () => refresh(opts.invalidates),
    onError: () => refresh(opts.invalidatesOnError ?? []),
  });
}

export { failureOf } from './api-client.ts';
