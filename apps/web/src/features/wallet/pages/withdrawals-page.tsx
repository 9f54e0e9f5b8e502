import { can } from '@incentive/contracts';
import { Stack } from '@mantine/core';
import { lazy } from 'react';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { MoneyHistory } from '../components/money-history.tsx';
import { MyWithdrawals } from '../components/my-withdrawals.tsx';

// The payout desk brings the data-table library: its own chunk, so a seller's page never loads it.
const AdminWithdrawals = lazy(() =>
  import('../components/admin-withdrawals.tsx').then((m) => ({ default: m.AdminWithdrawals })),
);

/** `/withdraw`: the payout desk for root and admin; for a seller, its own withdrawals and money history. */
export function WithdrawalsPage() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  if (can(me.role, 'payouts.manage')) return <AdminWithdrawals />;
  return (
    <Page title={t('withdrawals.myTitle')}>
      <Stack gap="lg">
        <MyWithdrawals />
        <MoneyHistory />
      </Stack>
    </Page>
  );
}
