import type { Role, User } from '@incentive/contracts';
import { Center } from '@mantine/core';
import { Suspense } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import type { TKey } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { BackOfficeDashboard } from '../../team-admin/index.ts';

const TITLES: Record<Role, TKey> = {
  root: 'dashboard.title',
  admin: 'dashboard.title',
  provider_admin: 'dashboard.titleProvider',
  seller_reg: 'dashboard.titleRegional',
  wholesaler: 'dashboard.titleWholesaler',
  seller: 'dashboard.title',
};

/** The titled back-office panel with its admin menu: the tabbed lists, loaded as a separate chunk. */
export function BackOfficePanel({ me }: { me: User }) {
  const { t } = useTranslation();
  return (
    <Page title={t(TITLES[me.role])} subtitle={t('dashboard.welcome', { name: me.name })}>
      <Suspense
        fallback={
          <Center py="xl">
            <Loading />
          </Center>
        }
      >
        <BackOfficeDashboard me={me} />
      </Suspense>
    </Page>
  );
}
