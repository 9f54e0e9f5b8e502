import type { Role, User } from '@incentive/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';

const TITLES: Record<Role, string> = {
  root: 'dashboard.title',
  admin: 'dashboard.title',
  provider_admin: 'dashboard.titleProvider',
  seller_reg: 'dashboard.titleRegional',
  wholesaler: 'dashboard.titleWholesaler',
  seller: 'dashboard.title',
};

/** The titled back-office panel. */
export function BackOfficePanel({ me }: { me: User }) {
  const { t } = useTranslation();
  return (
    <Page title={t(TITLES[me.role])} subtitle={t('dashboard.welcome', { name: me.name })}>
      <Text c="dimmed">{t(`roles.${me.role}`)}</Text>
    </Page>
  );
}
