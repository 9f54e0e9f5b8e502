import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { TKey } from '../../../lib/i18n.ts';
import { toastFailure } from '../../../lib/toast.ts';

/** Shows a list's error toast once per failure: the server's message when it sent one, else `fallbackKey`. */
export function useErrorToast(error: Error | null, fallbackKey: TKey) {
  useEffect(() => {
    if (error) toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
  }, [error, fallbackKey]);
}
