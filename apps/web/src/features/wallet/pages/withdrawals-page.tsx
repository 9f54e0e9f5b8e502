import { can } from '@incentive/contracts';
import { Stack } from '@mantine/core';
import { lazy } from 'react';
import { MoneyHistory } from '../../../components/money-history.tsx';
import { Page } from '../../../components/page.tsx';
import { MY_WITHDRAWALS_FIRST_PAGE } from '../../../first-load/first-page-data.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { MyWithdrawals } from '../components/my-withdrawals.tsx';

// The payout desk brings the data-table library: its own chunk, so a seller's page never loads it.
const AdminWithdrawals = lazy(() =>
  import('../components/admin-withdrawals.tsx').then((m) => ({ default: m.AdminWithdrawals })),
);

/** `/withdraw`: the payout desk for root and admin; for a seller, its own withdrawals and money history. */
export function WithdrawalsPage() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  const payoutDesk = can(me.role, 'payouts.manage');
  // The same query as the list's first page (one request): until it has answered, the list's height is
  // unknown, so the history below it stays out of the layout (display: none) rather than being pushed
  // down when the list arrives (a layout shift). Its request runs meanwhile.
  const withdrawals = useWithdrawals(MY_WITHDRAWALS_FIRST_PAGE, !payoutDesk);
  if (payoutDesk) return <AdminWithdrawals />;
  return (
    <Page title={t('withdrawals.myTitle')}>
      <Stack gap="lg">
        <MyWithdrawals />
        <div hidden={withdrawals.isPending}>
          <MoneyHistory />
        </div>
      </Stack>
    </Page>
  );
}
