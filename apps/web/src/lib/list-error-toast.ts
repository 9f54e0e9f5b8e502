import { useEffect } from 'react';
import { ApiError } from './api-client.ts';
import type { TKey } from './i18n.ts';
import { toastFailure } from './toast.ts';

/**
 * A rep list's error toast (quizzes, articles, the home carousel), once per failure: the server's
 * message when it sent one, else `fallbackKey`. The rep's pages keep their own small hooks rather
 * than the back office's (same behaviour): nothing from features/back-office may be in a rep's
 * download (scripts/bundle-budget/pages.ts).
 */
export function useErrorToast(error: Error | null, fallbackKey: TKey) {
  useEffect(() => {
    if (error) toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
  }, [error, fallbackKey]);
}
