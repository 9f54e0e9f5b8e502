import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client.ts';
import { toastFailure } from './toast.ts';

/*
 * The rep's pages (quizzes, articles) keep their own two small hooks rather than the back office's (same behaviour):
 * nothing from features/back-office may be in a rep's download (scripts/bundle-budget/pages.ts).
 */

/** A list's error toast, once per failure: the server's message when it sent one, else `fallbackKey`. */
export function useErrorToast(error: Error | null, fallbackKey: string) {
  useEffect(() => {
    if (error) toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
  }, [error, fallbackKey]);
}

/** A quiz or an article that fails to load sends the rep back to the list with a toast (SPEC.md section 8). */
export function useLoadFailureRedirect(error: Error | null, fallbackKey: string, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
    navigate(to, { replace: true });
  }, [error, fallbackKey, to, navigate]);
}
