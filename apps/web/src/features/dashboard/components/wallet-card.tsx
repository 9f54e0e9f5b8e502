import { can, type User } from '@incentive/contracts';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useEffect } from 'react';
import { addMoney } from '../../../lib/add-money.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { OwedNotice, PendingWithdrawals, WithdrawButton } from '../../wallet/index.ts';
import { StatTile } from './stat-tile.tsx';

/**
 * The rep's wallet: available money, earned so far (earned plus withdrawn), withdrawn, the money on
 * its way to the card, and the withdraw button.
 */
export function WalletCard({ me }: { me: User }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const ownWallet = can(me.role, 'wallet.withdraw');
  // What the offline page shows when the phone has no connection (decision 067); its module only after the render.
  useEffect(() => {
    if (ownWallet) void import('../../../pwa/last-wallet.ts').then((m) => m.rememberWallet(me));
  }, [ownWallet, me]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="md">
        <ThemeIcon size={36} radius="md" variant="light">
          <IconWallet size={20} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('home.wallet')}
        </Title>
      </Group>
      <StatTile accent label={t('home.walletMoney')} value={money(me.wallet.money)} />
      <SimpleGrid cols={2} spacing="sm" mt="sm">
        <StatTile label={t('home.earned')} value={money(addMoney(me.money_earned, me.money_withdrawed))} />
        <StatTile label={t('home.withdrawn')} value={money(me.money_withdrawed)} />
      </SimpleGrid>
      <OwedNotice me={me} />
      <PendingWithdrawals me={me} />
      <Text fz="xs" c="dimmed" mt="sm">
        {me.wallet.updated_at
          ? t('home.updatedNote', { date: formatDate(me.wallet.updated_at) })
          : t('home.updatedYesterday')}
      </Text>
      {/* Only a seller withdraws; an admin previewing the home sees the figures only. */}
      {ownWallet && (
        <Group mt="md">
          <WithdrawButton me={me} />
        </Group>
      )}
    </Card>
  );
}
