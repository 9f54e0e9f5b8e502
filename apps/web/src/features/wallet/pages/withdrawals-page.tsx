import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { Page } from '../../../components/page.tsx';
import { AdminWithdrawals } from '../components/admin-withdrawals.tsx';
import { MoneyHistory } from '../components/money-history.tsx';
import { MyWithdrawals } from '../components/my-withdrawals.tsx';

/** `/withdraw`: the payout desk for root and admin; for a seller, its own withdrawals and money history. */
export function WithdrawalsPage() {
  const me = useCurrentUser();
  const { t } = useTranslation();
  if (me.role === 'admin' || me.role === 'root') return <AdminWithdrawals />;
  return (
    <Page title={t('withdrawals.myTitle')}>
      <Stack gap="lg">
        <MyWithdrawals />
        <MoneyHistory />
      </Stack>
    </Page>
  );
}
