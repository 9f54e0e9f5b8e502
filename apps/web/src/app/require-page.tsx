import { type GuardedPage, mayOpen } from '@incentive/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../lib/current-user.ts';
import { useTranslation } from '../lib/i18n.ts';
import { homePath } from '../lib/paths.ts';
import { toastError } from '../lib/toast.ts';

/**
 * The per-route guard, from the role policy: a page the user may not open is never rendered (so
 * none of its calls is made); the user is told it is not allowed and sent home.
 */
export function RequirePage({ page, children }: { page: GuardedPage; children: ReactNode }) {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const { id } = useParams();
  const ok = mayOpen(me.role, page, { id, selfId: me.id });
  useEffect(() => {
    if (!ok) toastError(t('common.unauthorized'));
  }, [ok, t]);
  return ok ? children : <Navigate to={homePath(me)} replace />;
}
