import type { Role } from '@incentive/contracts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { toastError } from '../lib/toast.ts';
import { homePath } from './home-path.ts';
import { useCurrentUser } from './use-current-user.ts';

/** The per-route guard: a role outside `roles` is told it is not allowed and sent home. root counts as admin. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const ok = roles.includes(me.role) || (me.role === 'root' && roles.includes('admin'));
  useEffect(() => {
    if (!ok) toastError(t('common.unauthorized'));
  }, [ok, t]);
  return ok ? children : <Navigate to={homePath(me)} replace />;
}
