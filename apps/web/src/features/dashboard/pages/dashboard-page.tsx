import { Navigate, useSearchParams } from 'react-router';
import { homePath } from '../../../app/home-path.ts';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { BackOfficePanel } from '../components/back-office-panel.tsx';
import { RepHome } from '../components/rep-home.tsx';

/** `/dashboard`: the rep home for sellers (or with ?admin-preview=1), otherwise the titled panel. */
export function DashboardPage() {
  const me = useCurrentUser();
  const [params] = useSearchParams();
  const preview = params.get('admin-preview') === '1';
  if (me.role === 'seller' || preview) return <RepHome me={me} />;
  // A wholesaler's default page is its first warehouse (SPEC.md section 4).
  if (me.role === 'wholesaler') return <Navigate to={homePath(me)} replace />;
  return <BackOfficePanel me={me} />;
}
