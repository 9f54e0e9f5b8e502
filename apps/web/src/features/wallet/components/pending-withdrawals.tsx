import { can, type User, type Withdrawal } from '@incentive/contracts';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { StatusBadge } from './status-badge.tsx';

/** The newest first; a rep has one or two open at most, as each withdrawal takes the whole wallet. */
const NEWEST = { page: 1, per_page: 10, sort: 'id', order: 'desc' } as const;

/**
 * The rep home's money on its way to the card: the wallet's in_withdrawal with each open withdrawal
 * and its state, requested or exported to the card issuer (decision 005: the money has left the
 * wallet but not yet reached the card). Nothing is fetched while none is open.
 */
export function PendingWithdrawals({ me }: { me: User }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  // Only those who withdraw have withdrawals of their own (an admin previewing the home has none).
  const open = can(me.role, 'wallet.withdraw') && Number(me.wallet.in_withdrawal) > 0;
  const requested = useWithdrawals({ ...NEWEST, status: 'requested' }, open);
  const exported = useWithdrawals({ ...NEWEST, status: 'exported' }, open);
  if (!open) return null;
  const rows = [...(requested.data?.data ?? []), ...(exported.data?.data ?? [])].sort((a, b) => b.id - a.id);

  return (
    <Paper p="md" radius="md" bg="blue.0" mt="sm" data-testid="pending-withdrawals">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fz="xs" tt="uppercase" fw={700} c="blue.9">
          {t('home.pending.title')}
        </Text>
        <Text fw={800} fz={{ base: 17, xs: 20 }} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {money(me.wallet.in_withdrawal)}
        </Text>
      </Group>
      <Stack gap={0} mt={rows.length ? 'xs' : 0}>
        {rows.map((w) => (
          <PendingRow key={w.id} withdrawal={w} amount={money(w.amount)} />
        ))}
      </Stack>
      <Anchor component={Link} to={paths.withdraw()} fz="sm" mt="xs" display="inline-block">
        {t('home.pending.all')}
      </Anchor>
    </Paper>
  );
}

function PendingRow({ withdrawal: w, amount }: { withdrawal: Withdrawal; amount: string }) {
  const { t } = useTranslation();
  const note =
    w.status === 'exported'
      ? t('home.pending.exported', { date: formatDate(w.exported_at ?? w.created_at) })
      : t('home.pending.requested', { date: formatDate(w.created_at) });
  return (
    <Stack gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-blue-1)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {amount}
        </Text>
        <StatusBadge status={w.status} />
      </Group>
      <Text fz="xs" c="gray.8">
        {note}
      </Text>
    </Stack>
  );
}
