import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client.ts';
import type { TKey } from './i18n.ts';
import { toastFailure } from './toast.ts';

/** A details load that fails redirects with an error toast (SPEC.md section 8). */
export function useLoadFailureRedirect(error: Error | null, fallbackKey: TKey, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    toastFailure(error instanceof ApiError ? error.result : null, fallbackKey);
    navigate(to, { replace: true });
  }, [error, fallbackKey, to, navigate]);
}
