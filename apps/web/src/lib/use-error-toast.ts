import { useEffect } from 'react';
import { ApiError } from './api-client.ts';
import type { TKey } from './i18n.ts';
import { toastFailure } from './toast.ts';

/**
 * A list's or a picker's error toast, once per failure: the server's message when it sent one, else
 * `fallbackKey`. One hook for the rep's pages (quizzes, articles, the home carousel) and the back
 * office's: it imports only lib/, so nothing of the back office comes with it into a rep's download.
 */
export function useErrorToast(error: Error | null, fallbackKey: TKey) {
  useEffect(() => {
    if (error) toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
  }, [error, fallbackKey]);
}
