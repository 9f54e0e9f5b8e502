import { POLICY } from '@incentive/contracts';
import { Center } from '@mantine/core';
import { Suspense, use, useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { Loading } from '../components/loading.tsx';
import { useMe, useSignOut } from '../features/auth/index.ts';
import { earlyMeWaiting } from '../first-load/early-me.ts';
import { lazyPage } from '../first-load/lazy-page.ts';
import { failureOf } from '../lib/api-client.ts';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../lib/paths.ts';
import { getToken, rememberGreetingName } from '../lib/session.ts';
import { toastError } from '../lib/toast.ts';

// A new version of the rules comes before any page (issue 30 point 3): its chunk only when asked.
const RulesConsentPage = lazyPage(() =>
  import('../features/rules/load-pages.ts').then((m) => m.loadRulesConsentPage()),
);
// No connection on the way to the server (decision 067): its chunk only then.
const NoConnection = lazyPage(() => import('../pwa/no-connection.tsx').then((m) => m.NoConnection));

/**
 * Everything behind sign-in. Loads the current user; when that fails, or a wholesaler has no
 * warehouse, the user is signed out and sent to / with an error (SPEC.md section 4). A call that
 * never reached the server (status 0: no connection, a timeout) signs no one out: the pages already
 * shown stay, and without a user yet the rep sees "no connection" and a retry.
 */
export function SessionGate() {
  // On the first load, wait (suspended) for the GET /api/me the entry sent: the page then renders
  // in the first render's time slices, not in a second render that would block the main thread.
  const early = earlyMeWaiting();
  if (early) use(early);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const me = useMe();
  const hasToken = getToken() !== null;
  const unreachable = failureOf(me.error)?.status === 0;
  // A role whose home is its first warehouse cannot work without one (SPEC.md section 4).
  const orphanWholesaler =
    me.data !== undefined && POLICY[me.data.role].home === 'firstWarehouse' && me.data.wholesaler_ids.length === 0;

  // The rep home's first-load page greets a rep by this name before its scripts run (decision 027).
  useEffect(() => {
    if (me.data) rememberGreetingName(POLICY[me.data.role].home === 'repHome' ? me.data.name : null);
  }, [me.data]);

  useEffect(() => {
    if ((!me.isError || unreachable) && !orphanWholesaler) return;
    toastError(t(orphanWholesaler ? 'auth.toast.noWarehouses' : 'auth.toast.errorGetUser'));
    void signOut().then(() => navigate(paths.login(), { replace: true }));
  }, [me.isError, unreachable, orphanWholesaler, signOut, navigate, t]);

  if (!hasToken) return <Navigate to={paths.login()} replace />;
  if (!me.data && unreachable) return <NoConnection retry={me.refetch} />;
  if (!me.data || orphanWholesaler) {
    return (
      <Center h="100dvh">
        <Loading />
      </Center>
    );
  }
  if (me.data.rules_to_accept) {
    return (
      <Suspense
        fallback={
          <Center h="100dvh">
            <Loading />
          </Center>
        }
      >
        <RulesConsentPage version={me.data.rules_to_accept.version} />
      </Suspense>
    );
  }
  return <Outlet context={{ me: me.data }} />;
}
