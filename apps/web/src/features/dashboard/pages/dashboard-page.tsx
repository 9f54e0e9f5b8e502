import { POLICY } from '@incentive/contracts';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { homePath } from '../../../lib/paths.ts';
import { BackOfficePanel } from '../components/back-office-panel.tsx';
import { RepHome } from '../components/rep-home.tsx';

/** `/dashboard`: the rep home for sellers (or with ?admin-preview=1), otherwise the titled panel. */
export function DashboardPage() {
  const me = useCurrentUser();
  const [params] = useSearchParams();
  const preview = params.get('admin-preview') === '1';
  const { home } = POLICY[me.role];
  if (home === 'repHome' || preview) return <RepHome me={me} />;
  // A wholesaler's default page is its first warehouse (SPEC.md section 4).
  if (home === 'firstWarehouse') return <Navigate to={homePath(me)} replace />;
  return <BackOfficePanel me={me} />;
}
